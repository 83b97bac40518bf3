"""A random legal action of the current player, drawn without listing them all (bots' playouts).

The distribution is exactly that of a bot choosing from `legal_actions(state, seat)`: every entry of the
list equally likely, and a bet uniform in its range. The draws are not the same as `legal.from_list`'s for
the same generator, only their distribution.

How: the entries are counted without being made, family by family, and one is drawn by its number. Builds
are every pair of an affordable parking lot and a colour with a tile left; reorganizations and gambles
come one per casino, read off the index of what each seat holds (`holdings.py`) as `legal.casino_roles`
finds them (`_casino_slots`), and (option underworld) card actions from their list.
The casinos the player is the boss of are counted by slots
instead: one per lot of the casino's frontier (a sprawl there), one per colour (a remodel to it) and one
for a raise (none for a kind the player cannot afford at all), which are more than their legal actions: a
number whose action the rules forbid now (a taken lot, the casino's own colour, a gamble where the bet
limit is 0) is rejected and another drawn (mid-game, about one draw in seven). Every entry of the list has
exactly one number, so the one kept is uniform over them. After `MAX_TRIES` rejections (2% of calls) the
action comes from the full list instead (`legal.from_list`), which keeps the distribution exact: each entry
is drawn with probability (1 - q**T)/N + q**T/N = 1/N, where N entries are legal, q is the chance a number
is rejected and T the tries.

The conditions below are those of `legal._turn_choices`, one slot at a time; tests/engine/test_random_action.py
checks that every action drawn is listed and every listed one is drawn.
"""

from __future__ import annotations

from typing import Any

from vegas_table.engine.core.api import RandomSource
from vegas_table.engine.lords.actions import Gamble
from vegas_table.engine.lords.board import CLOSED_BLOCK_FOR_TWO, COLOURS, LOTS, frontier
from vegas_table.engine.lords.gamble import bet_limit
from vegas_table.engine.lords.holdings import holdings
from vegas_table.engine.lords.legal import (
    BUILDS,
    END_TURN,
    RAISES,
    REMODELS,
    REORGANIZES,
    SPRAWLS,
    buildable,
    from_list,
    trade_answers,
)
from vegas_table.engine.lords.state import OVER, REMODEL_COST, RISER_COST, LordsState
from vegas_table.engine.lords.underworld import card_actions, discount, extra_gamble

MAX_TRIES = 16
_COLOURS = len(COLOURS)
_NAMES = tuple(lot.name for lot in LOTS)
_PRICES = tuple(lot.price for lot in LOTS)
_CLOSED = tuple(lot.block == CLOSED_BLOCK_FOR_TWO for lot in LOTS)


def random_action(state: LordsState, seat: int, rng: RandomSource) -> Any:
    """A legal action of `seat` drawn as a bot choosing from `legal_actions` draws one: an entry of the list,
    each equally likely, and a bet uniform in its range. The current player's is drawn without listing
    (`random_turn_action`); anyone else's from the list. IllegalAction if `seat` has nothing to do."""
    if state.phase != OVER and not state.pending and seat == state.current:
        return random_turn_action(state, seat, rng)
    return from_list(state, seat, rng)


def random_turn_action(state: LordsState, seat: int, rng: RandomSource) -> Any:
    """The current player's action (no decision pending), drawn as the module docstring says."""
    money, casinos = state.money[seat], state.casinos
    lots, colours = buildable(state, seat)
    builds = len(lots) * len(colours)
    mine, bossed, reorgs, houses = _casino_slots(state, seat, money)
    bets = houses if not state.gambled or extra_gamble(state) else 0
    cards = card_actions(state, seat) if state.uw is not None else []
    trades = trade_answers(state, seat) if state.trades else []
    size = builds + bossed + len(reorgs) + bets + len(cards) + len(trades) + 1
    for _ in range(MAX_TRIES):
        k = rng.randrange(size)
        if k < builds:
            lot, colour = divmod(k, len(colours))
            return BUILDS[lots[lot]][colours[colour]]
        k -= builds
        if k < bossed:
            action = _bossed_action(state, money, mine, k)
            if action is not None:
                return action
            continue
        k -= bossed
        if k < len(reorgs):
            return REORGANIZES[reorgs[k]]
        k -= len(reorgs)
        if k < bets:
            root = _houses(state, seat)[k]
            limit = bet_limit(state, seat, holdings(state).facts[root].boss, casinos[root])
            if limit >= 1:
                return Gamble(_NAMES[root], rng.randint(1, limit))
            continue
        k -= bets
        if k < len(cards):
            return cards[k]
        k -= len(cards)
        return trades[k] if k < len(trades) else END_TURN
    return from_list(state, seat, rng)


Slots = tuple[int, int, int, int]  # a bossed casino's root, its slots, and of those its sprawls and remodels


def _casino_slots(state: LordsState, seat: int, money: int) -> tuple[list[Slots], int, list[int], int]:
    """The casinos `seat` is the boss of with their slots and how many those are in all, the roots of those
    it may reorganize (both in root order), and how many casinos another player is the boss of: what
    `legal.casino_roles` finds, read off the index (`holdings`), which lists the casinos where `seat` has a
    die (the only ones it may be the boss of or reorganize) and counts each seat's casinos."""
    index = holdings(state)
    facts = index.facts
    remodel_cost = REMODEL_COST if state.uw is None else max(0, REMODEL_COST - discount(state, seat, "remodel"))
    mine: list[Slots] = []
    bossed = 0
    reorgs: list[int] = []
    for root in sorted(index.present[seat]):
        chief, pips, reorganized, _, size, spread, sprawl_cost, raise_cost = facts[root]
        if not reorganized and pips <= money:
            reorgs.append(root)
        if chief != seat:
            continue
        # the slots of a casino the player is the boss of, by kind: sprawls (one per lot of its frontier),
        # remodels (one per colour), a raise; a kind it cannot afford at all (or, for raises, not in these
        # rules) gets none, since none of its actions is legal
        sprawls = spread if sprawl_cost <= money else 0
        remodels = _COLOURS if remodel_cost * size <= money else 0
        raises = 1 if raise_cost <= money else 0
        mine.append((root, sprawls + remodels + raises, sprawls, remodels))
        bossed += sprawls + remodels + raises
    return mine, bossed, reorgs, sum(map(len, index.bosses)) - len(index.bosses[seat])


def _houses(state: LordsState, seat: int) -> list[int]:
    """The roots of the casinos another player is the boss of, in root order (only when a bet is drawn)."""
    bosses = holdings(state).bosses
    return sorted(set().union(*(bosses[other] for other in range(state.players) if other != seat)))


def _bossed_action(state: LordsState, money: int, mine: list[Slots], slot: int) -> Any:
    """The action of slot number `slot` among the casinos the player is the boss of, if legal now."""
    for root, total, sprawls, remodels in mine:
        if slot >= total:
            slot -= total
            continue
        if slot < sprawls:
            target, tile = frontier(state.casinos[root])[slot], state.tile
            if (not state.tiles_left[tile[root]] or tile[target] >= 0 or state.marker[target] >= 0
                    or 2 * _PRICES[target] + RISER_COST * (state.height[root] - 1) > money
                    or (state.players == 2 and _CLOSED[target])):
                return None
            return SPRAWLS[root][target]
        slot -= sprawls
        if slot < remodels:
            size = len(state.casinos[root])
            if slot == state.tile[root] or state.tiles_left[slot] < size:
                return None
            return REMODELS[root][slot]
        return RAISES[root]
    raise AssertionError("a slot beyond the casinos' slots")
