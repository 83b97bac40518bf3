"""Shared validation for Las Vegas actions: every refusal names the action and what was wrong."""

from __future__ import annotations

from typing import Any

from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lasvegas.actions import USAGE
from vegas_table.engine.lasvegas.state import CASINO_NAMES, KICK, OVER, SLOT, Decision, LasVegasState


def illegal(action: Any, code: str, reason: str) -> IllegalAction:
    """An IllegalAction whose message reads `<action text>: <reason>`."""
    return IllegalAction(code, f"{action.text()}: {reason}")


def casino_phrase(casino: int) -> str:
    return "the slot machine" if casino == SLOT else f"casino {CASINO_NAMES[casino]}"


def describe_pending(state: LasVegasState) -> str:
    head = state.pending
    assert head is not None
    what = (f"choose the die their kicker knocks off {casino_phrase(head.casino)}" if head.kind == KICK
            else "choose a note at the slot machine")
    return f"waiting for {state.name(head.seat)} to {what}"


def check_turn(state: LasVegasState, seat: int, action: Any) -> None:
    """Placing dice: only the current player, with no decision pending, while the game is on."""
    if state.phase == OVER:
        raise illegal(action, "game_over", "the game is over")
    if state.pending is not None:
        raise illegal(action, "decision_pending", describe_pending(state))
    if seat != state.current:
        raise illegal(action, "not_your_turn", f"it is {state.name(state.current)}'s turn")


def check_decision(state: LasVegasState, seat: int, action: Any, kind: str) -> Decision:
    """Answers to decisions: only the seat that owes one, and only the kind of answer it asks for."""
    if state.phase == OVER:
        raise illegal(action, "game_over", "the game is over")
    head = state.pending
    if head is None:
        raise illegal(action, "no_decision", f"no decision is pending; it is {state.name(state.current)}'s "
                      "turn to place dice")
    if seat != head.seat:
        raise illegal(action, "not_your_decision", describe_pending(state))
    if head.kind != kind:
        raise illegal(action, "wrong_answer", f"{describe_pending(state)}: answer with {USAGE[head.kind]}")
    return head
