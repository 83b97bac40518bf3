"""Answers to pending decisions: which marker or die to give up, where reorganized dice go, the layoff.

A decision interrupts whatever step asked for it (the draw step, an action, a reorganization); once the
last queued decision is answered, that step resumes: ties are settled and, for the draw step, payments run
(the draw step is the turn's, above this module: the answer owes it, `steps.FinishDraw`).
"""

from __future__ import annotations

from collections.abc import Iterable

from vegas_table.engine.core.api import Event
from vegas_table.engine.lords.actions import Layoff, Place, Remove
from vegas_table.engine.lords.board import BLOCK_OF, LOTS
from vegas_table.engine.lords.casinos import settle_casino, settle_ties
from vegas_table.engine.lords.checks import describe_pending, illegal, lot_index
from vegas_table.engine.lords.events import DieArranged, DieMoved, LayoffChosen, MarkerMoved
from vegas_table.engine.lords.gamble import resolve_gamble
from vegas_table.engine.lords.holdings import put_marker, touched
from vegas_table.engine.lords.state import DICE_PER_PLAYER, OVER, Decision, LordsState
from vegas_table.engine.lords.steps import FinishDraw, Owed, owe

_ANSWERS: dict[type, tuple[str, ...]] = {
    Remove: ("remove_marker", "remove_die"),
    Place: ("place_die",),
    Layoff: ("layoff",),
}
_HOW = {"remove_marker": "remove LOT", "remove_die": "remove LOT", "place_die": "place PIPS LOT",
        "layoff": "layoff yes|no"}


def place_die(state: LordsState, seat: int, lot: int, pips: int, resume: str) -> None:
    """Put `seat`'s die showing `pips` on `lot`, or ask which die to move if all 12 are down."""
    if state.dice_down(seat) >= DICE_PER_PLAYER:
        state.pending.append(Decision("remove_die", seat, resume, lot=lot, pips=pips))
        return
    state.die_owner[lot], state.die_pips[lot] = seat, pips
    touched(state, lot)


def settle_after_action(state: LordsState, events: list[Event], lot: int) -> None:
    """After an action that changed the casino on `lot`: settle its boss ties now, unless a decision must come
    first (which settles the ties of the decision's block once answered)."""
    if not state.pending:
        settle_casino(state, events, state.casino_of[lot])


def do_decision(state: LordsState, seat: int, action: Remove | Place | Layoff, events: list[Event],
                owed: Owed) -> None:
    if state.phase == OVER:
        raise illegal(action, "game_over", "the game is over")
    if not state.pending:
        raise illegal(action, "no_decision", "no decision is pending")
    head = state.pending[0]
    if seat != head.seat:
        raise illegal(action, "not_your_decision", describe_pending(state))
    if head.kind not in _ANSWERS[type(action)]:
        raise illegal(action, "wrong_answer", f"{describe_pending(state)}: answer with {_HOW[head.kind]}")
    if isinstance(action, Remove):
        if head.kind == "remove_marker":
            _remove_marker(state, head, action, events, owed)
        else:
            _remove_die(state, head, action, events, owed)
    elif isinstance(action, Place):
        _place(state, head, action, events, owed)
    else:
        _layoff(state, head, action, events)


def _remove_marker(state: LordsState, head: Decision, action: Remove, events: list[Event],
                   owed: Owed) -> None:
    lot = lot_index(action.lot)
    if state.marker[lot] != head.seat:
        raise illegal(action, "not_your_marker", f"you have no parking lot on {action.lot}")
    put_marker(state, lot, -1)
    put_marker(state, head.lot, head.seat)
    events.append(MarkerMoved(head.seat, action.lot, LOTS[head.lot].name))
    _resume(state, events, owed, state.pending.pop(0), ())


def _remove_die(state: LordsState, head: Decision, action: Remove, events: list[Event],
                owed: Owed) -> None:
    lot = lot_index(action.lot)
    if state.die_owner[lot] != head.seat:
        raise illegal(action, "not_your_die", f"you have no die on {action.lot}")
    state.die_owner[lot], state.die_pips[lot] = -1, 0
    state.die_owner[head.lot], state.die_pips[head.lot] = head.seat, head.pips
    state.reorganized[head.lot], state.reorganized[lot] = state.reorganized[lot], False
    touched(state, lot)
    touched(state, head.lot)
    events.append(DieMoved(head.seat, action.lot, LOTS[head.lot].name, head.pips))
    _resume(state, events, owed, state.pending.pop(0), (BLOCK_OF[lot],))


def _place(state: LordsState, head: Decision, action: Place, events: list[Event],
           owed: Owed) -> None:
    lot = lot_index(action.lot)
    if action.pips != head.values[0]:
        raise illegal(action, "wrong_die", f"place your {head.values[0]} first (still to place: "
                      f"{', '.join(map(str, head.values))})")
    if lot not in head.lots:
        choices = ", ".join(LOTS[each].name for each in head.lots)
        raise illegal(action, "wrong_tile", f"{action.lot} is not one of your tiles waiting for a die ({choices})")
    values, lots = list(head.values[1:]), [each for each in head.lots if each != lot]
    placed = [(lot, action.pips)]
    if len(set(values)) <= 1:  # nothing left to choose: the rest go where they are
        placed += list(zip(lots, values, strict=True))
        values, lots = [], []
    for each, pips in placed:
        state.die_pips[each] = pips
        events.append(DieArranged(head.seat, LOTS[each].name, pips))
    touched(state, lot)
    if lots:
        state.pending[0] = Decision("place_die", head.seat, head.resume, lot=head.lot, values=tuple(values),
                                    lots=tuple(lots))
        return
    _resume(state, events, owed, state.pending.pop(0), ())


def _layoff(state: LordsState, head: Decision, action: Layoff, events: list[Event]) -> None:
    state.pending.pop(0)
    events.append(LayoffChosen(head.seat, action.layoff))
    resolve_gamble(state, events, state.current, head.seat, head.lot, head.bet, action.layoff)


def _resume(state: LordsState, events: list[Event], owed: Owed, head: Decision, blocks: Iterable[int]) -> None:
    """The last queued decision is answered: carry on with the step that asked for it."""
    if state.pending:
        return
    if head.resume == "draw":
        owe(owed, FinishDraw(tuple(blocks)))
    else:
        settle_ties(state, events, (BLOCK_OF[head.lot], *blocks))
