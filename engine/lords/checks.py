"""Shared validation for Lords of Vegas actions: every refusal names the action and what was wrong."""

from __future__ import annotations

from typing import Any

from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.board import LOT_BY_NAME, LOTS
from vegas_table.engine.lords.state import OVER, LordsState


def illegal(action: Any, code: str, reason: str) -> IllegalAction:
    """An IllegalAction whose message reads `<action text>: <reason>`."""
    return IllegalAction(code, f"{action.text()}: {reason}")


def lot_index(name: str) -> int:
    return LOT_BY_NAME[name]


def describe_pending(state: LordsState) -> str:
    head = state.pending[0]
    who = state.name(head.seat)
    what = {
        "remove_marker": f"choose a parking lot to give up for {LOTS[head.lot].name}",
        "remove_die": f"choose a die to move to {LOTS[head.lot].name}",
        "place_die": "place reorganized dice",
        "layoff": "decide whether to lay off",
    }[head.kind]
    return f"waiting for {who} to {what}"


def check_open(state: LordsState, action: Any) -> None:
    """Nothing can be done once the game is over or while a decision is pending."""
    if state.phase == OVER:
        raise illegal(action, "game_over", "the game is over")
    if state.pending:
        raise illegal(action, "decision_pending", describe_pending(state))


def check_turn(state: LordsState, seat: int, action: Any) -> None:
    """Turn actions: only the current player, in the action step, with no decision pending."""
    check_open(state, action)
    if seat != state.current:
        raise illegal(action, "not_your_turn", f"it is {state.name(state.current)}'s turn")


def check_money(state: LordsState, seat: int, action: Any, cost: int) -> None:
    if state.money[seat] < cost:
        raise illegal(action, "insufficient_funds", f"it costs ${cost}m and you have ${state.money[seat]}m")


def owner_phrase(state: LordsState, lot: int) -> str:
    """Who holds `lot`, for messages: 'owned by Yellow', 'your parking lot', 'a casino'..."""
    if state.tile[lot] >= 0:
        return f"{LOTS[lot].name} already has a casino"
    if state.marker[lot] >= 0:
        return f"{LOTS[lot].name} is owned by {state.name(state.marker[lot])}"
    return f"{LOTS[lot].name} is an empty lot"
