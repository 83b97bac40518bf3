"""What the search bot needs to play Las Vegas (see `bots.search.Model`).

Every legal placement is a root candidate, greedy's first. Playouts play greedy for every seat until the
round is paid (the greedy bot's own judgement, read off the state: `Table.of_state`), and score its end by
each seat's chance to win that its money margin gives (`odds`). A pending decision (a kick, a slot machine
note) is left to the greedy bot: its choices are few and plain.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from bots.greedy import Table
from engine.lasvegas.game import LAS_VEGAS as GAME
from engine.lasvegas.state import OVER, ROUNDS, LasVegasState

ROUND_SPREAD = 60.0  # $k: how far a round moves a seat's margin over the best opponent (standard deviation)
PLAYOUT_SEATS = 1200  # the default budget of a decision: this many playouts shared by the seats' turns,
PLAYOUT_CAP = 300  # and never more than this many (at two seats, 600 measured no better than 300)
ROUND, GAME_END = "round", "game"  # a playout's horizon
CONFIDENCE = 0.5  # standard errors by which search must beat greedy's choice to play another
KEEPS_PRIOR = False  # whether halving plays greedy's choice on every sample (never drops it)


class LasVegasModel:
    """`horizon`: where playouts stop, at the end of the round under way (`ROUND`, scored by `odds`) or of the
    game (`GAME`, scored by the win); `confidence`: the standard errors by which search must beat greedy's
    choice to play another (`bots.search.Search.halving`)."""

    paired = True

    def __init__(self, horizon: str = ROUND, confidence: float = CONFIDENCE, keeps_prior: bool = KEEPS_PRIOR) -> None:
        if horizon not in (ROUND, GAME_END):
            raise ValueError(f"a Las Vegas playout ends at the {ROUND!r} or the {GAME_END!r}, not {horizon!r}")
        self.horizon, self.confidence, self.keeps_prior = horizon, confidence, keeps_prior
        self.playouts = PLAYOUT_CAP  # the default budget of a decision (set by each root)

    def root(self, view: Mapping[str, Any], options: Sequence[Any]) -> list[Any]:
        """Every option, the greedy bot's choice first (the search keeps it unless another is clearly better).
        The default budget follows the table: fewer playouts the more seats play each one out, so that a
        decision takes about as long at any table, up to `PLAYOUT_CAP`."""
        self.playouts = min(PLAYOUT_CAP, PLAYOUT_SEATS // int(view["players"]))
        choice = options[Table.of(view).best(options, int(view["viewer"]))]
        return [choice, *(o for o in options if o != choice)]

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> LasVegasState:
        return GAME.determinize(view, seat, rng)

    def candidates(self, state: LasVegasState, seat: int, rng: random.Random) -> list[Any]:
        options = GAME.legal_actions(state, seat)
        rng.shuffle(options)
        return options

    def playout(self, state: LasVegasState, rng: random.Random) -> None:
        """Every seat plays greedy to the end of the round (of the game: `horizon`): what the greedy bot would
        do, the dice being the only chance (a tenth of random choices as well measured no better against
        greedy)."""
        round_ = state.round
        while state.phase != OVER and (self.horizon == GAME_END or state.round == round_):
            greedy_move(state)

    def rewards(self, state: LasVegasState) -> list[float]:
        """Each seat's chance to win as its margin over the best opponent gives it (see `odds`); once the
        game is over, its share of the win. A hundredth of the margin (in units of `ROUND_SPREAD`) is added,
        so that a seat whose chance is settled still prefers more money."""
        money = [state.money(s) for s in range(state.players)]
        margins = [(money[s] - max(m for o, m in enumerate(money) if o != s)) / ROUND_SPREAD
                   for s in range(state.players)]
        if state.phase == OVER:
            return [win_share(state, s) + m / 100 for s, m in enumerate(margins)]
        left = ROUNDS - state.round + 1  # rounds still to pay, the one under way included
        return [odds(m, left) + m / 100 for m in margins]


def greedy_move(state: LasVegasState) -> None:
    """The acting seat plays the greedy bot's choice, read off the state (`Table.of_state`): a playout's step."""
    seat = GAME.actors(state)[0]
    options = GAME.legal_actions(state, seat)
    GAME.apply(state, seat, options[Table.of_state(state).best(options, seat)] if len(options) > 1 else options[0])


def win_share(state: LasVegasState, seat: int) -> float:
    """The seat's share of the win of a game that is over (a shared win is split)."""
    return 1.0 / len(state.winners) if seat in state.winners else 0.0


def odds(margin: float, rounds: int) -> float:
    """The chance that a `margin` (in units of a round's spread) over the best opponent is still a lead
    after `rounds` more rounds, each moving it by one unit at random: a normal distribution's."""
    return 0.5 * (1 + math.erf(margin / math.sqrt(2 * rounds)))
