"""Every legal action of a seat, in a stable order, for bots and clients; and one of them at random.

Order: a pending decision's answers (the first is the documented default when a player times out); else,
for the current player, build, sprawl, remodel, reorganize, raise, gamble (one `ActionRange` of bets per
casino), then trade answers, then `end`. A casino is always named by its root (lowest) lot. Proposing a
trade is legal too, but trades are combinations of anything, so they are not listed.
With the `underworld` option, the current player's acquire and use actions come after the gambles.

`random_action` draws one of them as a bot choosing from the list would, without building the list for the
current player (`sample.py`): bots' playouts ask for one action after every action, and listing them all
was most of a playout's time. Turn actions come from tables made once (actions are immutable), so listing
builds no action but the bet ranges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vegas_table.engine.core.api import ActionRange, RandomSource
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.actions import (
    AcceptTrade,
    Build,
    EndTurn,
    Gamble,
    Layoff,
    Place,
    Raise,
    RejectTrade,
    Remodel,
    Remove,
    Reorganize,
    Sprawl,
    WithdrawTrade,
)
from vegas_table.engine.lords.board import CLOSED_BLOCK_FOR_TWO, COLOURS, LOT_COUNT, LOTS, frontier
from vegas_table.engine.lords.checks import describe_pending
from vegas_table.engine.lords.gamble import bet_limit
from vegas_table.engine.lords.holdings import holdings
from vegas_table.engine.lords.state import OVER, REMODEL_COST, RISER_COST, Decision, LordsState
from vegas_table.engine.lords.trades import default_removes
from vegas_table.engine.lords.underworld import card_actions, discount, extra_gamble

_COLOUR_RANGE = range(len(COLOURS))
_ALL_COLOURS = tuple(_COLOUR_RANGE)
_NAMES = tuple(lot.name for lot in LOTS)
_PRICES = tuple(lot.price for lot in LOTS)
_CLOSED = tuple(lot.block == CLOSED_BLOCK_FOR_TWO for lot in LOTS)
_DEAREST = max(_PRICES)
BUILDS = tuple(tuple(Build(name, colour) for colour in COLOURS) for name in _NAMES)
REMODELS = tuple(tuple(Remodel(name, colour) for colour in COLOURS) for name in _NAMES)
SPRAWLS = tuple({near: Sprawl(LOTS[root].name, LOTS[near].name) for near in range(LOT_COUNT)
                  if LOTS[near].block == LOTS[root].block} for root in range(LOT_COUNT))
REORGANIZES = tuple(Reorganize(name) for name in _NAMES)
RAISES = tuple(Raise(name) for name in _NAMES)
_FIRST_BETS = tuple(Gamble(name, 1) for name in _NAMES)
END_TURN = EndTurn()


def legal_actions(state: LordsState, seat: int) -> list[Any]:
    if state.phase == OVER:
        return []
    if state.pending:
        head = state.pending[0]
        return decision_answers(state, head) if head.seat == seat else []
    actions: list[Any] = []
    if seat == state.current:
        lots, colours, middle, bets = _turn_choices(state, seat)
        actions = [BUILDS[lot][c] for lot in lots for c in colours]
        actions += middle
        actions += [ActionRange(_FIRST_BETS[root], "bet", 1, limit) for root, limit in bets]
        if state.uw is not None:
            actions += card_actions(state, seat)
    actions += trade_answers(state, seat)
    if seat == state.current:
        actions.append(END_TURN)
    return actions


def from_list(state: LordsState, seat: int, rng: RandomSource) -> Any:
    """`legal_actions(state, seat)[k]`, k uniform (`rng.randrange`), with a bet uniform in its range
    (`rng.randint`): exactly what a bot choosing from the list draws."""
    actions = legal_actions(state, seat)
    if not actions:
        why = "the game is over" if state.phase == OVER else describe_pending(state) if state.pending else (
            f"it is {state.name(state.current)}'s turn and no trade awaits an answer")
        raise IllegalAction("no_legal_action", f"{state.name(seat)} has nothing to do now: {why}")
    action = actions[rng.randrange(len(actions))]
    return action.at(rng.randint(action.low, action.high)) if type(action) is ActionRange else action


def buildable(state: LordsState, seat: int) -> tuple[Sequence[int], Sequence[int]]:
    """The lots `seat` can afford to build on (its parking lots, in lot order, kept by `holdings`) and the
    colours with a tile left: every pair of the two is a legal build. Bots ask after every action."""
    lots: Sequence[int] = holdings(state).parking[seat]
    budget = state.money[seat]
    if state.uw is not None:
        budget += discount(state, seat, "build")  # Underworld cards
    if budget < _DEAREST:
        lots = [lot for lot in lots if _PRICES[lot] <= budget]
    return lots, colours_left(state.tiles_left)


def colours_left(tiles_left: Sequence[int]) -> tuple[int, ...]:
    """The colours of which `tiles_left` (tiles left by colour) has any, in colour order (most of a game,
    all of them)."""
    if 0 not in tiles_left:
        return _ALL_COLOURS
    return tuple([c for c in _COLOUR_RANGE if tiles_left[c]])


def decision_answers(state: LordsState, head: Decision) -> list[Any]:
    if head.kind == "remove_marker":
        return [Remove(LOTS[i].name) for i in range(LOT_COUNT) if state.marker[i] == head.seat]
    if head.kind == "remove_die":
        return [Remove(LOTS[i].name) for i in range(LOT_COUNT) if state.die_owner[i] == head.seat]
    if head.kind == "place_die":
        return [Place(head.values[0], LOTS[i].name) for i in head.lots]
    return [Layoff(False), Layoff(True)]


def _turn_choices(state: LordsState, seat: int) -> tuple[Sequence[int], Sequence[int], list[Any],
                                                        list[tuple[int, int]]]:
    """The current player's actions but trade answers and `end`, in the documented order, as: the lots
    they may build on and the colours they may build (every pair is a build), the sprawls, remodels,
    reorganizations and raises, and (root, largest bet) of each casino they may gamble at.

    Speed matters here (bots call this after every action), hence the locals.
    """
    money, tile, tiles_left, height = state.money[seat], state.tile, state.tiles_left, state.height
    casinos = state.casinos
    remodel_cost = max(0, REMODEL_COST - discount(state, seat, "remodel"))  # Underworld cards: 0 without them
    lots, colours = buildable(state, seat)
    mine, reorgs, houses = casino_roles(state, seat, money)
    middle: list[Any] = []
    for root in mine:
        middle += _sprawls(state, root, money)
    for root in mine:
        size = len(casinos[root])
        if remodel_cost * size <= money:
            remodels = REMODELS[root]
            middle += [remodels[c] for c in _COLOUR_RANGE if c != tile[root] and tiles_left[c] >= size]
    middle += [REORGANIZES[root] for root in reorgs]
    if state.risers:
        middle += [RAISES[root] for root in mine if height[root] < state.players
                   and RISER_COST * len(casinos[root]) <= money]
    bets: list[tuple[int, int]] = []
    if (not state.gambled or extra_gamble(state)) and money:
        for root, house in houses:
            limit = bet_limit(state, seat, house, casinos[root])
            if limit >= 1:
                bets.append((root, limit))
    return lots, colours, middle, bets


def casino_roles(state: LordsState, seat: int, money: int) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """One pass over each casino, in root order: the roots of those `seat` is the boss of, of those it may
    reorganize (a die of its there, none reorganized this turn, their pips within `money`), and (root, boss)
    of those another player is the boss of."""
    owner, pips, flagged, casinos = state.die_owner, state.die_pips, state.reorganized, state.casinos
    mine: list[int] = []
    reorgs: list[int] = []
    houses: list[tuple[int, int]] = []
    for root in sorted(casinos):
        lots = casinos[root]
        if len(lots) == 1:  # most casinos: the same, written out
            chief = owner[root]
            if chief == seat:
                mine.append(root)
                if not flagged[root] and pips[root] <= money:
                    reorgs.append(root)
            elif chief >= 0:
                houses.append((root, chief))
            continue
        chief, best, cost, have_die, reorganized = -1, 0, 0, False, False
        for lot in lots:
            who = owner[lot]
            if who >= 0:
                value = pips[lot]
                cost += value
                if who == seat:
                    have_die = True
                if flagged[lot]:
                    reorganized = True
                if value > best:
                    chief, best = who, value
        if chief == seat:
            mine.append(root)
        elif chief >= 0:
            houses.append((root, chief))
        if have_die and not reorganized and cost <= money:
            reorgs.append(root)
    return mine, reorgs, houses


def _sprawls(state: LordsState, root: int, money: int) -> list[Sprawl]:
    lots, colour, level = state.casinos[root], state.tile[root], state.height[root]
    if not state.tiles_left[colour]:
        return []
    tile, marker, table = state.tile, state.marker, SPRAWLS[root]
    budget = money - RISER_COST * (level - 1)
    closed = state.players == 2
    return [table[near] for near in frontier(lots) if tile[near] < 0 and marker[near] < 0
            and 2 * _PRICES[near] <= budget and not (closed and _CLOSED[near])]


def trade_answers(state: LordsState, seat: int) -> list[Any]:
    answers: list[Any] = []
    for trade in state.trades:
        if seat in trade.parties and seat not in trade.accepted:
            removes = default_removes(state, seat, trade.transfers)
            if removes is not None:
                answers.append(AcceptTrade(trade.id, removes))
            answers.append(RejectTrade(trade.id))
        if seat == trade.proposer:
            answers.append(WithdrawTrade(trade.id))
    return answers
