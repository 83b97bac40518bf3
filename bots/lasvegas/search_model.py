"""What the search bot needs to play Las Vegas (see `bots.search.Model`).

Every legal placement is a root candidate, greedy's first. Playouts play greedy for every seat until the
round is paid (the greedy bot's own judgement, read off the state: `Table.of_state`), and score its end by
each seat's chance to win that its money margin gives (`standing.odds`). A pending decision (a kick, a slot
machine note) is left to the greedy bot: its choices are few and plain.

At two seats of the base game, the end of a round is solved exactly (`round_end.RoundSolver`) rather than
played out: at a root with at most `solve_root` dice left in the hands, the solver's best placement is
played without a search (if the solve fits in `solve_positions` new positions; else the search plays), the
opponent playing `OPPONENTS`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.bots.greedy import Table
from vegas_table.bots.lasvegas import round_playout
from vegas_table.bots.lasvegas.round_end import ADVERSARY, OutOfTime, RoundSolver, applies
from vegas_table.bots.lasvegas.round_playout import RoundEnd, play_round
from vegas_table.bots.lasvegas.standing import standing_values
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.state import OVER, ROUNDS, LasVegasState
from vegas_table.engine.lasvegas.turns import winners

PLAYOUT_SEATS = 1200  # the default budget of a decision: this many playouts shared by the seats' turns,
PLAYOUT_CAP = 300  # and never more than this many (more do not choose better at two seats)
CONFIDENCE = 0.5  # standard errors by which search must beat greedy's choice to play another
SOLVE_ROOT = 8  # dice left in the hands at most, for a root to be solved exactly (0: never)
SOLVE_POSITIONS = 60_000  # positions a root's solve may add to what the round's solver knows, else the search
# plays (a count, not a clock, so that a game replays the same)
SOLVE_SHARE = 0.6  # of the time left to a turn with a time limit that a root's solve may take (the rest: search)
OPPONENTS = ADVERSARY  # how the solver has the opponent play: minimax (half the cost of greedy's choice)
SOLVER_SEATS = 2  # the solver's value of the other seat, one less its own, holds at two seats only


class LasVegasModel:
    """`confidence`: the standard errors by which search must beat greedy's choice to play another
    (`bots.search.Search.halving`); `solve_root`, `opponents`: where the exact solver of a round's end takes
    over, and how it has the opponent play (`round_end`); `solve_positions`: how many positions a root's solve
    may add (None: no bound)."""


    def __init__(self, confidence: float = CONFIDENCE, solve_root: int = SOLVE_ROOT, opponents: str = OPPONENTS,
                 solve_positions: int | None = SOLVE_POSITIONS) -> None:
        self.confidence, self.solve_root, self.opponents = confidence, solve_root, opponents
        self.solve_positions = solve_positions
        self.seat = 0  # the seat deciding at the root
        self.solver: RoundSolver | None = None  # kept for the round: its positions serve every decision in it

    def budget(self, view: Mapping[str, Any]) -> int:
        """The default playouts of a decision follow the table: fewer the more seats play each one out, so
        that a decision takes about as long at any table, up to `PLAYOUT_CAP`."""
        return min(PLAYOUT_CAP, PLAYOUT_SEATS // int(view["players"]))

    def remember(self, view: Mapping[str, Any], action: Any) -> None:
        """Nothing to remember: a Las Vegas choice leaves no trace the next decision needs."""

    def root(self, view: Mapping[str, Any], options: Sequence[Any], stop: float | None = None) -> list[Any]:
        """Every option, the greedy bot's choice first (the search keeps it unless another is clearly better);
        only the solver's choice when the rest of the round is small enough to solve, unless that takes more
        than `solve_positions` new positions or `SOLVE_SHARE` of the time to `stop` (a `time.perf_counter()`
        time: the turn's time limit). What a solve cut short has finished serves the round's later decisions."""
        self.seat = int(view["viewer"])
        choice = options[Table.of(view).best(options, self.seat)]
        ranked = [choice, *(o for o in options if o != choice)]
        left = sum(sum(seat["hand"].values()) for seat in view["seats"])
        if view["players"] != SOLVER_SEATS or left > self.solve_root:
            return ranked
        state = GAME.determinize(view, self.seat, random.Random(0))  # the pile plays no part in this round
        if not applies(state, self.solve_root):
            return ranked
        solver = self.solver_of(state)
        now = time.perf_counter()
        solver.deadline = None if stop is None else now + SOLVE_SHARE * (stop - now)
        solver.allowance = self.solve_positions
        try:
            values = dict(zip(state.options, solver.options(state), strict=True))
        except OutOfTime:
            return ranked
        finally:
            solver.deadline = solver.allowance = None
        return [solved_choice(ranked, values)]

    def solver_of(self, state: LasVegasState) -> RoundSolver:
        """The round's solver for the root's seat (a new one when the round or the seat changed)."""
        if self.solver is None or self.solver.seat != self.seat or not self.solver.fits(state):
            self.solver = RoundSolver.of(state, self.seat, self.opponents)
        return self.solver

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> LasVegasState:
        return GAME.determinize(view, seat, rng)

    def playout(self, state: LasVegasState, rng: random.Random) -> LasVegasState | RoundEnd:
        """Every seat plays greedy to the end of the round: what the greedy bot would do, the dice being the
        only chance. A base-game round is played on greedy's table rather than by the engine (`round_playout`:
        the same round, faster), and its end is what `rewards` scores; otherwise the state played on is."""
        if round_playout.applies(state):
            return play_round(state)
        round_ = state.round
        while state.phase != OVER and state.round == round_:
            greedy_move(state)
        return state

    def rewards(self, state: LasVegasState | RoundEnd) -> list[float]:
        """Each seat's chance to win as its margin over the best opponent gives it (`standing_values`); once
        the game is over, its share of the win."""
        if isinstance(state, RoundEnd):
            if state.round >= ROUNDS:
                return standing_values(state.money, 0, winners(state.money, state.notes))
            return standing_values(state.money, ROUNDS - state.round)
        money = [state.money(s) for s in range(state.players)]
        if state.phase == OVER:
            return standing_values(money, 0, state.winners)
        return standing_values(money, ROUNDS - state.round + 1)  # rounds still to pay, the one under way too


def greedy_move(state: LasVegasState) -> None:
    """The acting seat plays the greedy bot's choice, read off the state (`Table.of_state`): a playout's step."""
    seat = GAME.actors(state)[0]
    options = GAME.legal_actions(state, seat)
    GAME.apply(state, seat, options[Table.of_state(state).best(options, seat)] if len(options) > 1 else options[0])


def solved_choice(ranked: Sequence[Any], values: Mapping[Any, float]) -> Any:
    """The option of the best exact value, the first of equals in `ranked` (greedy's choice first: it is kept
    where the solver cannot tell it from another)."""
    return max(ranked, key=lambda option: values[option])
