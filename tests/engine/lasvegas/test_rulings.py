"""The rulings of docs/LASVEGAS.md: where the seed leaves a case open, or modules meet, what the engine does."""

from __future__ import annotations

from tests.engine.lasvegas.table import (
    ANNA,
    BENNO,
    CARLA,
    blank,
    dice,
    empty_hands,
    hand,
    notes,
    of_kind,
    play,
    rolled,
    slot,
)
from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.lasvegas.bank import RAINBOW
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.payout import pay_round, replace_rainbows
from vegas_table.engine.lasvegas.state import BIGGIE, DIE, NEUTRAL, SLOT
from vegas_table.engine.lasvegas.turns import fill_casinos


def test_ruling_seat_0_is_the_start_player_of_round_1() -> None:
    _, events = GAME.new(GameConfig("lasvegas", "base", 4, "start"))
    assert of_kind(events, "round_started")[0].start_player == 0 and of_kind(events, "dice_rolled")[0].seat == 0


def test_ruling_a_biggie_on_the_slot_machine_counts_twice_in_dice_and_in_the_sum() -> None:
    state = blank(3, ["biggies", "slot"])
    empty_hands(state)
    slot(state, ANNA, 2, kind="biggie")  # 2 dice, sum 4
    slot(state, BENNO, 5, 2)  # 2 dice, sum 10
    slot(state, CARLA, 6)  # 1 die
    notes(state, "slot", 50, 50, 50)
    events: list[Event] = []
    assert pay_round(state, events)
    [ranked] = of_kind(events, "slot_ranked")
    assert ranked.ranking == ((BENNO, 2, 10, 5), (ANNA, 2, 4, 2), (CARLA, 1, 6, 6))


def test_ruling_the_slot_machines_tie_breaks_order_every_place_not_only_the_first() -> None:
    state = blank(4, ["slot"])
    empty_hands(state)
    slot(state, ANNA, 6, 3)
    slot(state, BENNO, 1, 2)
    slot(state, CARLA, 2, 2)
    notes(state, "slot", 60, 60, 60)
    events: list[Event] = []
    assert pay_round(state, events)
    assert [o for o, *_ in of_kind(events, "slot_ranked")[0].ranking] == [ANNA, CARLA, BENNO]


def test_ruling_white_takes_the_highest_note_left_at_the_slot_machine() -> None:
    state = blank(2, ["neutral", "slot"])
    empty_hands(state)
    slot(state, NEUTRAL, 6, 2)
    slot(state, ANNA, 1)
    notes(state, "slot", 90, 40, 10)
    assert not pay_round(state, [])
    assert state.deck[0] == 90 and state.pending is not None and state.pending.seat == ANNA
    play(state, ANNA, "take 10")
    assert state.won[ANNA] == [10] and state.deck[:2] == [40, 90]


def test_ruling_a_kicked_biggie_goes_back_to_its_owner_as_a_biggie() -> None:
    state = blank(2, ["biggies", "kickers"])
    dice(state, 4, {BENNO: 1}, biggies={BENNO: 1})
    rolled(state, ANNA, [1, 2], kicker=[4])
    play(state, ANNA, "place 4")
    assert [a.text() for a in GAME.legal_actions(state, ANNA)] == ["kick blue biggie", "kick blue"]
    play(state, ANNA, "kick blue biggie")
    assert state.biggies[3][BENNO] == 0 and state.hands[BENNO][BIGGIE] == 2


def test_ruling_each_kicker_kicks_one_die_one_after_the_other() -> None:
    state = blank(2, ["kickers"])
    dice(state, 3, {BENNO: 2})
    rolled(state, ANNA, [1, 5], kicker=[3, 3])
    events = play(state, ANNA, "place 3")
    assert [e.owner for e in of_kind(events, "die_kicked")] == [BENNO, BENNO] and state.dice[2][BENNO] == 0


