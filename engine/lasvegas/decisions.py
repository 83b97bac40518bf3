"""Answers to pending decisions: which die a kicker knocks off, which note to take at the slot machine.

Once answered, the step that asked carries on: the next kicker of the same placement, the next owner at
the slot machine, and then the game moves on to the next turn or round.
"""

from __future__ import annotations

from vegas_table.engine.core.api import Event
from vegas_table.engine.lasvegas.actions import WHITE_OWNER, Kick, Take
from vegas_table.engine.lasvegas.bank import note_text
from vegas_table.engine.lasvegas.checks import casino_phrase, check_decision, illegal
from vegas_table.engine.lasvegas.legal import decision_answers
from vegas_table.engine.lasvegas.payout import continue_slot, take_note
from vegas_table.engine.lasvegas.placing import kick_targets, knock_off, resolve_kickers
from vegas_table.engine.lasvegas.state import BIGGIE, KICK, NEUTRAL, PLAYER_COLOURS, SLOT, TAKE, LasVegasState
from vegas_table.engine.lasvegas.turns import close_round, next_turn


def do_kick(state: LasVegasState, seat: int, action: Kick, events: list[Event]) -> None:
    head = check_decision(state, seat, action, KICK)
    owner = NEUTRAL if action.owner == WHITE_OWNER else PLAYER_COLOURS.index(action.owner)
    if owner >= state.players:
        raise illegal(action, "no_such_player", f"nobody plays {action.owner} in this "
                      f"{state.players}-player game")
    target = (owner, action.biggie)
    if target not in kick_targets(state, head.casino, head.number):
        choices = ", ".join(a.text() for a in decision_answers(state, head))
        what = "biggie" if action.biggie else "die"
        where = casino_phrase(head.casino)
        why = (f"a kicker on the slot machine may only kick a die placed there this turn ({choices})"
               if head.casino == SLOT and _lies_on_slot(state, target)
               else f"{state.name(owner)} has no {what} on {where} ({choices})")
        raise illegal(action, "no_such_die", why)
    state.pending = None
    knock_off(state, head.casino, head.number, target, events, forced=False)
    resolve_kickers(state, head.casino, head.number, head.kickers - 1, events)
    if state.pending is None:
        next_turn(state, events, seat + 1)


def _lies_on_slot(state: LasVegasState, target: tuple[int, bool]) -> bool:
    owner, biggie = target
    return any(o == owner and (kind == BIGGIE) == biggie for o, kind, _ in state.slot_dice)


def do_take(state: LasVegasState, seat: int, action: Take, events: list[Event]) -> None:
    head = check_decision(state, seat, action, TAKE)
    notes = state.notes[SLOT]
    if action.value not in notes:
        raise illegal(action, "no_such_note", f"the slot machine holds no {note_text(action.value)} note "
                      f"(it holds {', '.join(note_text(n) for n in notes)})")
    state.pending = None
    take_note(state, seat, action.value, events, chosen=True)
    if continue_slot(state, events, head.order, (*head.paid, (seat, action.value)), head.cancelled) \
            and close_round(state, events):
        next_turn(state, events, state.start_player)
