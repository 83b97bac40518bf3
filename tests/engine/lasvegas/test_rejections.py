"""Every kind of refusal has its own code and a message naming the action; a refused action changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.engine.lasvegas.table import ANNA, BENNO, CARLA, blank, dice, empty_hands, notes, play, rolled, slot
from vegas_table.engine.core.errors import IllegalAction, MalformedAction
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.payout import pay_round
from vegas_table.engine.lasvegas.state import LasVegasState
from vegas_table.engine.lasvegas.turns import finish


def on_the_roll() -> LasVegasState:
    state = blank(4, ["slot"])
    rolled(state, ANNA, [1, 3, 6, 6])
    return state


def without_slot_machine() -> LasVegasState:
    state = blank(2)
    rolled(state, ANNA, [2, 5])
    return state


def sixes_on_the_slot_machine() -> LasVegasState:
    state = blank(4, ["slot"])
    slot(state, BENNO, 6)
    rolled(state, ANNA, [1, 6])
    return state


def kicking() -> LasVegasState:
    state = blank(4, ["kickers", "slot"])
    dice(state, 2, {BENNO: 1, CARLA: 1})
    rolled(state, ANNA, [5, 6], kicker=[2])
    play(state, ANNA, "place 2")
    return state


def at_the_slot_machine() -> LasVegasState:
    state = blank(3, ["slot"])
    empty_hands(state)
    slot(state, BENNO, 4, 2)
    notes(state, "slot", 60, 20)
    assert not pay_round(state, [])
    return state


def over() -> LasVegasState:
    state = blank(2)
    finish(state, [])
    return state


CASES: list[tuple[Callable[[], LasVegasState], int, str, str, str]] = [
    (on_the_roll, ANNA, "place 4", "not_rolled", "place 4: you rolled no 4 (you rolled 1, 3, 6)"),
    (on_the_roll, BENNO, "place 3", "not_your_turn", "place 3: it is Red's turn"),
    (without_slot_machine, ANNA, "place 2 slot", "no_slot_machine",
     "place 2 slot: this game has no slot machine (option slot)"),
    (sixes_on_the_slot_machine, ANNA, "place 6 slot", "slot_number_taken",
     "place 6 slot: the slot machine already holds 6s; place them on casino 6"),
    (on_the_roll, ANNA, "kick blue", "no_decision",
     "kick blue: no decision is pending; it is Red's turn to place dice"),
    (on_the_roll, ANNA, "take 60", "no_decision", "take 60: no decision is pending; it is Red's turn to place dice"),
    (kicking, ANNA, "place 5", "decision_pending",
     "place 5: waiting for Red to choose the die their kicker knocks off casino 2"),
    (kicking, BENNO, "kick green", "not_your_decision",
     "kick green: waiting for Red to choose the die their kicker knocks off casino 2"),
    (kicking, ANNA, "take 60", "wrong_answer", "take 60: waiting for Red to choose the die their kicker knocks off "
     "casino 2: answer with kick COLOUR [biggie] | kick white"),
    (kicking, ANNA, "kick black", "no_such_player", "kick black: nobody plays black in this 4-player game"),
    (kicking, ANNA, "kick red", "no_such_die", "kick red: Red has no die on casino 2 (kick blue, kick green)"),
    (kicking, ANNA, "kick blue biggie", "no_such_die",
     "kick blue biggie: Blue has no biggie on casino 2 (kick blue, kick green)"),
    (kicking, ANNA, "kick white", "no_such_die", "kick white: White has no die on casino 2 (kick blue, kick green)"),
    (at_the_slot_machine, BENNO, "take 90", "no_such_note",
     "take 90: the slot machine holds no $90k note (it holds $60k, $20k)"),
    (at_the_slot_machine, ANNA, "take 60", "not_your_decision",
     "take 60: waiting for Blue to choose a note at the slot machine"),
    (at_the_slot_machine, BENNO, "place 1", "decision_pending",
     "place 1: waiting for Blue to choose a note at the slot machine"),
    (over, ANNA, "place 1", "game_over", "place 1: the game is over"),
    (over, ANNA, "kick red", "game_over", "kick red: the game is over"),
]


@pytest.mark.parametrize(("make", "seat", "text", "code", "message"), CASES, ids=[c[3] + ":" + c[2] for c in CASES])
def test_each_refusal_has_its_code_and_changes_nothing(make: Callable[[], LasVegasState], seat: int, text: str,
                                                       code: str, message: str) -> None:
    state = make()
    before = GAME.state_hash(state)
    with pytest.raises(IllegalAction) as refused:
        play(state, seat, text)
    assert (refused.value.code, refused.value.message) == (code, message)
    assert GAME.state_hash(state) == before


def test_every_illegal_action_code_is_covered() -> None:
    assert {c[3] for c in CASES} == {"not_rolled", "not_your_turn", "no_slot_machine", "slot_number_taken",
                                      "no_decision", "decision_pending", "not_your_decision", "wrong_answer",
                                      "no_such_player", "no_such_die", "no_such_note", "game_over"}


def test_a_kicker_on_the_slot_machine_may_not_kick_a_die_that_was_there_before() -> None:
    state = blank(4, ["kickers", "slot"])
    slot(state, BENNO, 5, 2)
    rolled(state, ANNA, [2, 2, 6], kicker=[2])
    dice(state, 2, {CARLA: 1})
    before = GAME.state_hash(state)
    play(state, ANNA, "place 2 slot")  # her own 2s are the only dice placed there this turn: kicked at once
    assert GAME.state_hash(state) != before and state.slot_dice.count((ANNA, 0, 2)) == 1


@pytest.mark.parametrize("seat", [-1, 4, 99])
def test_a_seat_outside_the_game_is_malformed(seat: int) -> None:
    state = on_the_roll()
    before = GAME.state_hash(state)
    with pytest.raises(MalformedAction) as refused:
        play(state, seat, "place 1")
    assert refused.value.code == "bad_seat" and GAME.state_hash(state) == before


def test_something_that_is_not_a_las_vegas_action_is_malformed() -> None:
    state = on_the_roll()
    with pytest.raises(MalformedAction) as refused:
        GAME.apply(state, ANNA, "place 1")
    assert refused.value.code == "malformed_action"
