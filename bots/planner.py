"""The planner bot: Lords of Vegas greedy that plans its whole turn (`bots.lords.planner`) before acting."""

from __future__ import annotations

from vegas_table.bots.base import Bot, Choice, Turn
from vegas_table.bots.choices import back, engine_option
from vegas_table.bots.lords.planner import AHEAD, LordsPlanner, Reach
from vegas_table.bots.lords.value import PLAIN, Weights
from vegas_table.bots.settings import grouped
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME


class PlannerBot(Bot):
    """Plays the first action of the best sequence of its turn's actions; greedy's answers otherwise."""

    name = "planner"
    games = ("lords",)

    def __init__(self, seed: str = "0", weights: Weights = PLAIN, reach: Reach = AHEAD) -> None:
        super().__init__(seed)
        self.planner = LordsPlanner(seed, weights, reach)

    @classmethod
    def configured(cls, seed: str, setting: str) -> PlannerBot:
        """`planner@width=5:depth=4:learned=1`: how far it plans (`Reach`) and the value's weights (`Weights`),
        pairs joined by `:` in any order, the rest the defaults."""
        reach, weights = grouped(setting, [Reach.__slots__])
        return cls(seed, Weights.parse(weights), Reach.parse(reach))

    def choose(self, turn: Turn) -> Choice:
        options = [engine_option(GAME, option) for option in turn.legal]
        return back(self.planner.decide(turn.view, options), options, turn.legal)
