"""A bot that tries to rebuild its game from everything it is handed, for the honesty tests.

It walks every object reachable from what it is given (its seed, `GameInfo`, each `Turn`: view, legal actions,
and whatever they hold, closures included), but not the interpreter itself (modules, classes, `gc`'s list of
all objects): what a bot sees through its interface. It looks for a game's generator or seed and for a game
state that is not sealed, and it tries every string it found (and the parts of its own seed) as the game's
seed: `Game.new` with it, and the deal compared with the first view it saw. Any success is a finding, kept in
`Snoop.findings` and raised as `Rebuilt` (so a game played where findings cannot be read, a worker process
or Ray, fails). This file is also copied next to `vegas simulate` runs as a plugin (`snoop:Snoop`).
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from vegas_table.bots.base import Bot, Choice, GameInfo, Turn
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.core.sealing import SEALED_SEED

LOOKS = 3  # decisions the bot snoops at, per game (the walk is slow)
MOST_OBJECTS = 200_000


class Rebuilt(RuntimeError):
    """The bot learned what its seat may not see."""


def reachable(roots: Iterable[object]) -> list[object]:
    """Every object reachable from `roots` by references, modules' and classes' insides left out."""
    modules = {id(vars(m)) for m in list(sys.modules.values()) if isinstance(m, types.ModuleType)}
    seen: set[int] = set()
    found, stack = [], list(roots)
    while stack and len(found) < MOST_OBJECTS:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in modules or isinstance(obj, (type, types.ModuleType)):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


def _deal(view: Mapping[str, Any]) -> Any:
    """What the set-up dealt, as every view of the first round shows it (Lords: the discard pile's start;
    Las Vegas: the notes on the casinos in round 1)."""
    if view["game"] == "lords":
        return view["discard_pile"]
    return [c["notes"] for c in view["casinos"]] if view["round"] == 1 else None


class Snoop(Bot):
    name = "snoop"
    findings: ClassVar[list[str]] = []  # every Snoop's, in this process
    decisions: ClassVar[int] = 0

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.seed = seed
        self.handed: list[object] = [seed]
        self.info: GameInfo | None = None
        self.looks = 0

    def on_game_start(self, info: GameInfo) -> None:
        self.info, self.looks = info, 0
        self.handed.append(info)

    def choose(self, turn: Turn) -> Choice:
        Snoop.decisions += 1
        if self.looks < LOOKS:  # before the view and legal actions are computed: what they are made from too
            self.looks += 1
            self._snoop(turn)
        choice = turn.legal[0]
        return choice.at(choice.low) if choice.is_range and choice.low is not None else choice

    def _snoop(self, turn: Turn) -> None:
        found = reachable([*self.handed, turn])
        view = turn.view
        found += reachable([view, turn.legal])
        problems = []
        candidates = {self.seed, *self.seed.replace(":", "/").split("/")}
        for obj in found:
            if isinstance(obj, Rng) and obj.seed != SEALED_SEED:
                problems.append(f"a generator seeded {obj.seed!r}")
            elif isinstance(obj, GameConfig) and obj.seed not in (SEALED_SEED, view.get("seed")):
                problems.append(f"a config with the seed {obj.seed!r}")
            elif isinstance(obj, str) and 0 < len(obj) <= 200:
                candidates.add(obj)
        deal = _deal(view)
        info = turn.info
        if deal is not None and view.get("seed") is None:
            game = get_game(info.game)
            cards = view.get("underworld", {}).get("card_file", "")
            for seed in sorted(candidates):
                try:
                    state, _ = game.new(GameConfig(info.game, info.rules, info.players, seed, info.options, cards))
                except Exception:
                    continue
                theirs = _deal(game.view(state, info.seat))
                if theirs and theirs == deal[:len(theirs)]:
                    problems.append(f"the game rebuilt from the seed {seed!r}")
                    break
        if problems:
            Snoop.findings += problems
            raise Rebuilt("; ".join(problems))
