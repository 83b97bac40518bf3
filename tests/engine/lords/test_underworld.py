"""The Underworld rules (option `underworld`, seed 003), one test per rule, named after it."""

from __future__ import annotations

import json

import pytest

from tests.engine.lords.position import die_at, kinds, marker, money, play, seat, tile
from tests.engine.lords.underworld_position import MORE_CARDS, hand_ids, line_ids, uw_blank
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.errors import ConfigError, IllegalAction, MalformedAction
from vegas_table.engine.lords.actions import Acquire, UseCard, parse_action
from vegas_table.engine.lords.codec import decode, encode
from vegas_table.engine.lords.events import (
    CardDiscarded,
    CardDrawn,
    CardPointsCounted,
    CardRevealed,
    CardScored,
    TradeClosed,
)
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import Decision
from vegas_table.engine.lords.track import INSTANT_WIN


def _new(rules: str = "up", players: int = 3, seed: str = "uw", options: tuple[str, ...] = ("underworld",)):
    return GAME.new(GameConfig("lords", rules, players, seed, options))


# Set-up and the deck


def test_underworld_is_an_option_of_both_rule_sets_and_changes_nothing_else_in_classic() -> None:
    plain, plain_events = _new("classic", 4, options=())
    uw, uw_events = _new("classic", 4)
    assert not uw.risers and uw.names == plain.names
    assert uw.deck == plain.deck and uw.money == plain.money and uw.current == plain.current
    assert [e for e in uw_events if e.kind != "card_revealed"] == plain_events
    assert not any(a.verb == "raise" for a in GAME.legal_actions(uw, uw.current) if hasattr(a, "verb"))


def test_underworld_with_up_keeps_risers() -> None:
    state, _ = _new("up", 3)
    assert state.risers and state.uw is not None


def test_the_underworld_rule_set_of_the_rulings_is_up_with_the_underworld_option() -> None:
    # RULINGS.md names a rule set `underworld` (the unified rulebook, 003); the issue an option of `up`: the
    # two are the same game, card for card and die for die.
    by_rules, by_rules_events = _new("underworld", 4, options=())
    by_option, by_option_events = _new("up", 4)
    assert by_rules.risers and by_rules.uw is not None
    assert encode(by_rules)["underworld"] == encode(by_option)["underworld"]
    assert by_rules.deck == by_option.deck and by_rules_events == by_option_events
    seat_ = GAME.actors(by_rules)[0]
    assert [a.text() for a in GAME.legal_actions(by_rules, seat_)] == [
        a.text() for a in GAME.legal_actions(by_option, seat_)]
    assert decode(json.loads(json.dumps(encode(by_rules)))).uw is not None


def test_the_shipped_deck_has_two_copies_of_each_of_the_eight_named_cards() -> None:
    state, _ = _new()
    assert state.uw is not None
    names = sorted(c.name for c in state.uw.cards)
    assert names == sorted(["July 4th Party", "Private Jet", "Shady Deal", "Accountant", "Lone Shark",
                            "Health Inspector", "General Contractor", "Union Boss"])
    assert len(state.uw.deck) + len(state.uw.line) == 16


def test_the_underworld_deck_is_shuffled_by_the_games_generator() -> None:
    a, _ = _new(seed="one")
    b, _ = _new(seed="one")
    c, _ = _new(seed="two")
    assert a.uw is not None and b.uw is not None and c.uw is not None
    assert a.uw.deck == b.uw.deck and a.uw.line == b.uw.line
    assert (a.uw.line + a.uw.deck) != (c.uw.line + c.uw.deck)


def test_the_underworld_deck_order_is_in_the_encoding_and_decodes_back() -> None:
    state, _ = _new()
    data = encode(state)
    assert data["underworld"]["deck"] == state.uw.deck  # type: ignore[index,union-attr]
    assert json.loads(json.dumps(data)) == data and encode(decode(data)) == data


