"""Las Vegas search variants as plug-in bots, for measuring against the search as it is (`harness.paired`,
`vegas tournament --lineup harness.lasvegas_variants:Tails6,greedy`): each is the search bot with its Las Vegas
model built otherwise."""

from __future__ import annotations

from vegas_table.bots.lasvegas.round_end import ADVERSARY, GREEDY
from vegas_table.bots.lasvegas.search_model import LasVegasModel
from vegas_table.bots.search import Model, SearchBot


class Variant(SearchBot):
    """The search bot whose Las Vegas model is `build()`'s."""

    def build(self) -> LasVegasModel:
        return LasVegasModel()

    def model(self, game: str) -> Model:
        if game == "lasvegas" and game not in self.models:
            self.models[game] = self.build()
        return super().model(game)


class Tails4(Variant):
    """Playouts stopped at 4 dice left in the hands, scored by the solver (the opponent minimax)."""

    name = "search-tails4"

    def build(self) -> LasVegasModel:
        return LasVegasModel(solve_tail=4, opponents=ADVERSARY)


class Tails6(Variant):
    """Playouts stopped at 6 dice left in the hands, scored by the solver (the opponent minimax)."""

    name = "search-tails6"

    def build(self) -> LasVegasModel:
        return LasVegasModel(solve_tail=6, opponents=ADVERSARY)


class Tails6Greedy(Variant):
    """Playouts stopped at 6 dice left in the hands, scored by the solver (the opponent greedy's choice)."""

    name = "search-tails6g"

    def build(self) -> LasVegasModel:
        return LasVegasModel(solve_tail=6, opponents=GREEDY)


class Own8(Variant):
    """Playouts play the searcher's placements with at most 8 dice left as its solved root will (the
    solver's choice), the opponent's as greedy."""

    name = "search-own8"

    def build(self) -> LasVegasModel:
        return LasVegasModel(solve_own=8)


class Own6(Variant):
    """As `Own8`, from 6 dice left."""

    name = "search-own6"

    def build(self) -> LasVegasModel:
        return LasVegasModel(solve_own=6)
