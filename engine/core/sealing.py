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
import operator
from typing import Any, TypeVar

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.rng import Rng

SEALED_SEED = "sealed"  # the seed of a sealed state's config and generator while the real one is secret

T = TypeVar("T")
_FIELDS: dict[type, tuple[tuple[str, ...], operator.attrgetter[Any]]] = {}
_CONFIGS: dict[GameConfig, GameConfig] = {}  # each game's config with its seed sealed, made once


def sealed_copy(state: T, over: bool, **hidden: Any) -> T:
    """A shallow copy of the dataclass `state` with `hidden` fields replaced, a blank generator and, unless
    the game is `over`, its config's seed sealed (every game's state has the fields `config` and `rng`)."""
    kind = type(state)
    known = _FIELDS.get(kind)
    if known is None:
        names = tuple(f.name for f in dataclasses.fields(state))  # type: ignore[arg-type]
        known = _FIELDS[kind] = names, operator.attrgetter(*names)
    twin = object.__new__(kind)
    for name, value in zip(known[0], known[1](state), strict=True):
        setattr(twin, name, value)
    if not over:
        config: GameConfig = getattr(twin, "config")  # noqa: B009 - every game's state has one
        if config not in _CONFIGS:
            if len(_CONFIGS) > 64:
                _CONFIGS.clear()
            _CONFIGS[config] = dataclasses.replace(config, seed=SEALED_SEED)
        setattr(twin, "config", _CONFIGS[config])  # noqa: B010
    setattr(twin, "rng", Rng(SEALED_SEED))  # noqa: B010
    for name, value in hidden.items():
        setattr(twin, name, value)
    return twin
