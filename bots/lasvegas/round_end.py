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
Positions are remembered by one integer (`key_of`: `FIELD` bits for the dice each seat has on each casino,
the dice in each hand, then the seat to play), so one solver serves every decision and every sample of a
round. Against an
adversary a casino is remembered by what can still happen there (`settled`): how far the one seat leads the
other, no further than the other's dice in hand can catch up, and who has dice there at all when its second
note is paid. Positions that differ only in dice that can no longer change a payout are then one position.

Only the base game: biggies, kickers, white dice, the slot machine and rainbow cards change what a roll
can do, and `applies` says no.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from operator import itemgetter, mul
from typing import Any

from vegas_table.bots.greedy import Table
from vegas_table.bots.lasvegas import round_playout
from vegas_table.bots.lasvegas.standing import standing_values
from vegas_table.engine.lasvegas.actions import PLACE
from vegas_table.engine.lasvegas.payout import ranking
from vegas_table.engine.lasvegas.state import NEUTRAL, ROUNDS, LasVegasState
from vegas_table.engine.lasvegas.turns import winners

GREEDY, ADVERSARY = "greedy", "adversary"  # how the seats other than the searcher choose
CASINOS = 6
SEATS = 2  # the solver plays two seats: minimax needs them, and so does the key's layout
FIELD = 5  # bits of a position's key per count: a seat's dice on a casino or in hand (8 at most, and a
MASK = (1 << FIELD) - 1  # settled casino's stand-in count at most 10, before a placement adds up to 8 more)
PAIR = (1 << SEATS * FIELD) - 1  # two fields: a casino's two counts, or the two hands
HANDS = FIELD * SEATS * CASINOS  # where a key's hands start (seat 0's, then seat 1's): after the casinos'
TURN = HANDS + FIELD * SEATS  # and then the seat to play
COUNTS = (1 << HANDS) - 1  # the dice on the casinos: casino c, seat s at field c * SEATS + s
AT = tuple(FIELD * SEATS * c for c in range(CASINOS))  # where each casino's pair of counts starts
# What a key gains when a seat places one die on a casino: one on the casino, one less in hand.
STEP = tuple(tuple((1 << AT[c] + FIELD * s) - (1 << HANDS + FIELD * s) for c in range(CASINOS)) for s in range(SEATS))
# The seat to roll next by the two hands once `seat` has placed: the other if it has dice, else `seat` again
# if it has, else none (-1: the round is paid).
FOLLOWING = tuple(tuple((1 - seat) if (hands >> FIELD * (1 - seat)) & MASK else seat if (hands >> FIELD * seat) & MASK
                        else -1 for hands in range(1 << SEATS * FIELD)) for seat in range(SEATS))

Roll = tuple[float, tuple[tuple[int, int], ...]]  # a multiset of faces: its chance, (number, dice) lowest first


class OutOfTime(Exception):
    """The solver's `deadline` passed, or it solved its `allowance` of positions, before it was done (what it
    had finished stays remembered)."""


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


@cache
def picks(dice: int) -> tuple[tuple[float, ...], tuple[Any, ...]]:
    """`rolls(dice)` as what `RoundSolver.solve` reads: each roll's chance, and an `itemgetter` of the tuple of
    the placements it offers from the values of every placement listed number by number, 1 to `dice` dice
    each (index (number - 1) * dice + dice placed - 1). A roll of one number offers its placement twice,
    so that every getter gives a tuple."""
    chances, offers = [], []
    for chance, shown in rolls(dice):
        at = [(number - 1) * dice + count - 1 for number, count in shown]
        chances.append(chance)
        offers.append(itemgetter(*(at * 2 if len(at) == 1 else at)))
    return tuple(chances), tuple(offers)


@cache
def settled(ahead: int, behind: int, hand_ahead: int, hand_behind: int, notes: int) -> tuple[int, int]:
    """The smallest two-seat counts of a casino (`ahead`'s seat, `behind`'s seat) that pay as these do,
    whatever the seats, with these dice in hand, place there before the round is paid. The lead counts no
    further than the trailing seat can catch up (a lead of more than `hand_behind` is kept whatever happens);
    who has dice there at all matters only for a second note. (Called with the seats either way round.)"""
    lead = min(ahead - behind, hand_behind + 1)
    if lead < 0:
        lower, higher = settled(behind, ahead, hand_behind, hand_ahead, notes)
        return higher, lower
    if notes < 2:
        return lead, 0
    base = 1 if behind else 0
    return lead + base, base