def test_games_without_the_option_have_no_underworld_in_encoding_or_view() -> None:
    state, _ = _new(options=())
    assert "underworld" not in encode(state) and "underworld" not in GAME.view(state, 0)
    assert "cards" not in state.config.to_json()


def test_no_view_shows_the_underworld_deck() -> None:
    state, _ = _new()
    assert state.uw is not None
    view = GAME.view(state, 0)["underworld"]
    assert view["deck_left"] == len(state.uw.deck)  # type: ignore[index]
    assert "deck" not in view  # type: ignore[operator]


# Turn step 1


def test_turn_step_1_turns_over_one_card_on_the_first_turn() -> None:
    state, events = _new()
    assert state.uw is not None and len(state.uw.line) == 1
    revealed = [e for e in events if isinstance(e, CardRevealed)]
    assert len(revealed) == 1 and revealed[0].discarded == ""


def test_the_underworld_card_is_turned_over_before_the_property_card() -> None:
    _, events = _new()
    order = kinds(events)
    assert order.index("card_revealed") < order.index("card_drawn")


def test_each_turn_turns_over_a_card_at_the_back_of_the_line() -> None:
    state = uw_blank(deck=["A2", "B2"], line=["accountant"], underworld_deck=["private-jet", "lone-shark"])
    play(state, 0, "end")
    assert line_ids(state) == ["accountant", "private-jet"]
    play(state, 1, "end")
    assert line_ids(state) == ["accountant", "private-jet", "lone-shark"]


def test_a_fourth_card_in_the_line_discards_the_oldest() -> None:
    state = uw_blank(deck=["A2"], line=["accountant", "private-jet", "lone-shark"], underworld_deck=["union-boss"])
    events = play(state, 0, "end")
    assert line_ids(state) == ["private-jet", "lone-shark", "union-boss"]
    assert state.uw is not None and [state.uw.cards[c].id for c in state.uw.discards] == ["accountant"]
    assert [e for e in events if isinstance(e, CardRevealed)] == [CardRevealed(1, "Union Boss", "Accountant")]


def test_an_empty_underworld_deck_gives_no_more_cards() -> None:
    state = uw_blank(deck=["A2"], line=["accountant"])
    events = play(state, 0, "end")
    assert line_ids(state) == ["accountant"]
    assert "card_revealed" not in kinds(events)


# Acquire


def test_acquire_pays_the_cost_to_the_bank_and_takes_the_card() -> None:
    state = uw_blank(line=["accountant", "private-jet"])
    money(state, black=20)
    events = play(state, "black", "acquire private-jet")
    assert state.money[0] == 12 and hand_ids(state, "black") == ["private-jet"]
    assert line_ids(state) == ["accountant"]
    assert kinds(events) == ["card_acquired"]


def test_acquire_is_once_a_turn() -> None:
    state = uw_blank(line=["accountant", "private-jet"])
    money(state, black=30)
    play(state, "black", "acquire accountant")
    with pytest.raises(IllegalAction, match="already acquired a card this turn"):
        play(state, "black", "acquire private-jet")
    assert not any(isinstance(a, Acquire) for a in GAME.legal_actions(state, 0))


def test_acquire_again_on_the_next_turn() -> None:
    state = uw_blank(deck=["A2", "B2", "C2", "D2"], line=["accountant", "private-jet"])
    money(state, black=30)
    play(state, "black", "acquire accountant")
    for who in range(4):
        play(state, who, "end")
    assert state.current == 0
    play(state, "black", "acquire private-jet")
    assert hand_ids(state, "black") == ["accountant", "private-jet"]


def test_acquire_refusals_say_what_is_wrong() -> None:
    state = uw_blank(line=["private-jet"])
    money(state, black=7, blue=50)
    with pytest.raises(IllegalAction, match=r"costs \$8m and you have \$7m"):
        play(state, "black", "acquire private-jet")
    with pytest.raises(IllegalAction, match=r"not in the Underworld line \(line: private-jet"):
        play(state, "black", "acquire accountant")
    with pytest.raises(IllegalAction, match="it is Black's turn"):
        play(state, "blue", "acquire private-jet")
    assert state.money == [7, 50, 0, 0] and line_ids(state) == ["private-jet"]


