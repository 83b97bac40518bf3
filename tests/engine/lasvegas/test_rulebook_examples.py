"""Every rule and example of the Las Vegas rules (seed 002), each a test named after it."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.lasvegas.table import (
    ANNA,
    BENNO,
    CARLA,
    DENNY,
    blank,
    dice,
    empty_hands,
    hand,
    kinds,
    notes,
    of_kind,
    play,
    rolled,
    slot,
)
from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lasvegas.bank import BASE_NOTES, RAINBOW, minimum, starting_pile
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.modules import Modules
from vegas_table.engine.lasvegas.payout import pay_casino, pay_round, replace_rainbows
from vegas_table.engine.lasvegas.state import BIGGIE, DIE, KICKER, NEUTRAL, SLOT, WHITE, starting_hand
from vegas_table.engine.lasvegas.turns import fill_casinos, finish


def paid(state, casino: int) -> list[Event]:  # type: ignore[no-untyped-def]
    events: list[Event] = []
    pay_casino(state, casino - 1, events)
    return events


# Components and set-up


def test_the_pile_holds_the_54_banknotes() -> None:
    pile = starting_pile(Modules())
    assert len(pile) == 54 and sum(pile) == 2500
    assert Counter(pile) == {60: 5, 70: 5, 80: 5, 90: 5, 10: 6, 40: 6, 50: 6, 20: 8, 30: 8} == BASE_NOTES


def test_each_casino_gets_notes_until_it_holds_at_least_50k() -> None:
    state = blank()
    state.deck = list(reversed([90, 20, 30, 10, 40, 60, 70, 10, 10, 10, 10, 10, 80]))
    fill_casinos(state, [])
    assert state.notes[:6] == [[90], [30, 20], [40, 10], [60], [70], [10, 10, 10, 10, 10]]
    assert state.deck == [80]


def test_a_new_game_fills_all_six_casinos_from_the_shuffled_pile() -> None:
    state, events = GAME.new(GameConfig("lasvegas", "base", 4, "setup"))
    filled = of_kind(events, "casinos_filled")[0].notes
    assert len(filled) == 6 and all(sum(n) >= 50 for n in filled)
    assert len(state.deck) + sum(len(n) for n in filled) == 54


def test_each_player_has_eight_dice_of_their_colour() -> None:
    state, _ = GAME.new(GameConfig("lasvegas", "base", 5, "dice"))
    assert starting_hand(5, state.modules) == (8, 0, 0, 0)
    assert GAME.seat_names(state.config) == ("Red", "Blue", "Green", "Yellow", "Black")


def test_the_start_player_begins_and_play_goes_clockwise() -> None:
    state = blank(3)
    rolled(state, ANNA, [1, 2, 3])
    play(state, ANNA, "place 1")
    assert state.current == BENNO
    rolled(state, BENNO, [1, 2, 3])
    play(state, BENNO, "place 2")
    assert state.current == CARLA


# A turn


def test_benno_places_all_four_3s() -> None:
    state = blank()
    empty_hands(state)
    rolled(state, BENNO, [3, 3, 5, 3, 3])
    assert [a.text() for a in GAME.legal_actions(state, BENNO)] == ["place 3", "place 5"]
    events = play(state, BENNO, "place 3")
    placed = of_kind(events, "dice_placed")
    assert (placed[0].number, placed[0].dice, placed[0].forced) == (3, 4, False)
    # On his next turn Benno simply rolls and adds his last die (nobody else has dice left).
    again = of_kind(events, "dice_rolled")[0]
    assert again.seat == BENNO and len(again.dice) == 1 and placed[1].forced and placed[1].dice == 1
    assert 4 + (placed[1].number == 3) == of_kind(events, "casino_paid")[2].dice[0][1]


def test_players_out_of_dice_pass_their_turns() -> None:
    state = blank(3)
    hand(state, BENNO)
    rolled(state, ANNA, [1, 2])
    hand(state, CARLA, dice=3)
    play(state, ANNA, "place 1")
    assert state.current == CARLA


def test_the_only_player_with_dice_takes_several_turns_in_a_row() -> None:
    state = blank(2)
    empty_hands(state)
    rolled(state, ANNA, [1, 2, 6, 6, 6])
    events = play(state, ANNA, "place 1")
    assert {e.seat for e in of_kind(events, "dice_rolled")} == {ANNA}


def test_a_roll_of_one_number_is_placed_without_asking() -> None:
    state = blank(2)
    rolled(state, ANNA, [1, 2])
    hand(state, BENNO, dice=1)
    events = play(state, ANNA, "place 1")
    forced = of_kind(events, "dice_placed")[1]
    assert forced.seat == BENNO and forced.forced


# Payout


def test_tied_counts_cancel_example_1_and_payout_example_1() -> None:
    state = blank()
    dice(state, 5, {ANNA: 5, BENNO: 3, CARLA: 3, DENNY: 1})
    notes(state, 5, 80, 30, 10)
    [event] = paid(state, 5)
    assert event.cancelled == (BENNO, CARLA)
    assert event.payouts == ((ANNA, 80), (DENNY, 30)) and event.returned == (10,)
    assert state.won[ANNA] == [80] and state.won[DENNY] == [30] and state.deck[0] == 10


def test_tied_counts_cancel_example_2() -> None:
    state = blank()
    dice(state, 2, {ANNA: 2, CARLA: 2, BENNO: 1, DENNY: 1})
    notes(state, 2, 60)
    [event] = paid(state, 2)
    assert event.cancelled == (ANNA, BENNO, CARLA, DENNY) and event.payouts == () and event.returned == (60,)


def test_payout_example_2() -> None:
    state = blank()
    dice(state, 3, {ANNA: 2, CARLA: 2, BENNO: 1})
    notes(state, 3, 40, 40)
    [event] = paid(state, 3)
    assert event.payouts == ((BENNO, 40),) and event.returned == (40,) and state.deck[0] == 40


def test_payout_example_3() -> None:
    state = blank()
    dice(state, 4, {CARLA: 4, BENNO: 2, DENNY: 1})
    notes(state, 4, 70, 20)
    [event] = paid(state, 4)
    assert event.payouts == ((CARLA, 70), (BENNO, 20)) and state.won[DENNY] == []


def test_leftover_notes_go_face_down_beneath_the_pile() -> None:
    state = blank()
    state.deck = [50, 60]
    notes(state, 1, 90, 20, 10)
    dice(state, 1, {ANNA: 1})
    paid(state, 1)
    assert state.deck == [10, 20, 50, 60]  # the bottom is the front; 10 went under last


def test_casinos_pay_one_after_the_other_from_1_to_6() -> None:
    state = blank()
    for casino in range(1, 7):
        notes(state, casino, 50)
        dice(state, casino, {casino % 4: 1})
    events: list[Event] = []
    assert pay_round(state, events)
    assert [e.casino for e in events] == ["1", "2", "3", "4", "5", "6"]
    assert [state.money(s) for s in range(4)] == [50, 100, 100, 50]


# Rounds and the end


def play_out(config: GameConfig) -> list[Event]:
    """A whole game, every seat always taking its first legal action."""
    state, events = GAME.new(config)
    while not GAME.is_over(state):
        seat = GAME.actors(state)[0]
        events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return events


def test_four_rounds_then_the_game_ends_and_the_start_player_passes_left() -> None:
    events = play_out(GameConfig("lasvegas", "base", 3, "rounds"))
    assert [(e.round, e.start_player) for e in of_kind(events, "round_started")] == [(1, 0), (2, 1), (3, 2), (4, 0)]
    assert kinds(events)[-2:] == ["round_ended", "game_ended"]


def test_every_round_resupplies_each_casino() -> None:
    events = play_out(GameConfig("lasvegas", "base", 5, "resupply"))
    fills = of_kind(events, "casinos_filled")
    assert len(fills) == 4 and all(sum(n) >= 50 for fill in fills for n in fill.notes)


def test_the_player_with_the_most_money_wins() -> None:
    state = blank(3)
    state.won = [[90], [50, 50], [10]]
    finish(state, [])
    assert GAME.result(state).winners == (BENNO,)  # type: ignore[union-attr]


def test_tied_money_goes_to_the_player_with_more_banknotes() -> None:
    state = blank(3)
    state.won = [[90, 10], [50, 30, 20], [10]]
    finish(state, [])
    result = GAME.result(state)
    assert result is not None and result.winners == (BENNO,)
    assert result.standings[BENNO] == {"money": 100, "notes": 3}


def test_players_still_tied_share_the_win() -> None:
    state = blank(3)
    state.won = [[60, 40], [50, 50], [10]]
    finish(state, [])
    assert GAME.result(state).winners == (ANNA, BENNO)  # type: ignore[union-attr]


# Neutral dice


@pytest.mark.parametrize(("players", "white"), [(2, 4), (3, 2), (4, 2), (5, 2), (6, 2)])
def test_neutral_dice_per_player(players: int, white: int) -> None:
    assert starting_hand(players, Modules(neutral=True)) == (8, 0, 0, white)


def test_with_three_players_the_start_player_rolls_two_more_white_dice_onto_the_casinos() -> None:
    state, events = GAME.new(GameConfig("lasvegas", "base", 3, "white", ("neutral",)))
    [extra] = of_kind(events, "neutral_dice_rolled")
    assert extra.seat == 0 and len(extra.pips) == 2
    assert [state.dice[c][NEUTRAL] for c in range(6)] == [extra.pips.count(n) for n in range(1, 7)]
    assert kinds(events).index("neutral_dice_rolled") < kinds(events).index("dice_rolled")


def test_carla_may_place_her_three_1s_her_own_5_or_the_neutral_6() -> None:
    state = blank(4, ["neutral"])
    rolled(state, CARLA, [1, 1, 5], white=[1, 6])
    assert [a.text() for a in GAME.legal_actions(state, CARLA)] == ["place 1", "place 5", "place 6"]
    play(state, CARLA, "place 1")
    assert state.dice[0][CARLA] == 2 and state.dice[0][NEUTRAL] == 1
    assert state.hands[CARLA] == [1, 0, 0, 1]


def test_neutral_example_1() -> None:
    state = blank(4, ["neutral"])
    dice(state, 6, {NEUTRAL: 3, BENNO: 2})
    notes(state, 6, 80, 30)
    [event] = paid(state, 6)
    assert event.payouts == ((NEUTRAL, 80), (BENNO, 30))
    assert state.deck[0] == 80 and state.won[BENNO] == [30]


def test_neutral_example_2() -> None:
    state = blank(4, ["neutral"])
    dice(state, 1, {CARLA: 3, NEUTRAL: 2, ANNA: 1})
    notes(state, 1, 70, 40)
    [event] = paid(state, 1)
    assert event.payouts == ((CARLA, 70), (NEUTRAL, 40)) and state.won[ANNA] == [] and state.deck[0] == 40


# Minimum amount and $100k notes


@pytest.mark.parametrize(("players", "least"), [(2, 30), (3, 40), (4, 50), (5, 60), (6, 70)])
def test_minimum_amount_by_number_of_players(players: int, least: int) -> None:
    assert minimum(players, Modules(minimums=True)) == least
    assert minimum(players, Modules()) == 50
    _state, events = GAME.new(GameConfig("lasvegas", "base", players, "minimum", ("minimums",)))
    assert all(sum(n) >= least for n in of_kind(events, "casinos_filled")[0].notes)


def test_five_100k_notes_are_shuffled_into_the_pile() -> None:
    pile = starting_pile(Modules(notes100k=True))
    assert len(pile) == 59 and pile.count(100) == 5


# Biggies


def test_each_player_replaces_one_die_with_a_biggie() -> None:
    assert starting_hand(4, Modules(biggies=True)) == (7, 1, 0, 0)


def test_a_biggie_is_placed_with_the_dice_and_counts_as_two() -> None:
    state = blank(2, ["biggies"])
    rolled(state, ANNA, [4, 4, 1], biggie=[4])
    hand(state, BENNO, dice=2)
    play(state, ANNA, "place 4")
    assert state.dice[3][ANNA] == 2 and state.biggies[3][ANNA] == 1 and state.score(3, ANNA) == 4
    assert state.hands[ANNA][BIGGIE] == 0


def test_a_biggie_ties_with_two_dice() -> None:
    state = blank(2, ["biggies"])
    dice(state, 2, {BENNO: 2}, biggies={ANNA: 1})
    notes(state, 2, 60)
    [event] = paid(state, 2)
    assert event.dice == ((ANNA, 2), (BENNO, 2)) and event.cancelled == (ANNA, BENNO)


# Kickers


@pytest.mark.parametrize(("players", "kickers"), [(2, 2), (5, 2), (6, 1)])
def test_each_player_trades_dice_for_kickers(players: int, kickers: int) -> None:
    assert starting_hand(players, Modules(kickers=True)) == (8 - kickers, 0, kickers, 0)


def test_a_kicker_knocks_one_die_back_to_its_owner() -> None:
    state = blank(4, ["kickers"])
    dice(state, 3, {BENNO: 2, CARLA: 1})
    rolled(state, ANNA, [3, 6], kicker=[3])
    events = play(state, ANNA, "place 3")
    assert kinds(events) == ["dice_placed"] and state.pending is not None
    assert [a.text() for a in GAME.legal_actions(state, ANNA)] == ["kick blue", "kick green", "kick red"]
    hand_before = list(state.hands[BENNO])
    events = play(state, ANNA, "kick blue")
    assert of_kind(events, "die_kicked")[0].owner == BENNO
    assert state.dice[2][BENNO] == 1 and state.hands[BENNO][DIE] == hand_before[DIE] + 1
    assert state.kickers_used[ANNA] == 1 and state.hands[ANNA][KICKER] == 0  # on the display card
    assert state.dice[2][ANNA] == 1  # the kicker never stays


def test_a_kicker_may_kick_the_players_own_die() -> None:
    state = blank(4, ["kickers"])
    dice(state, 3, {BENNO: 1})
    rolled(state, ANNA, [3, 6], kicker=[3])
    play(state, ANNA, "place 3")
    play(state, ANNA, "kick red")
    assert state.dice[2][ANNA] == 0 and state.hands[ANNA][DIE] == 2


def test_a_player_without_dice_who_gets_one_kicked_back_is_in_the_game_again() -> None:
    state = blank(3, ["kickers"])
    dice(state, 5, {BENNO: 1, CARLA: 2})
    hand(state, BENNO)
    hand(state, CARLA)
    rolled(state, ANNA, [5, 1], kicker=[5])
    play(state, ANNA, "place 5")
    events = play(state, ANNA, "kick blue")
    assert of_kind(events, "dice_rolled")[0].seat == BENNO


def test_a_kicker_with_a_single_choice_kicks_without_asking() -> None:
    state = blank(2, ["kickers"])
    dice(state, 2, {BENNO: 3})
    rolled(state, ANNA, [1, 4], kicker=[2])
    events = play(state, ANNA, "place 2")
    [kick] = of_kind(events, "die_kicked")
    assert kick.owner == BENNO and kick.forced and state.dice[1][BENNO] == 2


def test_a_kicker_on_an_empty_casino_has_no_effect() -> None:
    state = blank(2, ["kickers"])
    rolled(state, ANNA, [4, 1], kicker=[6])
    events = play(state, ANNA, "place 6")
    assert kinds(events)[:2] == ["dice_placed", "kicker_wasted"] and state.kickers_used[ANNA] == 1
    assert sum(state.dice[5]) == 0


# Rainbow cards


def test_a_rainbow_card_counts_as_40k_when_dealt() -> None:
    state = blank(4, ["rainbow"])
    state.deck = [90, 90, 90, 90, 90, 10, RAINBOW]
    fill_casinos(state, [])
    assert state.notes[0] == [RAINBOW, 10]


def test_rainbow_cards_are_replaced_from_the_pile_before_scoring() -> None:
    state = blank(4, ["rainbow"])
    notes(state, 2, 10)
    state.notes[1] = [RAINBOW, 10]
    state.deck = [20, 70]
    events: list[Event] = []
    replace_rainbows(state, events)
    assert state.notes[1] == [70, 10] and state.discards == [RAINBOW] and state.deck == [20]
    assert of_kind(events, "rainbow_replaced")[0].drawn == (70,)


def test_a_rainbow_card_drawn_as_a_replacement_is_discarded_and_replaced_too() -> None:
    state = blank(4, ["rainbow"])
    state.notes[4] = [RAINBOW]
    state.deck = [50, RAINBOW]
    replace_rainbows(state, [])
    assert state.notes[4] == [50] and state.discards == [RAINBOW, RAINBOW]


# Slot machine


def test_the_slot_machine_takes_dice_of_any_number() -> None:
    state = blank(2, ["slot"])
    rolled(state, ANNA, [2, 2, 5])
    assert [a.text() for a in GAME.legal_actions(state, ANNA)] == ["place 2", "place 2 slot", "place 5",
                                                                   "place 5 slot"]
    play(state, ANNA, "place 2 slot")
    assert state.slot_dice == [(ANNA, DIE, 2), (ANNA, DIE, 2)] and state.dice[SLOT][ANNA] == 2


def test_anna_placed_4s_on_the_slot_machine_so_no_one_else_may_place_4s_there_including_anna() -> None:
    state = blank(2, ["slot"])
    slot(state, ANNA, 4, 2)
    for seat in (BENNO, ANNA):
        rolled(state, seat, [4, 1])
        assert "place 4 slot" not in [a.text() for a in GAME.legal_actions(state, seat)]
        with pytest.raises(IllegalAction) as refused:
            play(state, seat, "place 4 slot")
        assert refused.value.code == "slot_number_taken"


def test_slot_machine_example_denny_ben_carla() -> None:
    state = blank(4, ["slot"])
    empty_hands(state)
    slot(state, DENNY, 3, 3)
    slot(state, BENNO, 6, 2)
    slot(state, CARLA, 4, 2)
    slot(state, CARLA, 1, 1)
    notes(state, "slot", 60, 30, 20)
    events: list[Event] = []
    assert not pay_round(state, events)
    [ranked] = of_kind(events, "slot_ranked")
    assert [o for o, *_ in ranked.ranking] == [CARLA, DENNY, BENNO] and ranked.cancelled == ()
    assert GAME.actors(state) == (CARLA,)
    assert [a.text() for a in GAME.legal_actions(state, CARLA)] == ["take 60", "take 30", "take 20"]
    play(state, CARLA, "take 30")  # a choice: any note on offer
    assert GAME.actors(state) == (DENNY,)
    events = play(state, DENNY, "take 60")
    assert state.won[CARLA] == [30] and state.won[DENNY] == [60] and state.won[BENNO] == [20]
    slot_paid = next(e for e in of_kind(events, "casino_paid") if e.casino == "slot")
    assert slot_paid.payouts == ((CARLA, 30), (DENNY, 60), (BENNO, 20))


def test_no_player_wins_more_than_one_note_at_the_slot_machine() -> None:
    state = blank(2, ["slot"])
    slot(state, ANNA, 5, 3)
    notes(state, "slot", 90, 50, 10)
    assert not pay_round(state, [])
    play(state, ANNA, "take 90")
    assert state.won[ANNA] == [90] and state.deck[:2] == [10, 50]


# Online clarifications


def test_a_kicked_neutral_die_is_out_of_the_game_for_the_round() -> None:
    state = blank(4, ["kickers", "neutral"])
    dice(state, 2, {NEUTRAL: 1, BENNO: 1})
    rolled(state, ANNA, [2, 6], kicker=[2])
    play(state, ANNA, "place 2")
    play(state, ANNA, "kick white")
    assert state.dice[1][NEUTRAL] == 0 and state.neutral_out == 1
    assert all(h[WHITE] == 2 for h in state.hands[1:])


def test_neutral_dice_on_the_slot_machine_can_tie_and_then_cancel() -> None:
    state = blank(2, ["neutral", "slot"])
    empty_hands(state)
    rolled(state, ANNA, [3], white=[3])
    events = play(state, ANNA, "place 3 slot")  # her last dice: the round pays
    [ranked] = of_kind(events, "slot_ranked")
    assert set(ranked.cancelled) == {ANNA, NEUTRAL} and ranked.ranking == ()


def test_a_kicker_on_the_slot_machine_kicks_only_a_die_placed_there_this_turn() -> None:
    state = blank(4, ["kickers", "neutral", "slot"])
    slot(state, BENNO, 5, 2)
    rolled(state, ANNA, [2, 6], kicker=[2], white=[2])
    play(state, ANNA, "place 2 slot")
    assert [a.text() for a in GAME.legal_actions(state, ANNA)] == ["kick white", "kick red"]
    with pytest.raises(IllegalAction) as refused:
        play(state, ANNA, "kick blue")
    assert refused.value.code == "no_such_die" and "placed there this turn" in refused.value.message
    play(state, ANNA, "kick white")
    assert state.slot_dice == [(BENNO, DIE, 5), (BENNO, DIE, 5), (ANNA, DIE, 2)]
