"""The lookahead bot: Lords of Vegas turns searched past the opponent's reply (`bots.lords.turns`)."""

from __future__ import annotations

import time

from vegas_table.bots.base import Bot, Choice, Turn, sooner
from vegas_table.bots.choices import back, engine_option
from vegas_table.bots.lords.planner import AHEAD, Reach
from vegas_table.bots.lords.turns import LOOKING, Looking, LordsTurns
from vegas_table.bots.lords.value import PLAIN, Weights
from vegas_table.bots.settings import grouped
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME


class LookaheadBot(Bot):
    """Plays the whole turn that does best once the opponent has replied; greedy's answers otherwise. A turn
    with a time limit is answered by its deadline (`Turn.deadline`), and a decision takes at most `ms` if
    set (`lookahead@ms=800`): the samples played by then decide."""

    name = "lookahead"
    games = ("lords",)

    def __init__(self, seed: str = "0", weights: Weights = PLAIN, reach: Reach = AHEAD,
                 looking: Looking = LOOKING) -> None:
        super().__init__(seed)
        self.turns = LordsTurns(seed, weights, reach, looking)

    @classmethod
    def configured(cls, seed: str, setting: str) -> LookaheadBot:
        """`lookahead@samples=12:lines=2:width=4:learned=1`: the search's effort (`Looking`), the planner's
        reach (`Reach`) and the value's weights (`Weights`), pairs joined by `:` in any order."""
        looking, reach, weights = grouped(setting, [Looking.__slots__, Reach.__slots__])
        return cls(seed, Weights.parse(weights), Reach.parse(reach), Looking.parse(looking))

    def choose(self, turn: Turn) -> Choice:
        started, ms = time.perf_counter(), self.turns.looking.ms
        stop = sooner(turn.deadline(started), started + ms / 1000 if ms else None)
        options = [engine_option(GAME, option) for option in turn.legal]
        return back(self.turns.decide(turn.view, options, stop), options, turn.legal)