def test_acquire_needs_the_underworld_option() -> None:
    state, _ = _new(options=())
    with pytest.raises(IllegalAction, match="need the 'underworld' option"):
        GAME.apply(state, state.current, Acquire("accountant"))


def test_acquire_is_refused_while_a_decision_is_pending() -> None:
    state = uw_blank(line=["accountant"])
    money(state, black=20)
    state.pending.append(Decision("layoff", 1, "action", lot=0, bet=1))
    with pytest.raises(IllegalAction, match="waiting for Blue"):
        play(state, "black", "acquire accountant")


def test_a_card_that_acts_at_once_is_discarded_after_its_effect() -> None:
    state = uw_blank(line=["july-4th-party"])
    money(state, black=5)
    events = play(state, "black", "acquire july-4th-party")
    assert hand_ids(state, "black") == [] and state.score[0] == 4
    assert kinds(events) == ["card_acquired", "card_scored", "card_discarded"]
    assert state.uw is not None and [state.uw.cards[c].id for c in state.uw.discards] == ["july-4th-party"]


def test_legal_actions_list_each_affordable_line_card_once() -> None:
    state = uw_blank(line=["accountant", "accountant", "private-jet"])
    money(state, black=6)
    acquires = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Acquire)]
    assert acquires == [Acquire("accountant")]


# Action cards


def test_action_cards_are_used_only_on_your_turn() -> None:
    state = uw_blank(hands={"blue": ["private-jet"]})
    money(state, blue=5)
    with pytest.raises(IllegalAction, match="it is Black's turn"):
        play(state, "blue", "use private-jet")


def test_no_one_can_use_your_cards_for_you() -> None:
    """003 "you can't pay someone to use their Private Jet to give you a point" """
    state = uw_blank(hands={"blue": ["private-jet"]})
    money(state, black=5, blue=5)
    with pytest.raises(IllegalAction, match="you have no private-jet"):
        play(state, "black", "use private-jet")


def test_an_action_card_is_used_once_a_turn() -> None:
    state = uw_blank(hands={"black": ["private-jet"]})
    money(state, black=5)
    play(state, "black", "use private-jet")
    with pytest.raises(IllegalAction, match="already used Private Jet this turn"):
        play(state, "black", "use private-jet")
    assert state.money[0] == 4 and state.score[0] == 1


def test_two_copies_of_an_action_card_are_used_once_each() -> None:
    state = uw_blank(hands={"black": ["private-jet", "private-jet"]})
    money(state, black=5)
    play(state, "black", "use private-jet")
    play(state, "black", "use private-jet")
    assert state.money[0] == 3 and state.score[0] == 2


def test_using_a_card_costs_what_it_says_and_is_refused_without_the_money() -> None:
    state = uw_blank(hands={"black": ["private-jet"]})
    with pytest.raises(IllegalAction, match=r"costs \$1m and you have \$0m"):
        play(state, "black", "use private-jet")
    assert not any(isinstance(a, UseCard) for a in GAME.legal_actions(state, 0))


def test_a_card_that_is_not_an_action_cannot_be_used() -> None:
    state = uw_blank(hands={"black": ["general-contractor"]})
    with pytest.raises(IllegalAction, match="General Contractor has no action to use"):
        play(state, "black", "use general-contractor")


def test_targets_are_checked() -> None:
    state = uw_blank(hands={"black": ["accountant", "health-inspector", "private-jet"]})
    money(state, black=5)
    tile(state, "A2", "gold", "blue", pips=3)
    with pytest.raises(IllegalAction, match="acts on one of your dice: use accountant LOT"):
        play(state, "black", "use accountant")
    with pytest.raises(IllegalAction, match="you have no die on A2"):
        play(state, "black", "use accountant A2")
    with pytest.raises(IllegalAction, match="there is no casino on B2"):
        play(state, "black", "use health-inspector B2")
    with pytest.raises(IllegalAction, match="used without naming a lot"):
        play(state, "black", "use private-jet A2")


