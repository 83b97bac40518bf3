"""Every worked example and sentence-example of seed 003's Underworld sections, as a test named after it."""

from __future__ import annotations

import pytest

from tests.engine.lords.position import kinds, money, play, seat, tile
from tests.engine.lords.underworld_position import MORE_CARDS, hand_ids, line_ids, uw_blank
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.events import CardRevealed, CardScored
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.track import STOPS


def test_purple_draws_july_4th_party_and_discards_shady_deal() -> None:
    """003 Step 1: "There are 3 Underworld cards out when Purple begins her turn. She draws a new card, a July 4th
    Party, and puts it at the back of the line. Then she discards the oldest card, a Shady Deal." """
    state = uw_blank(current="green", deck=["A2"], line=["shady-deal", "accountant", "private-jet"],
                     underworld_deck=["july-4th-party"])
    events = play(state, "green", "end")
    assert state.current == seat(state, "purple")
    assert line_ids(state) == ["accountant", "private-jet", "july-4th-party"]
    assert state.uw is not None and [state.uw.cards[c].name for c in state.uw.discards] == ["Shady Deal"]
    assert CardRevealed(seat(state, "purple"), "July 4th Party", "Shady Deal") in events


def test_purple_buys_july_4th_party_and_flies_her_private_jet_to_23() -> None:
    """003 Acquire: "Purple has 18 points ... already has a Private Jet ... She pays $5 million to the bank and takes
    the card. Then she spends $1 million to score 1 point from her Private Jet, which she adds to the 4 she gets from
    July 4th Party. Scoring 5 points, she goes up 2 spaces on the track. She has now scored 23 points." """
    state = uw_blank(current="purple", line=["accountant", "july-4th-party", "lone-shark"],
                     hands={"purple": ["private-jet"]})
    purple = seat(state, "purple")
    state.score[purple] = 18
    money(state, purple=10)
    play(state, "purple", "acquire july-4th-party")
    assert state.money[purple] == 5 and hand_ids(state, "purple") == ["private-jet"]  # discarded to score
    play(state, "purple", "use private-jet")
    assert state.money[purple] == 4
    assert state.score[purple] == 23
    assert STOPS.index(23) - STOPS.index(18) == 2  # "she goes up 2 spaces on the track"


def test_you_cannot_use_an_accountant_during_a_reorganization() -> None:
    """003 "you can't use an Accountant to increase the value of a die during a reorganization" """
    from tests.engine.lords.position import ScriptedDice

    state = uw_blank(hands={"black": ["accountant"]})
    tile(state, "A1", "gold", "black", pips=3)
    tile(state, "A2", "gold", "black", pips=2)
    money(state, black=10)
    state.rng = ScriptedDice([6, 1])  # type: ignore[assignment]
    play(state, "black", "reorg A1")
    assert state.pending and state.pending[0].kind == "place_die"
    assert [a.text() for a in GAME.legal_actions(state, 0)] == ["place 6 A1", "place 6 A2"]
    with pytest.raises(IllegalAction, match="waiting for Black to place reorganized dice"):
        play(state, "black", "use accountant A1")


def test_no_die_above_6_or_below_1() -> None:
    """003 "you can't increase the value of a die above 6 or decrease it below 1, because those numbers don't
    exist on the dice" """
    state = uw_blank(hands={"black": ["accountant"]})
    tile(state, "A1", "gold", "black", pips=6)
    events = play(state, "black", "use accountant A1")
    assert state.die_pips[0] == 6 and "card_die_changed" in kinds(events)


def test_a_broke_player_does_not_pay_the_lone_shark() -> None:
    """003 "And if you're broke when a Lone Shark demands payment, you don't have to pay anything." """
    state = uw_blank(deck=["D5"], hands={"black": ["lone-shark"]})  # D5 pays The Strip
    events = play(state, "black", "end")
    assert state.money[0] == 0 and ("card_money" in kinds(events))


def test_a_card_may_let_you_gamble_more_than_once_a_turn() -> None:
    """003 "a card may let you gamble more than once a turn ... If there's a conflict between a card and the rules,
    do what the card says." """
    state = uw_blank(line=["high-roller"], cards=MORE_CARDS)
    tile(state, "A1", "gold", "blue", pips=6)
    money(state, black=20, blue=20)
    play(state, "black", "gamble A1 1")
    assert not any(getattr(a, "base", None) for a in GAME.legal_actions(state, 0))
    play(state, "black", "acquire high-roller")
    assert any(getattr(a, "base", None) for a in GAME.legal_actions(state, 0))
    play(state, "black", "gamble A1 1")
    assert state.uw is not None and state.uw.gambles == 0


def test_a_card_may_tell_you_to_acquire_when_you_already_acquired() -> None:
    """003 "or tell you to acquire a card when you already used the acquire action" """
    state = uw_blank(line=["fixer", "convention"], cards=MORE_CARDS)
    money(state, black=4)
    play(state, "black", "acquire fixer")
    play(state, "black", "acquire convention")
    assert line_ids(state) == [] and state.money[0] == 0


def test_a_card_that_calls_for_an_action_does_not_stop_you_doing_it_again() -> None:
    """003 "If a card calls for an action such as gambling or acquiring, it does not stop you from doing that
    action again." The High Roller's gamble is one more, whether it comes before or after your own."""
    state = uw_blank(line=["high-roller"], cards=MORE_CARDS)
    tile(state, "A1", "gold", "blue", pips=6)
    money(state, black=20, blue=20)
    play(state, "black", "acquire high-roller")
    play(state, "black", "gamble A1 1")
    play(state, "black", "gamble A1 1")
    assert state.gambled


