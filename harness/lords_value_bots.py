"""Bots for measuring the learned Lords of Vegas value side by side with plain search (command-line names
`harness.lords_value_bots:LearnedSearch`, `...:LearnedSearch@60`): search judging by the learned worth
(`Weights.learned` 1: its root's greedy ranking and its playouts' scores)."""

from __future__ import annotations

from vegas_table.bots.lords.search_model import LordsModel
from vegas_table.bots.lords.value import Weights
from vegas_table.bots.search import Model, SearchBot

LEARNED = Weights(learned=1.0)


class LearnedSearch(SearchBot):
    """`search` whose Lords of Vegas judgement is the learned worth."""

    def model(self, game: str) -> Model:
        if game == "lords" and game not in self.models:
            self.models[game] = LordsModel(self.seed, LEARNED)
        return super().model(game)