def test_the_accountant_increases_your_die_by_one() -> None:
    state = uw_blank(hands={"black": ["accountant"]})
    tile(state, "A2", "gold", "black", pips=3)
    events = play(state, "black", "use accountant A2")
    assert die_at(state, "A2") == (0, 4) and "card_die_changed" in kinds(events)


def test_no_die_goes_above_6_the_impossible_part_is_ignored() -> None:
    """003 "you can't increase the value of a die above 6 or decrease it below 1" """
    state = uw_blank(hands={"black": ["accountant"]})
    tile(state, "A2", "gold", "black", pips=6)
    play(state, "black", "use accountant A2")
    assert die_at(state, "A2") == (0, 6)


def test_a_die_changed_by_a_card_settles_a_tie_for_boss() -> None:
    from tests.engine.lords.position import ScriptedDice

    state = uw_blank(hands={"black": ["accountant"]})
    tile(state, "A2", "gold", "black", pips=4)
    tile(state, "A3", "gold", "blue", pips=5)
    state.rng = ScriptedDice([6, 2])  # type: ignore[assignment]
    events = play(state, "black", "use accountant A2")
    assert "boss_tie" in kinds(events) and die_at(state, "A2") == (0, 6) and die_at(state, "A3") == (1, 2)


def test_card_actions_wait_for_a_pending_decision() -> None:
    """003 "you can't use an Accountant to increase the value of a die during a reorganization" """
    state = uw_blank(hands={"black": ["accountant"]})
    tile(state, "A2", "gold", "black", pips=3)
    state.pending.append(Decision("place_die", 0, "reorganize", lot=1, values=(5, 2), lots=(1, 2)))
    with pytest.raises(IllegalAction, match="waiting for Black to place reorganized dice"):
        play(state, "black", "use accountant A2")
    assert not any(isinstance(a, UseCard) for a in GAME.legal_actions(state, 0))


def test_the_health_inspector_rerolls_the_three_highest_dice_of_a_casino() -> None:
    from tests.engine.lords.position import ScriptedDice

    state = uw_blank(hands={"black": ["health-inspector"]})
    for lot, who, pips in (("C1", "blue", 6), ("C2", "green", 1), ("C4", "blue", 5), ("C5", "green", 4)):
        tile(state, lot, "gold", who, pips=pips)
    state.rng = ScriptedDice([2, 3, 1])  # type: ignore[assignment]
    play(state, "black", "use health-inspector C2")
    assert [die_at(state, lot)[1] for lot in ("C1", "C2", "C4", "C5")] == [2, 1, 3, 1]


# Kept cards


def test_the_general_contractor_reduces_remodeling_by_2_per_space() -> None:
    state = uw_blank(hands={"black": ["general-contractor"]})
    tile(state, "A1", "gold", "black", pips=5)
    tile(state, "A2", "gold", "black", pips=2)
    money(state, black=6)
    assert any(a.text() == "remodel A1 aqua" for a in GAME.legal_actions(state, 0) if hasattr(a, "text"))
    play(state, "black", "remodel A1 aqua")
    assert state.money[0] == 0


def test_discounts_never_make_a_cost_negative() -> None:
    state = uw_blank(hands={"black": ["general-contractor"] * 3})
    tile(state, "A1", "gold", "black", pips=5)
    money(state, black=0)
    play(state, "black", "remodel A1 aqua")
    assert state.money[0] == 0


def test_the_union_boss_makes_building_2_cheaper() -> None:
    state = uw_blank(hands={"black": ["union-boss"]})
    marker(state, "A2", "black")
    money(state, black=4)
    play(state, "black", "build A2 gold")
    assert state.money[0] == 0


