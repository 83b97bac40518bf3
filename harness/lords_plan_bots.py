"""Bots for measuring the Lords of Vegas turn planner inside search side by side with plain search
(command-line names `harness.lords_plan_bots:PlannedSearch`, `...:PlannedSearch@60`): search whose root's
first candidate, the one it keeps without clear evidence against it, is the planner's choice
(`bots.lords.planner`) rather than greedy's."""

from __future__ import annotations

from bots.lords.planner import LordsPlanner
from bots.lords.search_model import JUDGEMENT, LordsModel
from bots.search import Model, SearchBot


class PlannedSearch(SearchBot):
    """`search` whose Lords of Vegas prior is the turn planner."""

    def model(self, game: str) -> Model:
        if game == "lords" and game not in self.models:
            self.models[game] = LordsModel(self.seed, JUDGEMENT, LordsPlanner(self.seed, JUDGEMENT))
        return super().model(game)