def test_pay_all_casinos_each_casino_pays_money_and_scores_points() -> None:
    """003 "If a card says to pay all casinos, each casino pays money and scores points." """
    state = uw_blank(line=["convention"], cards=MORE_CARDS)
    tile(state, "A2", "purple", "blue", pips=2)  # not on The Strip
    tile(state, "E1", "brown", "green", pips=3)
    money(state, black=4)
    events = play(state, "black", "acquire convention")
    assert state.money[1:3] == [2, 3] and state.score[1:3] == [1, 1]
    assert kinds(events).count("casino_paid") == 2


def test_money_put_on_a_card_cannot_be_spent_until_taken_off() -> None:
    """003 "if a card says to put money on it, you can't spend it until it tells you to take it off the card" """
    state = uw_blank(line=["savings-bond"], cards=MORE_CARDS)
    money(state, black=2)
    play(state, "black", "acquire savings-bond")
    assert state.money[0] == 0 and state.uw is not None and state.uw.hands[0][0].money == 5
    assert GAME.view(state, 1)["underworld"]["hands"][0][0]["money"] == 5  # type: ignore[index,call-overload]
    play(state, "black", "use savings-bond")
    assert state.money[0] == 5 and hand_ids(state, "black") == []


def test_some_effects_are_triggered_by_property_cards_of_certain_colours() -> None:
    """003 "Some effects are triggered by property cards of certain colors." """
    state = uw_blank(deck=["A2", "A1"], hands={"green": ["albion-investor"]}, cards=MORE_CARDS)
    play(state, "black", "end")  # Blue draws A2, a purple card
    assert state.money[seat(state, "green")] == 2
    play(state, "blue", "end")  # Green draws A1, a brown card: nothing
    assert state.money[seat(state, "green")] == 3  # only Green's new parking lot paid


def test_some_effects_score_immediately_through_the_breaks() -> None:
    """003 "Some effects score or combine with points immediately; these points are subject to the breaks" """
    state = uw_blank(line=["july-4th-party"])
    state.score[0] = 8
    money(state, black=5)
    events = play(state, "black", "acquire july-4th-party")
    assert [e for e in events if isinstance(e, CardScored)] == [CardScored(0, "July 4th Party", 4, 8, 12)]


def test_end_of_game_points_are_not_subject_to_the_breaks() -> None:
    """003 "Cards' end-of-game point values are not subject to the breaks in the scoring track; instead, determine
    your score on the track, then modify it by the points in the upper right corners of your cards." """
    state = uw_blank(players=2, deck=["End of Game"], hands={"black": ["union-boss"]})
    state.score[0] = 20
    play(state, "black", "end")
    assert state.score[0] == 21 and 21 not in STOPS


def test_general_contractor_for_union_boss_and_a_discounted_remodel() -> None:
    """003 trade example, the card part: with the General Contractor ("reduces the cost of remodeling by $2 million
    per space") Black remodels the 3-tile silver casino to aqua for $9 million."""
    state = uw_blank(current="black", hands={"black": ["general-contractor"]})
    for lot, pips in (("C1", 6), ("C2", 1), ("C4", 1)):
        tile(state, lot, "silver", "black" if pips == 6 else "red", pips=pips)
    money(state, black=9)
    play(state, "black", "remodel C1 aqua")
    assert state.money[0] == 0


def test_you_could_pay_someone_for_their_health_inspector() -> None:
    """003 "For example, you could pay someone for their Health Inspector ..." """
    state = uw_blank(hands={"blue": ["health-inspector"]})
    money(state, black=10)
    play(state, "black", "trade black>blue $6, blue>black card health-inspector")
    play(state, "blue", "accept 1")
    assert hand_ids(state, "black") == ["health-inspector"] and state.money[:2] == [4, 6]


def test_or_pay_them_to_use_it_to_roll_3_dice() -> None:
    """003 "... or pay them to use it to roll 3 dice": on the holder's turn, as a step of a trade."""
    from tests.engine.lords.position import ScriptedDice

    state = uw_blank(current="blue", hands={"blue": ["health-inspector"]})
    tile(state, "A1", "gold", "green", pips=6)
    tile(state, "A2", "gold", "black", pips=2)
    money(state, black=3)
    state.rng = ScriptedDice([1, 5])  # type: ignore[assignment]
    play(state, "black", "trade black>blue $3, blue does use health-inspector A1")
    events = play(state, "blue", "accept 1")
    assert "card_rerolled" in kinds(events) and state.money[:2] == [0, 3]
    assert [state.die_pips[i] for i in (0, 1)] == [1, 5]  # Black is now the boss of the gold casino


def test_a_card_with_points_is_scored_by_the_player_that_owns_it_at_the_end() -> None:
    """003 "Any card with a point value in its upper right corner is scored by the player that owns it at the end
    of the game." A Union Boss (1 point) traded to Blue counts for Blue."""
    state = uw_blank(players=2, deck=["End of Game"], hands={"black": ["union-boss"]})
    play(state, "black", "trade black>blue card union-boss")
    play(state, "blue", "accept 1")
    play(state, "black", "end")
    assert state.score == [0, 1]


def test_zero_cost_cards_give_a_benefit_up_front_at_a_later_downside() -> None:
    """003 "A few cards have a $0 million initial cost; these usually get you a benefit up front but at a later
    downside." The Shady Deal (a ruling): $6m now, -3 points at the end."""
    state = uw_blank(players=2, deck=["End of Game"], line=["shady-deal"])
    play(state, "black", "acquire shady-deal")
    assert state.money[0] == 6
    play(state, "black", "end")
    assert state.score[0] == -3
