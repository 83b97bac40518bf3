"""The exact rest of a Las Vegas round (base rules): expectimax over the rolls still to come.

Late in a round few dice are left, and what is left is a small game of chance that can be solved rather
than sampled: the seat to play rolls every die in its hand, places all the dice of one number it rolled, and
the next seat with dice goes on; the notes on the casinos are face up from the round's start, so nothing
hidden matters before the round is paid (the pile only deals the next round). A roll of n dice is counted
as a multiset of faces with its multinomial chance (C(n+5, 5) of them, not 6^n sequences).

A position's value is for one seat (`seat`, the searcher): its value of the standing once the round is paid
(`standing_values`: the chance to win its money margin gives it, as the search's playouts score a round's
end). It plays the number worth most to it; every other seat plays by `opponents`:
- `GREEDY`: the greedy bot's choice (its own judgement, `Table.worth`: what the search's playouts assume
  and what the greedy bot does);
- `ADVERSARY` (two seats only): the number worth least to the searcher, i.e. minimax, since two seats'
  values of a round's end add up to one.
Positions are remembered by (dice each seat has on each casino, dice in each hand, seat to play): one
solver serves every decision and every sample of a round.

Only the base game: biggies, kickers, white dice, the slot machine and rainbow cards change what a roll
can do, and `applies` says no.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from bots.greedy import Table
from bots.lasvegas.standing import standing_values
from engine.lasvegas.actions import PLACE
from engine.lasvegas.modules import Modules
from engine.lasvegas.payout import ranking
from engine.lasvegas.state import NEUTRAL, PLAY, ROUNDS, LasVegasState
from engine.lasvegas.turns import winners

GREEDY, ADVERSARY = "greedy", "adversary"  # how the seats other than the searcher choose
BASE = Modules()
CASINOS = 6

Counts = tuple[int, ...]  # dice on the casinos: casino-major, one entry per seat (casino c, seat s: c * seats + s)
Hands = tuple[int, ...]  # dice still in each seat's hand
Roll = tuple[float, tuple[tuple[int, int], ...]]  # a multiset of faces: its chance, (number, dice) lowest first


class OutOfTime(Exception):
    """The solver's `deadline` passed before it was done (what it had finished stays remembered)."""


@cache
def rolls(dice: int) -> tuple[Roll, ...]:
    """Every roll of `dice` dice as a multiset of faces with its chance: (chance, ((number, how many), ...))."""
    found = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        shown = tuple((n, faces.count(n)) for n in range(1, 7) if n in faces)
        ways = factorial(dice)
        for _, count in shown:
            ways //= factorial(count)
        found.append((ways / 6**dice, shown))
    return tuple(found)


def applies(state: LasVegasState, most: int) -> bool:
    """Whether the solver can take over: the base game, a placement under way (no decision, no payout), and
    at most `most` dice left in the seats' hands, the roll at hand included."""
    return (state.modules == BASE and state.phase == PLAY and state.pending is None
            and sum(map(sum, state.hands)) <= most)