def applies(state: LasVegasState, most: int) -> bool:
    """Whether the solver can take over: the base game, a placement under way (no decision, no payout), and
    at most `most` dice left in the seats' hands, the roll at hand included."""
    return round_playout.applies(state) and sum(map(sum, state.hands)) <= most


def key_of(state: LasVegasState, seat: int) -> int:
    """The key of `state`'s dice on the casinos and in hand, `seat` to play."""
    key = seat << TURN
    for casino in range(CASINOS):
        for s in range(SEATS):
            key |= state.dice[casino][s] << AT[casino] + FIELD * s
    for s, hand in enumerate(state.hands):
        key |= sum(hand) << HANDS + FIELD * s
    return key


def casino_of(key: int, casino: int) -> tuple[int, int]:
    """The dice each seat has on `casino` (0-5) in the key."""
    pair = (key >> AT[casino]) & PAIR
    return pair & MASK, pair >> FIELD


def hands_of(key: int) -> tuple[int, int]:
    hands = (key >> HANDS) & PAIR
    return hands & MASK, hands >> FIELD


class RoundSolver:
    """The exact value of the rest of one round for `seat` (see the module's docstring), at two seats. Made
    `of` a state: it reads the table everyone sees (notes, money won, dice placed and in hand), never the
    pile."""

    def __init__(self, seat: int, notes: Sequence[tuple[int, ...]], money: Sequence[int], won: Sequence[int],
                 round_: int, opponents: str = GREEDY) -> None:
        if opponents not in (GREEDY, ADVERSARY):
            raise ValueError(f"opponents play {GREEDY!r} or {ADVERSARY!r}, not {opponents!r}")
        if len(money) != SEATS:
            raise ValueError("the solver plays two seats: an adversary's minimax holds only at two seats")
        self.seat, self.opponents = seat, opponents
        self.notes, self.money, self.won, self.round = tuple(notes), tuple(money), tuple(won), round_
        self.settles = opponents == ADVERSARY  # positions are remembered by their `settled` casinos
        self.settling: list[dict[int, int]] = [{} for _ in range(CASINOS)]  # per casino: `settle_change`'s answers
        self.known: dict[int, float] = {}  # a position's value, once solved, by its key
        self.paid: dict[int, float] = {}  # a round's end's value, by the dice on the casinos
        self.deadline: float | None = None  # a `time.perf_counter()` time past which `solve` raises OutOfTime
        self.allowance: int | None = None  # positions `solve` may still solve before it raises OutOfTime

    @classmethod
    def of(cls, state: LasVegasState, seat: int, opponents: str = GREEDY) -> RoundSolver:
        return cls(seat, [tuple(n) for n in state.notes[:CASINOS]], [sum(w) for w in state.won],
                   [len(w) for w in state.won], state.round, opponents)

    def fits(self, state: LasVegasState) -> bool:
        """Whether this solver's round is `state`'s: the same notes on the casinos and money won."""
        return (state.round == self.round and [sum(w) for w in state.won] == list(self.money)
                and all(tuple(state.notes[c]) == self.notes[c] for c in range(CASINOS)))

    def options(self, state: LasVegasState) -> list[float]:
        """The value of each of the acting seat's placements (`state.options`, in order) for `self.seat`."""
        seat, roll = state.current, state.roll
        key = key_of(state, seat)
        return [self.after(key, seat, option.number, roll.count(option.number)) for option in state.options]

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

    def position(self, state: LasVegasState) -> int:
        """The key of `state` before its current seat rolls: what `solve` takes."""
        return key_of(state, state.current)

    def after(self, key: int, seat: int, number: int, dice: int) -> float:
        """The value once `seat` has placed `dice` dice on casino `number` (of the position `key`), before the
        next seat rolls."""
        return self.placed(key, seat, number - 1, range(dice, dice + 1))[0]

    def placed(self, key: int, seat: int, casino: int, counts: range) -> list[float]:
        """The values once `seat` has placed each of `counts` dice on `casino` (0-5) of the position `key`,
        before the next seat rolls. (`known_key` for the one casino written out: this runs for every
        placement of every position.)"""
        at, step, settling, following_of = AT[casino], STEP[seat][casino], self.settling[casino], FOLLOWING[seat]
        known, settles = self.known, self.settles
        values = []
        for dice in counts:
            child = key + step * dice
            hands = (child >> HANDS) & PAIR
            if settles:
                pair = (child >> at) & PAIR
                change = settling.get(pair | hands << SEATS * FIELD)
                child += (self.settle_change(casino, pair, hands) if change is None else change) << at
            following = following_of[hands]
            if following < 0:
                values.append(self.round_end(child & COUNTS))
                continue
            child += (following - seat) << TURN
            value = known.get(child)
            values.append(self.solve(child) if value is None else value)
        return values

    def solve(self, key: int) -> float:
        """The value of the position `key` (its seat to play, with dice in hand, about to roll): the mean over
        its rolls of the value of the number it places (the best for the searcher, else the opponents'
        choice). Remembered under `key` and, if another, its settled key (`known_key`)."""
        known = self.known.get(key)
        if known is not None:
            return known
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        same = self.known_key(key)
        if same != key:
            known = self.known.get(same)
            if known is not None:
                self.known[key] = known
                return known
        if self.allowance is not None:
            if self.allowance <= 0:
                raise OutOfTime
            self.allowance -= 1
        seat = same >> TURN
        dice = (same >> HANDS + FIELD * seat) & MASK
        counts = range(1, dice + 1)
        values = [value for casino in range(CASINOS) for value in self.placed(same, seat, casino, counts)]
        if seat == self.seat or self.opponents == ADVERSARY:
            chances, offers = picks(dice)
            best = max if seat == self.seat else min
            total: float = sum(map(mul, chances, map(best, [offered(values) for offered in offers])))
        else:
            total = self.greedy_mean(same, seat, dice, values)
        self.known[key] = self.known[same] = total
        return total

    def greedy_mean(self, key: int, seat: int, dice: int, values: list[float]) -> float:
        """The mean over `seat`'s rolls of the value of the placement the greedy bot makes (the first of equal
        worths, as the engine lists numbers lowest first)."""
        table = self.table(key)
        worths = [greedy_worth(table, seat, n, d) for n in range(1, 7) for d in range(1, dice + 1)]
        total = 0.0
        for chance, shown in rolls(dice):
            at = min(((number - 1) * dice + count - 1 for number, count in shown), key=lambda i: -worths[i])
            total += chance * values[at]
        return total

    def settle_change(self, casino: int, pair: int, hands: int) -> int:
        """What a key gains at `casino`'s counts (`pair`) when they are `settled` by the two `hands`
        (remembered per casino, by both)."""
        ahead, behind = settled(pair & MASK, pair >> FIELD, hands & MASK, hands >> FIELD, len(self.notes[casino]))
        change = self.settling[casino][pair | hands << SEATS * FIELD] = (ahead | behind << FIELD) - pair
        return change

    def known_key(self, key: int) -> int:
        """The key under which the position is solved: against an adversary, every casino `settled` by the
        dice still in hand; against greedy, `key` itself (its judgement reads the exact counts)."""
        if not self.settles:
            return key
        hands = (key >> HANDS) & PAIR
        for casino, at in enumerate(AT):
            pair = (key >> at) & PAIR
            change = self.settling[casino].get(pair | hands << SEATS * FIELD)
            key += (self.settle_change(casino, pair, hands) if change is None else change) << at
        return key

    def table(self, key: int) -> Table:
        """The greedy bot's table of this position (no roll yet)."""
        per_casino = [[*casino_of(key, c), 0] for c in range(CASINOS)]
        return Table(per_casino, {}, self.notes, list(hands_of(key)), self.money, ((), ()), None)

    def round_end(self, counts: int) -> float:
        """The searcher's value of the standing once the casinos pay these dice (remembered)."""
        value = self.paid.get(counts)
        if value is None:
            same = self.known_key(counts)  # no dice in hand: a casino settles to who leads and who has dice
            value = self.paid.get(same)
            if value is None:
                value = self.paid[same] = self.standing(same)[self.seat]
            self.paid[counts] = value
        return value

    def standing(self, counts: int) -> list[float]:
        money, won = list(self.money), list(self.won)
        for casino in range(CASINOS):
            _, _, ranked = ranking((*casino_of(counts, casino), 0))
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