def test_the_lone_shark_lends_then_demands_payment_on_a_strip_card() -> None:
    state = uw_blank(line=["lone-shark"], deck=["A6"])
    play(state, "black", "acquire lone-shark")
    assert state.money[0] == 10 and hand_ids(state, "black") == ["lone-shark"]
    state.money[0] = 20
    events = play(state, "black", "end")  # Blue draws A6, a Pay The Strip card
    assert state.money[0] == 8 and hand_ids(state, "black") == []
    assert kinds(events).index("card_triggered") > kinds(events).index("card_drawn")


def test_a_broke_player_pays_the_lone_shark_nothing() -> None:
    """003 "if you're broke when a Lone Shark demands payment, you don't have to pay anything" """
    state = uw_blank(deck=["A6"], hands={"black": ["lone-shark"]})
    play(state, "black", "end")
    assert state.money[0] == 0 and hand_ids(state, "black") == []


def test_a_player_short_of_money_pays_what_they_can() -> None:
    state = uw_blank(deck=["A6"], hands={"black": ["lone-shark"]})
    money(state, black=5)
    play(state, "black", "end")
    assert state.money[0] == 0


# Points


def test_card_points_now_go_through_the_breaks() -> None:
    state = uw_blank(line=["july-4th-party"])
    state.score[0] = 8
    money(state, black=5)
    play(state, "black", "acquire july-4th-party")
    assert state.score[0] == 12  # 8 + 4 = 12 is a stop
    state = uw_blank(line=["july-4th-party"])
    state.score[0] = 18
    money(state, black=5)
    play(state, "black", "acquire july-4th-party")
    assert state.score[0] == 20  # 22 is past 20 and short of 23: 2 points lost to the break


def test_end_of_game_card_points_are_added_after_the_final_payout_without_breaks() -> None:
    state = uw_blank(players=2, deck=["End of Game"], hands={"black": ["shady-deal", "union-boss"],
                                                             "blue": ["union-boss"]})
    state.score[:] = [20, 18]
    tile(state, "A3", "aqua", "blue", pips=5)  # touches The Strip: Blue scores 1 in the final payout
    events = play(state, "black", "end")
    assert state.phase == "over"
    counted = [e for e in events if isinstance(e, CardPointsCounted)]
    # Black 20 - 3 + 1 = 18; Blue's 1 payout point is lost to the break (18 -> 20), then +1 = 19, off the track
    assert counted == [CardPointsCounted((-2, 1), (18, 19))]
    assert kinds(events).index("card_points_counted") > kinds(events).index("scored")
    assert state.winners == (1,)
    assert GAME.result(state).standings[0]["points"] == 18  # type: ignore[union-attr]


def test_end_of_game_card_points_may_make_a_score_negative() -> None:
    state = uw_blank(players=2, deck=["End of Game"], hands={"black": ["shady-deal"]})
    play(state, "black", "end")
    assert state.score == [-3, 0] and state.winners == (1,)


def test_cards_triggered_by_the_end_of_game_card_still_act() -> None:
    """003 "Players may not do actions or initiate trades when this happens, though cards may still be played." """
    state = uw_blank(players=2, deck=["End of Game"], hands={"black": ["lone-shark"]})
    money(state, black=30)
    events = play(state, "black", "end")
    assert state.money[0] == 18 and "card_triggered" in kinds(events)
    assert kinds(events).index("card_triggered") < kinds(events).index("game_ended")


JACKPOT = """
[[card]]
id = "jackpot"
cost = 0
timing = "now"
text = "Score 9 points."
on_acquire = [{ op = "score", value = 9 }]

[[card]]
id = "debt"
cost = 0
points = -4
timing = "keep"
text = "-4 points at the end."

[[card]]
id = "trophy"
cost = 0
points = 2
timing = "keep"
text = "2 points at the end."
"""


