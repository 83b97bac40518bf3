"""Bots for measuring the Lords of Vegas turn planner inside search side by side with plain search
(command-line names `harness.lords_plan_bots:PlannedSearch`, `...:PlannedSearch@60`): search whose root's
first candidate, the one it keeps without clear evidence against it, is the planner's choice
(`bots.lords.planner`) rather than greedy's."""

from __future__ import annotations

from vegas_table.bots.lords.planner import LordsPlanner, Reach
from vegas_table.bots.lords.search_model import JUDGEMENT, LordsModel
from vegas_table.bots.search import Model, SearchBot

MEASURED = Reach(width=4, depth=3)  # the planner's reach when this was measured (docs/BOTS.md)


class PlannedSearch(SearchBot):
    """`search` whose Lords of Vegas prior is the turn planner."""

    def model(self, game: str) -> Model:
        if game == "lords" and game not in self.models:
            self.models[game] = LordsModel(self.seed, JUDGEMENT, planner=LordsPlanner(self.seed, JUDGEMENT, MEASURED))
        return super().model(game)
