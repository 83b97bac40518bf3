"""What the search bot needs to play Lords of Vegas (see `bots.search.Model`).

The root's candidates are the best few actions of the greedy bot that proposes deals (`bots.lords.dealing`),
and ending the turn; deeper in the tree a seat considers the fast policy's action and ending its turn;
playouts run the fast policy for a few turns (a deal's partner accepting it first) and score the end by
every seat's worth margin (`playout`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.bots.lords.greedy import LordsGreedy
from vegas_table.bots.lords.playout import playout, rewards
from vegas_table.bots.lords.value import PLAIN, Weights
from vegas_table.engine.lords.actions import ProposeTrade
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState

JUDGEMENT = PLAIN  # the search judges as plain greedy does
ROOT_CANDIDATES = 4
CONFIDENCE = 1.0  # standard errors by which search must beat greedy's choice to play another
PLAYOUT_TURNS = 2  # turns a playout runs past its first action before its end is scored
DEALS = True  # the root's candidates include the best deal a greedy partner accepts (`bots.lords.dealing`)


class LordsModel:
    playouts = 120
    confidence = CONFIDENCE

    def __init__(self, seed: str, weights: Weights = JUDGEMENT, deals: bool = DEALS) -> None:
        self.greedy = LordsGreedy(seed, weights, deals)
        self.weights = weights

    def budget(self, view: Mapping[str, Any]) -> int:
        return self.playouts

    def root(self, view: Mapping[str, Any], options: Sequence[Any], stop: float | None = None) -> list[Any]:
        """Greedy's best few. A deal greedy proposes is the only candidate, played without a search: what it is
        worth is the action it opens later in the turn (a bought lot's build), which the playouts, ending the
        turn right after the searched action, never play."""
        ranked = self.greedy.ranked(view, options, ROOT_CANDIDATES)  # remembers no offer: `remember` does
        if ranked and isinstance(ranked[0], ProposeTrade):
            return ranked[:1]
        return ranked

    def remember(self, view: Mapping[str, Any], action: Any) -> None:
        """Greedy remembers an offer only once it is made: its choice among the root's candidates may not be."""
        self.greedy.remember(view, action)

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> LordsState:
        return GAME.determinize(view, seat, rng)

    def playout(self, state: LordsState, rng: random.Random) -> LordsState:
        playout(state, PLAYOUT_TURNS, rng)
        return state

    def rewards(self, state: LordsState) -> list[float]:
        return rewards(state, self.weights)