def test_reaching_instant_win_with_card_points_ends_the_game() -> None:
    state = uw_blank(line=["jackpot"], cards=JACKPOT)
    state.score[0] = 81
    events = play(state, "black", "acquire jackpot")
    assert state.phase == "over" and state.end_reason == "instant_win" and state.score[0] == INSTANT_WIN
    assert kinds(events)[-2:] == ["card_points_counted", "game_ended"]


def test_the_instant_winner_may_not_win_after_card_points() -> None:
    """003 "After points from Underworld cards are counted, that player may or may not win, but someone will!" """
    state = uw_blank(players=2, line=["jackpot"], hands={"black": ["debt"], "blue": ["trophy"]}, cards=JACKPOT)
    state.score[:] = [81, 81]
    play(state, "black", "acquire jackpot")
    assert state.end_reason == "instant_win" and state.score == [86, 83] and state.winners == (0,)
    state = uw_blank(players=2, line=["jackpot"], hands={"black": ["debt"], "blue": ["trophy"] * 3}, cards=JACKPOT)
    state.score[:] = [81, 81]
    play(state, "black", "acquire jackpot")
    assert state.score == [86, 87] and state.winners == (1,)


def test_immediate_card_points_of_a_turn_move_the_chip_as_one_payment() -> None:
    state = uw_blank(line=["july-4th-party"], hands={"black": ["private-jet"]})
    state.score[0] = 18
    money(state, black=6)
    play(state, "black", "acquire july-4th-party")
    assert state.score[0] == 20
    events = play(state, "black", "use private-jet")
    assert state.score[0] == 23
    assert [e for e in events if isinstance(e, CardScored)] == [CardScored(0, "Private Jet", 1, 20, 23)]


def test_card_points_of_an_earlier_turn_do_not_combine() -> None:
    state = uw_blank(players=2, deck=["A2", "B2"], line=["july-4th-party"], hands={"black": ["private-jet"]})
    state.score[0] = 18
    money(state, black=6)
    play(state, "black", "acquire july-4th-party")
    play(state, "black", "end")
    play(state, "blue", "end")
    play(state, "black", "use private-jet")
    assert state.score[0] == 20  # 20 + 1 is short of 23


# Actions as text


def test_acquire_and_use_parse_back_from_their_text() -> None:
    for text in ("acquire july-4th-party", "use accountant C3", "use private-jet"):
        assert parse_action(text).text() == text
    assert parse_action("USE Accountant c3") == UseCard("accountant", "C3")
    with pytest.raises(MalformedAction, match="usage: use CARD"):
        parse_action("use a b c")
    with pytest.raises(MalformedAction, match="not a card id"):
        parse_action("acquire July_4th")


def test_a_card_file_needs_the_underworld_option() -> None:
    with pytest.raises(ConfigError, match="for the 'underworld' option"):
        GAME.new(GameConfig("lords", "up", 3, "s", (), cards="[[card]]\nid='x'\ntiming='keep'\n"))


def test_card_events_describe_themselves() -> None:
    state = uw_blank(line=["july-4th-party"], hands={"black": ["private-jet"]})
    money(state, black=6)
    events = play(state, "black", "acquire july-4th-party") + play(state, "black", "use private-jet")
    lines = [GAME.describe(e, ["Black", "Blue", "Green", "Purple"]) for e in events]
    assert lines[0] == "Black acquires July 4th Party for $5m"
    assert "Black scores 4 with July 4th Party: 0 → 4" in lines
    assert [x for x in events if isinstance(x, CardDiscarded)] == [CardDiscarded(0, "July 4th Party")]
    assert not any(isinstance(x, CardDrawn) for x in events)
    assert seat(state, "black") == 0


# Trades


