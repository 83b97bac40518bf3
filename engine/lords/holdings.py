"""What each seat holds on the board, kept up to date as the rules change it: an index for bots' playouts.

A random playout asks after every action what the current player may do (`sample.random_turn_action`):
which parking lots they may build on, which casinos they are the boss of, where they have a die to
reorganize, how many casinos another player is the boss of (bets). Recounting that from the 48 lots and
every casino's dice at each call was most of the sampler's time, while an action changes one casino or a
few lots. So the state keeps `Holdings`, derived from its per-lot lists and never encoded:

- `parking[seat]`: the lots with `seat`'s marker, in lot order; changed with every marker (`put_marker`).
- `facts[root]`: each casino's boss, the pips of its dice, whether one of them was reorganized this turn, the
  seats with a die there, and its shape as its boss's actions need it (`Facts`); `present[seat]`, the
  casinos where `seat` has a die; `bosses[seat]`, the casinos `seat` is the boss of.

A casino's facts are recomputed from its lots when next read, once the rules have said that its dice or its
lots changed (`touched`, `regrouped`, `new_turn`): one action often changes a casino's dice several times (a
reorganization, a tie rerolled), and only the last counts. `holdings(state)` brings them up to date.

Besides the sampler (and `legal.buildable`), only the draw step reads it: each seat's parking lots, to pay
them and to know whether all ten markers are down. A state whose lists were written directly (tests laying
out a position) drops it (`state.holdings = None`), and it is counted again when next read.
tests/engine/lords/test_holdings.py checks it against a recount after every action of random games with
every rule set and option.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from functools import lru_cache

from vegas_table.engine.lords.board import LOTS, frontier
from vegas_table.engine.lords.index import Facts, Holdings
from vegas_table.engine.lords.state import RISER_COST, LordsState

NEVER = 1 << 30  # the cost of what cannot be done: more than anyone has
_PRICES = tuple(lot.price for lot in LOTS)


def holdings(state: LordsState) -> Holdings:
    """The state's index with every casino's facts up to date (counted if the state has none)."""
    index = state.holdings
    if index is None:
        index = state.holdings = recount(state)
    elif index.stale:
        for root in index.stale:
            _refresh(state, index, root)
        index.stale.clear()
    return index


def recount(state: LordsState) -> Holdings:
    """The index counted from the state's lists alone (what `holdings` keeps up to date)."""
    seats = range(state.players)
    index = Holdings([[] for _ in seats], {}, [set() for _ in seats], [set() for _ in seats], set())
    for lot, seat in enumerate(state.marker):
        if seat >= 0:
            index.parking[seat].append(lot)
    for root in state.casinos:
        _refresh(state, index, root)
    return index


def _refresh(state: LordsState, index: Holdings, root: int) -> None:
    """Count again the facts of the casino rooted at `root`, or forget them if it is no longer a casino."""
    old = index.facts.pop(root, None)
    if old is not None:
        for seat in old.owners:
            index.present[seat].discard(root)
        if old.boss >= 0:
            index.bosses[old.boss].discard(root)
    lots = state.casinos.get(root)
    if lots is None:
        return
    owner, pips, flagged = state.die_owner, state.die_pips, state.reorganized
    chief, best, total, reorganized, owners = -1, 0, 0, False, set()
    for lot in lots:  # as `casinos.boss` finds the boss, in the same pass
        who = owner[lot]
        if who >= 0:
            value = pips[lot]
            total += value
            owners.add(who)
            if flagged[lot]:
                reorganized = True
            if value > best:
                chief, best = who, value
    size, spread, cheapest = _shape(lots)
    level = state.height[root]
    rises = state.risers and level < state.players
    index.facts[root] = Facts(chief, total, reorganized, frozenset(owners), size, spread,
                              2 * cheapest + RISER_COST * (level - 1), RISER_COST * size if rises else NEVER)
    for seat in owners:
        index.present[seat].add(root)
    if chief >= 0:
        index.bosses[chief].add(root)


@lru_cache(maxsize=4096)
def _shape(lots: tuple[int, ...]) -> tuple[int, int, int]:
    """A casino's size, the size of its frontier and the price of its frontier's cheapest lot: a function of
    its lots alone, remembered."""
    targets = frontier(lots)
    return len(lots), len(targets), min((_PRICES[t] for t in targets), default=NEVER)


def put_marker(state: LordsState, lot: int, seat: int) -> None:
    """Put `seat`'s marker on `lot` (-1: take the marker there away)."""
    old = state.marker[lot]
    state.marker[lot] = seat
    index = state.holdings
    if index is None or old == seat:
        return
    if old >= 0:
        index.parking[old].remove(lot)
    if seat >= 0:
        insort(index.parking[seat], lot)


def touched(state: LordsState, lot: int) -> None:
    """The die on `lot` (a casino's) changed: its owner, its pips or whether it was reorganized."""
    if state.holdings is not None:
        state.holdings.stale.add(state.casino_of[lot])


def regrouped(state: LordsState, roots: Iterable[int]) -> None:
    """Casinos rooted at `roots` were joined, formed, raised or recomputed (`roots`: every root before and
    after)."""
    if state.holdings is not None:
        state.holdings.stale.update(roots)


def new_turn(state: LordsState) -> None:
    """Every die's reorganized flag is cleared (a new turn): the casinos with one count again."""
    state.reorganized = [False] * len(state.reorganized)
    index = state.holdings
    if index is not None:
        index.stale.update(root for root, facts in index.facts.items() if facts.reorganized)