def test_ruling_kick_choices_list_the_others_from_the_left_then_white_then_your_own() -> None:
    state = blank(4, ["biggies", "kickers", "neutral"])
    dice(state, 1, {ANNA: 1, BENNO: 1, 3: 1, NEUTRAL: 1}, biggies={CARLA: 1})
    rolled(state, BENNO, [2, 5], kicker=[1])
    play(state, BENNO, "place 1")
    assert [a.text() for a in GAME.legal_actions(state, BENNO)] == [
        "kick green biggie", "kick yellow", "kick red", "kick white", "kick blue"]


def test_ruling_a_number_kicked_off_the_slot_machine_entirely_is_free_again() -> None:
    state = blank(2, ["kickers", "slot"])
    rolled(state, ANNA, [4, 1], kicker=[4])
    play(state, ANNA, "place 4 slot")  # the kicker's only choice is her own 4: it goes back to her hand
    assert state.slot_dice == [] and state.hands[ANNA][DIE] == 2
    rolled(state, BENNO, [4, 2])
    assert "place 4 slot" in [a.text() for a in GAME.legal_actions(state, BENNO)]


def test_ruling_kickers_alone_on_the_slot_machine_kick_nothing() -> None:
    state = blank(2, ["kickers", "slot"])
    slot(state, BENNO, 6, 2)
    rolled(state, ANNA, [1, 2], kicker=[6])
    events = play(state, ANNA, "place 6")  # casino 6 is empty: nothing there either
    assert of_kind(events, "kicker_wasted")
    state2 = blank(2, ["kickers", "slot"])
    slot(state2, BENNO, 6, 2)
    rolled(state2, ANNA, [1, 2], kicker=[5])
    events = play(state2, ANNA, "place 5 slot")
    assert of_kind(events, "kicker_wasted") and state2.slot_dice == [(BENNO, DIE, 6)] * 2


def test_ruling_when_the_pile_runs_out_the_casinos_left_get_what_there_is() -> None:
    state = blank(6, ["minimums", "slot"])
    state.deck = [10, 20, 70, 70]
    fill_casinos(state, [])
    assert state.notes[:4] == [[70], [70], [20, 10], []] and state.notes[SLOT] == [] and state.deck == []


def test_ruling_a_rainbow_card_with_no_pile_left_is_discarded_without_a_replacement() -> None:
    state = blank(4, ["rainbow"])
    state.notes[0] = [RAINBOW, 20]
    state.deck = []
    events: list[Event] = []
    replace_rainbows(state, events)
    assert state.notes[0] == [20] and of_kind(events, "rainbow_replaced")[0].drawn == ()


def test_ruling_the_extra_white_dice_of_three_players_never_go_on_the_slot_machine() -> None:
    for seed in range(20):
        state, _ = GAME.new(GameConfig("lasvegas", "base", 3, f"extra/{seed}", ("neutral", "slot")))
        assert state.dice[SLOT][NEUTRAL] == 0 and sum(state.dice[c][NEUTRAL] for c in range(6)) >= 2


def test_ruling_leftovers_go_under_the_pile_casino_by_casino_white_first() -> None:
    state = blank(2, ["neutral"])
    empty_hands(state)
    dice(state, 1, {NEUTRAL: 1})
    notes(state, 1, 60, 10)
    notes(state, 2, 30)
    state.deck = [99]
    assert pay_round(state, [])
    assert state.deck == [30, 10, 60, 99]


def test_ruling_money_and_notes_won_are_public() -> None:
    state = blank(3)
    state.won[BENNO] = [90, 10]
    seat = GAME.view(state, ANNA)["seats"][BENNO]
    assert (seat["money"], seat["notes"], seat["won"]) == (100, 2, [90, 10])


def test_ruling_the_last_turns_are_played_by_the_engine_when_there_is_no_choice() -> None:
    state = blank(2)
    empty_hands(state)
    hand(state, BENNO, dice=1)
    rolled(state, ANNA, [6, 6, 2])
    placed = of_kind(play(state, ANNA, "place 2"), "dice_placed")
    assert not placed[0].forced and (placed[1].seat, placed[1].forced) == (BENNO, True)
