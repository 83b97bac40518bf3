"""What the search bot needs to play Las Vegas (see `bots.search.Model`).

Every legal placement is a root candidate, greedy's first. Playouts play greedy for every seat until the
round is paid (the greedy bot's own judgement, read off the state: `Table.of_state`), and score its end by
each seat's chance to win that its money margin gives (`standing.odds`). A pending decision (a kick, a slot
machine note) is left to the greedy bot: its choices are few and plain.

At two seats of the base game, the end of a round is solved exactly (`round_end.RoundSolver`) rather than
played out: at a root with at most `solve_root` dice left in the hands, the solver's best placement is
played without a search (if the solve fits in `solve_positions` new positions; else the search plays); a
playout stops once at most `solve_tail` dice are left, and the solver's value of that position (the
searcher playing its best, the opponent `OPPONENTS`) is its score.
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
PLAYOUT_CAP = 300  # and never more than this many (at two seats, 600 measured no better than 300)
ROUND, GAME_END = "round", "game"  # a playout's horizon
CONFIDENCE = 0.5  # standard errors by which search must beat greedy's choice to play another
KEEPS_PRIOR = False  # whether halving plays greedy's choice on every sample (never drops it)
SOLVE_ROOT = 8  # dice left in the hands at most, for a root to be solved exactly (0: never; 10 won no more)
SOLVE_POSITIONS = 60_000  # positions a root's solve may add to what the round's solver knows, else the search
# plays (a count, not a clock, so that a game replays the same)
SOLVE_SHARE = 0.6  # of the time left to a turn with a time limit that a root's solve may take (the rest: search)
SOLVE_TAIL = 0  # dice left in the hands at most, for a playout's rest to be solved exactly (0: never)
SOLVE_OWN = 0  # dice left in the hands at most, for a playout to play the searcher's placements as the solver
# would (0: never)
OPPONENTS = ADVERSARY  # how the solver has the opponent play: minimax (as good as greedy's choice on the
# screen, at half the cost)
SOLVER_SEATS = 2  # the solver's value of the other seat, one less its own, holds at two seats only


class LasVegasModel:
    """`horizon`: where playouts stop, at the end of the round under way (`ROUND`, scored by `odds`) or of the
    game (`GAME`, scored by the win); `confidence`: the standard errors by which search must beat greedy's
    choice to play another (`bots.search.Search.halving`); `solve_root`, `solve_tail`, `opponents`: where
    the exact solver of a round's end takes over, and how it has the opponent play (`round_end`);
    `solve_positions`: how many positions a root's solve may add (None: no bound); `solve_own`: from how
    many dice left a playout plays the searcher's own placements by the solver."""

    paired = True

    def __init__(self, horizon: str = ROUND, confidence: float = CONFIDENCE, keeps_prior: bool = KEEPS_PRIOR,
                 solve_root: int = SOLVE_ROOT, solve_tail: int = SOLVE_TAIL, opponents: str = OPPONENTS,
                 solve_positions: int | None = SOLVE_POSITIONS, solve_own: int = SOLVE_OWN) -> None:
        if horizon not in (ROUND, GAME_END):
            raise ValueError(f"a Las Vegas playout ends at the {ROUND!r} or the {GAME_END!r}, not {horizon!r}")
        self.horizon, self.confidence, self.keeps_prior = horizon, confidence, keeps_prior
        self.solve_root, self.solve_tail, self.opponents = solve_root, solve_tail, opponents
        self.solve_positions, self.solve_own = solve_positions, solve_own
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

    def candidates(self, state: LasVegasState, seat: int, rng: random.Random) -> list[Any]:
        options = GAME.legal_actions(state, seat)
        rng.shuffle(options)
        return options

    def playout(self, state: LasVegasState, rng: random.Random) -> LasVegasState | RoundEnd:
        """Every seat plays greedy to the end of the round (of the game: `horizon`): what the greedy bot would
        do, the dice being the only chance (a tenth of random choices as well measured no better against
        greedy); or, with `solve_tail`, until the rest of the round is small enough for `rewards` to solve;
        with `solve_own`, the searcher's late placements are the solver's. A base-game round to its end is
        played on greedy's table rather than by the engine (`round_playout`: the same round, faster), and
        its end is what `rewards` scores; otherwise the state played on is."""
        if self.horizon == ROUND and not (self.solve_tail or self.solve_own) and round_playout.applies(state):
            return play_round(state)
        round_ = state.round
        while state.phase != OVER and (self.horizon == GAME_END or state.round == round_):
            if self.solves_tail(state):
                return state
            if self.solves_own(state):
                self.solved_move(state)
            else:
                greedy_move(state)
        return state

    def solves_own(self, state: LasVegasState) -> bool:
        """Whether the searcher places next with few enough dice left for the root to be solved: a playout
        plays it as the root will."""
        return (self.solve_own > 0 and state.current == self.seat and state.players == SOLVER_SEATS
                and self.horizon == ROUND and len(state.options) > 1 and applies(state, self.solve_own))

    def solved_move(self, state: LasVegasState) -> None:
        """The searcher places as a solved root does: the number of the best value, greedy's if it is one."""
        options = list(state.options)
        values = dict(zip(options, self.solver_of(state).options(state), strict=True))
        choice = options[Table.of_state(state).best(options, self.seat)]
        GAME.apply(state, self.seat, solved_choice([choice, *(o for o in options if o != choice)], values))

    def solves_tail(self, state: LasVegasState) -> bool:
        return (self.solve_tail > 0 and state.players == SOLVER_SEATS and self.horizon == ROUND
                and applies(state, self.solve_tail))

    def rewards(self, state: LasVegasState | RoundEnd) -> list[float]:
        """Each seat's chance to win as its margin over the best opponent gives it (`standing_values`); once
        the game is over, its share of the win. A playout stopped for the solver is worth the solver's value
        to the root's seat (and one less that to the other)."""
        if isinstance(state, RoundEnd):
            if state.round >= ROUNDS:
                return standing_values(state.money, 0, winners(state.money, state.notes))
            return standing_values(state.money, ROUNDS - state.round)
        if state.phase != OVER and self.solves_tail(state):
            mine = self.solver_of(state).value(state)
            return [mine if seat == self.seat else 1.0 - mine for seat in range(state.players)]
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
