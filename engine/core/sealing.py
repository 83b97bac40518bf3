"""A state sealed for a seat's eyes: what an in-process bot's `Turn` computes its view and legal actions from.

A bot playing in the same process as its game is handed a `Turn` whose view and legal actions are computed
only if it reads them, so the Turn must hold something to compute them from. Were that the game's own
state, everything a bot is handed would reach the seed, the generator and the decks' order. A sealed copy
shares the table with the state (cheap: nothing is copied but the hidden parts) and replaces what no seat
may know: the generator, the decks' order (sorted: what is left is public, its order is not) and, until the
game is over, the seed. Its view and legal actions are the state's (tests/bots/test_honesty.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.rng import Rng

SEALED_SEED = "sealed"  # the seed of a sealed state's config and generator while the real one is secret

T = TypeVar("T")
Copier = Callable[[Any], Any]
_COPIERS: dict[type, Copier] = {}
_CONFIGS: dict[GameConfig, GameConfig] = {}  # each game's config with its seed sealed, made once


def _copier(kind: type) -> Copier:
    """A shallow copy of the slotted dataclass `kind`, written out field by field and compiled once per class
    (as `dataclasses` writes its `__init__`): a bot's every turn seals its state, and a loop of `setattr`
    costs twice as much."""
    names = [f.name for f in dataclasses.fields(kind)]
    body = "".join(f"    twin.{name} = state.{name}\n" for name in names)
    namespace: dict[str, Any] = {"new": object.__new__, "kind": kind}
    exec(f"def copy(state):\n    twin = new(kind)\n{body}    return twin\n", namespace)
    copy: Copier = namespace["copy"]
    return copy


def sealed_copy(state: T, over: bool, **hidden: Any) -> T:
    """A shallow copy of the dataclass `state` with `hidden` fields replaced, a blank generator and, unless
    the game is `over`, its config's seed sealed (every game's state has the fields `config` and `rng`)."""
    kind = type(state)
    copy = _COPIERS.get(kind)
    if copy is None:
        copy = _COPIERS[kind] = _copier(kind)
    twin: Any = copy(state)
    if not over:
        config: GameConfig = twin.config
        if config not in _CONFIGS:
            if len(_CONFIGS) > 64:
                _CONFIGS.clear()
            _CONFIGS[config] = dataclasses.replace(config, seed=SEALED_SEED)
        twin.config = _CONFIGS[config]
    twin.rng = Rng(SEALED_SEED)
    for name, value in hidden.items():
        setattr(twin, name, value)
    return twin  # type: ignore[no-any-return]
