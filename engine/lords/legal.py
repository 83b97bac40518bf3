"""Every legal action of a seat, in a stable order, for bots and clients.

Order: a pending decision's answers (the first is the documented default when a player times out); else,
for the current player, build, sprawl, remodel, reorganize, raise, gamble (one `ActionRange` of bets per
casino), then trade answers, then `end`. A casino is always named by its root (lowest) lot. Proposing a
trade is legal too, but trades are combinations of anything, so they are not listed.
With the `underworld` option, the current player's acquire and use actions come after the gambles.
"""

from __future__ import annotations

from typing import Any

from engine.core.api import ActionRange
from engine.lords.actions import (
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
from engine.lords.board import CLOSED_BLOCK_FOR_TWO, COLOURS, LOT_COUNT, LOTS
from engine.lords.gamble import bet_limit
from engine.lords.state import OVER, REMODEL_COST, RISER_COST, Decision, LordsState
from engine.lords.trades import default_removes
from engine.lords.underworld import card_actions, discount, extra_gamble

_COLOUR_RANGE = range(len(COLOURS))


def legal_actions(state: LordsState, seat: int) -> list[Any]:
    if state.phase == OVER:
        return []
    if state.pending:
        head = state.pending[0]
        return decision_answers(state, head) if head.seat == seat else []
    actions: list[Any] = _turn_actions(state, seat) if seat == state.current else []
    actions += _trade_answers(state, seat)
    if seat == state.current:
        actions.append(EndTurn())
    return actions


def decision_answers(state: LordsState, head: Decision) -> list[Any]:
    if head.kind == "remove_marker":
        return [Remove(LOTS[i].name) for i in range(LOT_COUNT) if state.marker[i] == head.seat]
    if head.kind == "remove_die":
        return [Remove(LOTS[i].name) for i in range(LOT_COUNT) if state.die_owner[i] == head.seat]
    if head.kind == "place_die":
        return [Place(head.values[0], LOTS[i].name) for i in head.lots]
    return [Layoff(False), Layoff(True)]


def _turn_actions(state: LordsState, seat: int) -> list[Any]:
    """The current player's actions, in the documented order. One pass over each casino gathers its facts."""
    money, tile, tiles_left, height = state.money[seat], state.tile, state.tiles_left, state.height
    owner, pips, flagged = state.die_owner, state.die_pips, state.reorganized
    actions: list[Any] = []
    build_off = discount(state, seat, "build")  # Underworld cards: 0 without them
    remodel_cost = max(0, REMODEL_COST - discount(state, seat, "remodel"))
    for lot in range(LOT_COUNT):
        if state.marker[lot] == seat and LOTS[lot].price - build_off <= money:
            actions += [Build(LOTS[lot].name, COLOURS[c]) for c in _COLOUR_RANGE if tiles_left[c]]
    mine: list[int] = []
    reorgs: list[Any] = []
    houses: list[tuple[int, int]] = []
    for root, lots in sorted(state.casinos.items()):
        chief, best, cost, have_die, reorganized = -1, 0, 0, False, False
        for lot in lots:
            who = owner[lot]
            if who >= 0:
                cost += pips[lot]
                have_die = have_die or who == seat
                reorganized = reorganized or flagged[lot]
                if pips[lot] > best:
                    chief, best = who, pips[lot]
        if chief == seat:
            mine.append(root)
        elif chief >= 0:
            houses.append((root, chief))
        if have_die and not reorganized and cost <= money:
            reorgs.append(Reorganize(LOTS[root].name))
    for root in mine:
        actions += _sprawls(state, root, money)
    for root in mine:
        size = len(state.casinos[root])
        if remodel_cost * size <= money:
            actions += [Remodel(LOTS[root].name, COLOURS[c]) for c in _COLOUR_RANGE
                        if c != tile[root] and tiles_left[c] >= size]
    actions += reorgs
    if state.risers:
        actions += [Raise(LOTS[root].name) for root in mine if height[root] < state.players
                    and RISER_COST * len(state.casinos[root]) <= money]
    if not state.gambled or extra_gamble(state):
        for root, house in houses:
            limit = bet_limit(state, seat, house, state.casinos[root])
            if limit >= 1:
                actions.append(ActionRange(Gamble(LOTS[root].name, 1), "bet", 1, limit))
    if state.uw is not None:
        actions += card_actions(state, seat)
    return actions


def _sprawls(state: LordsState, root: int, money: int) -> list[Sprawl]:
    lots, colour, level = state.casinos[root], state.tile[root], state.height[root]
    if not state.tiles_left[colour]:
        return []
    targets = sorted({near for lot in lots for near in LOTS[lot].neighbours
                      if state.tile[near] < 0 and state.marker[near] < 0})
    closed = CLOSED_BLOCK_FOR_TWO if state.players == 2 else ""
    return [Sprawl(LOTS[root].name, LOTS[t].name) for t in targets
            if LOTS[t].block != closed and 2 * LOTS[t].price + RISER_COST * (level - 1) <= money]


def _trade_answers(state: LordsState, seat: int) -> list[Any]:
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