class RoundSolver:
    """The exact value of the rest of one round for `seat` (see the module's docstring). Made `of` a state:
    it reads the table everyone sees (notes, money won, dice placed and in hand), never the pile."""

    def __init__(self, seat: int, notes: Sequence[tuple[int, ...]], money: Sequence[int], won: Sequence[int],
                 round_: int, opponents: str = GREEDY) -> None:
        if opponents not in (GREEDY, ADVERSARY):
            raise ValueError(f"opponents play {GREEDY!r} or {ADVERSARY!r}, not {opponents!r}")
        if opponents == ADVERSARY and len(money) != 2:
            raise ValueError("an adversary's minimax holds only at two seats")
        self.seat, self.seats, self.opponents = seat, len(money), opponents
        self.notes, self.money, self.won, self.round = tuple(notes), tuple(money), tuple(won), round_
        self.known: dict[tuple[Counts, Hands, int], float] = {}  # a position's value, once solved
        self.paid: dict[Counts, float] = {}  # a round's end's value, by the dice on the casinos
        self.deadline: float | None = None  # a `time.perf_counter()` time past which `solve` raises OutOfTime

    @classmethod
    def of(cls, state: LasVegasState, seat: int, opponents: str = GREEDY) -> RoundSolver:
        return cls(seat, [tuple(n) for n in state.notes[:CASINOS]], [sum(w) for w in state.won],
                   [len(w) for w in state.won], state.round, opponents)

    def fits(self, state: LasVegasState) -> bool:
        """Whether this solver's round is `state`'s: the same notes on the casinos and money won."""
        return (state.round == self.round and [sum(w) for w in state.won] == list(self.money)
                and all(tuple(state.notes[c]) == self.notes[c] for c in range(CASINOS)))

    @staticmethod
    def position(state: LasVegasState) -> tuple[Counts, Hands]:
        seats = state.players
        return (tuple(state.dice[c][s] for c in range(CASINOS) for s in range(seats)),
                tuple(sum(hand) for hand in state.hands))

    def options(self, state: LasVegasState) -> list[float]:
        """The value of each of the acting seat's placements (`state.options`, in order) for `self.seat`."""
        counts, hands = self.position(state)
        seat, roll = state.current, state.roll
        return [self.after(counts, hands, seat, option.number, roll.count(option.number)) for option in state.options]

    def value(self, state: LasVegasState) -> float:
        """The value for `self.seat` of a state whose current seat has rolled (a playout's end): of the
        placement it makes, its best if it is the searcher's, else the opponents' choice."""
        values = self.options(state)
        seat = state.current
        if seat == self.seat:
            return max(values)
        if self.opponents == ADVERSARY:
            return min(values)
        return values[Table.of_state(state).best(state.options, seat)]

    def after(self, counts: Counts, hands: Hands, seat: int, number: int, dice: int) -> float:
        """The value once `seat` has placed `dice` dice on casino `number`, before the next seat rolls."""
        at = (number - 1) * self.seats + seat
        counts = (*counts[:at], counts[at] + dice, *counts[at + 1:])
        hands = (*hands[:seat], hands[seat] - dice, *hands[seat + 1:])
        for step in range(1, self.seats + 1):
            following = (seat + step) % self.seats
            if hands[following]:
                return self.solve(counts, hands, following)
        return self.round_end(counts)

    def solve(self, counts: Counts, hands: Hands, seat: int) -> float:
        """The value when `seat` (with dice in hand) is about to roll: the mean over its rolls of the value of
        the number it places (the best for the searcher, else the opponents' choice)."""
        key = (counts, hands, seat)
        known = self.known.get(key)
        if known is not None:
            return known
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        dice = hands[seat]
        values = [[self.after(counts, hands, seat, n, d) for d in range(1, dice + 1)] for n in range(1, 7)]
        chooser = self.chooser(counts, hands, seat, values)
        total = 0.0
        for chance, shown in rolls(dice):
            best, pick = -float("inf"), 0.0
            for number, count in shown:
                score = chooser[number - 1][count - 1]
                if score > best:  # the first of equals, as the engine lists numbers lowest first
                    best, pick = score, values[number - 1][count - 1]
            total += chance * pick
        self.known[key] = total
        return total

    def chooser(self, counts: Counts, hands: Hands, seat: int, values: list[list[float]]) -> list[list[float]]:
        """What `seat` maximises, per number and dice placed: the searcher's value, its negation for an
        adversary, or the greedy bot's worth of the table after the placement."""
        if seat == self.seat:
            return values
        if self.opponents == ADVERSARY:
            return [[-v for v in row] for row in values]
        table = self.table(counts, hands)
        return [[greedy_worth(table, seat, number, dice) for dice in range(1, len(row) + 1)]
                for number, row in enumerate(values, start=1)]

    def table(self, counts: Counts, hands: Hands) -> Table:
        """The greedy bot's table of this position (no roll yet)."""
        seats = self.seats
        per_casino = [[*counts[c * seats:(c + 1) * seats], 0] for c in range(CASINOS)]
        return Table(per_casino, {}, self.notes, list(hands), self.money, ((), ()), None)

    def round_end(self, counts: Counts) -> float:
        """The searcher's value of the standing once the casinos pay these dice (remembered)."""
        value = self.paid.get(counts)
        if value is None:
            value = self.paid[counts] = self.standing(counts)[self.seat]
        return value

    def standing(self, counts: Counts) -> list[float]:
        seats = self.seats
        money, won = list(self.money), list(self.won)
        for casino in range(CASINOS):
            _, _, ranked = ranking((*counts[casino * seats:(casino + 1) * seats], 0))
            for owner, note in zip(ranked, self.notes[casino], strict=False):
                if owner != NEUTRAL:
                    money[owner] += note
                    won[owner] += 1
        if self.round >= ROUNDS:
            return standing_values(money, 0, winners(money, won))
        return standing_values(money, ROUNDS - self.round)


def greedy_worth(table: Table, seat: int, number: int, dice: int) -> float:
    """The greedy bot's worth for `seat` of placing `dice` dice on casino `number` (its `Table.best`)."""
    placed = table.copy()
    placed.roll = ((number,) * dice, ())
    placed.place(seat, PLACE[number])
    return placed.worth(seat)