def test_trades_may_include_underworld_cards() -> None:
    """003 trade example, its trade: Black gives Blue $8 million for the blue 6, Blue gives Green the Union
    Boss, Green gives Black the General Contractor; then Black remodels for $9 million (3 spaces at $3m)."""
    state = uw_blank(current="black", hands={"blue": ["union-boss"], "green": ["general-contractor"]})
    money(state, black=29)
    tile(state, "C1", "silver", "blue", pips=6)
    tile(state, "C2", "silver", "red", pips=1)
    tile(state, "C4", "silver", "red", pips=1)
    play(state, "black", "trade black>blue $8, blue>black die C1, blue>green card union-boss, "
                         "green>black card general-contractor")
    play(state, "blue", "accept 1")
    events = play(state, "green", "accept 1")
    assert "trade_completed" in kinds(events)
    assert hand_ids(state, "black") == ["general-contractor"] and hand_ids(state, "green") == ["union-boss"]
    assert hand_ids(state, "blue") == [] and state.money[0] == 21 and die_at(state, "C1") == (0, 6)
    play(state, "black", "remodel C1 aqua")
    assert state.money[0] == 12


def test_a_traded_card_keeps_the_money_on_it_and_its_use_this_turn() -> None:
    state = uw_blank(cards=MORE_CARDS, hands={"blue": ["savings-bond"]})
    assert state.uw is not None
    state.uw.hands[1][0].money, state.uw.hands[1][0].used = 5, True
    money(state, black=1)
    play(state, "blue", "trade blue>black card savings-bond, black>blue $1")
    play(state, "black", "accept 1")
    assert state.uw.hands[0][0].money == 5 and state.uw.hands[0][0].used
    with pytest.raises(IllegalAction, match="already used Savings Bond this turn"):
        play(state, "black", "use savings-bond")


def test_a_trade_of_cards_one_does_not_hold_is_refused() -> None:
    state = uw_blank(hands={"blue": ["accountant"]})
    with pytest.raises(IllegalAction, match="Blue has 1 of accountant and the trade gives 2"):
        play(state, "blue", "trade blue>black card accountant, blue>green card accountant")
    with pytest.raises(IllegalAction, match="Black has none of accountant"):
        play(state, "black", "trade black>blue card accountant")


def test_a_card_trade_fails_if_the_card_was_used_up_before_everyone_accepted() -> None:
    state = uw_blank(hands={"black": ["savings-bond"]}, cards=MORE_CARDS)
    play(state, "black", "trade black>blue card savings-bond")
    play(state, "black", "use savings-bond")  # it is discarded by its own action before Blue accepts
    events = play(state, "blue", "accept 1")
    assert [e.how for e in events if isinstance(e, TradeClosed)] == ["failed"]


def test_card_trades_need_the_underworld_option() -> None:
    state, _ = _new(options=())
    with pytest.raises(IllegalAction, match="need the 'underworld' option"):
        GAME.apply(state, state.current, parse_action(f"trade {state.names[state.current]}>"
                                                      f"{state.names[(state.current + 1) % 3]} card accountant"))


def test_card_transfers_parse_back_from_their_text() -> None:
    text = "trade blue>red card private-jet, red>blue $3"
    assert parse_action(text).text() == text


# What every player can see


def test_every_view_shows_each_discard_pile_card_by_card_and_every_players_cards() -> None:
    """003 "There is no hidden information. ... Anyone can look through any discard pile." """
    state = uw_blank(deck=["D8", "A6"], line=["accountant"], hands={"green": ["lone-shark"]})
    play(state, "black", "end")
    play(state, "blue", "end")
    for viewer in (None, 0, 1, 2, 3):
        view = GAME.view(state, viewer)
        pile = view["discard_pile"]
        assert pile[-2:] == ["D8", "A6"] and len(pile) == len(state.discards)  # type: ignore[arg-type,index]
        uw = view["underworld"]
        assert [c["id"] for c in uw["line"]] == ["accountant"]  # type: ignore[index]
        assert [c["id"] for c in uw["hands"][2]] == []  # type: ignore[index]  # the Lone Shark went on A6
        assert uw["discards"] == ["lone-shark"]  # type: ignore[index]  # by id: names may repeat
