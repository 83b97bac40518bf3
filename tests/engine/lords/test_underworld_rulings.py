"""The two rulings docs/RULES.md settles from the unified rulebook (003), a test each (and their edges).

1. Card points through the score track's breaks: "Some effects score or combine with points immediately;
   these points are subject to the breaks in the scoring track", and the Acquire example joins two actions'
   card points into one payment ("which she adds to the 4 she gets from July 4th Party. Scoring 5 points,
   she goes up 2 spaces"). So one player's card points of one turn are one payment, whatever else is done
   between them, until a casino scores for that player: casinos score one payment each (Step 5).
2. Cards after the End of Game card: "Players may not do actions or initiate trades when this happens,
   though cards may still be played", and "Some effects are actions". Effects that are not actions still
   happen (a card triggered by the End of Game card, which pays The Strip; end-of-game points); using an
   action card is an action, so nobody can.
"""

from __future__ import annotations

import pytest

from tests.engine.lords.position import kinds, money, play, tile
from tests.engine.lords.underworld_position import uw_blank
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME

CARDS = """
[[card]]
id = "party"
cost = 0
timing = "now"
text = "Score 4 points."
on_acquire = [{ op = "score", value = 4 }]

[[card]]
id = "jet"
cost = 0
timing = "action"
use_cost = 1
text = "Spend $1m to score 1 point."
on_use = [{ op = "score", value = 1 }]
copies = 2

[[card]]
id = "convention"
cost = 0
timing = "now"
text = "Pay all casinos."
on_acquire = [{ op = "pay_all" }]
"""


def test_two_private_jets_from_18_reach_20_as_one_payment() -> None:
    """Ruling 1: the first point alone is lost to the break (19 is no stop); with the second the turn's card
    points are 2 from 18: 20."""
    state = uw_blank(hands={"black": ["jet", "jet"]}, cards=CARDS)
    state.score[0], state.money[0] = 18, 5
    play(state, "black", "use jet")
    assert state.score[0] == 18
    play(state, "black", "use jet")
    assert state.score[0] == 20


def test_card_points_stay_one_payment_with_other_actions_between_them() -> None:
    """Ruling 1: a build between July 4th Party's points and the Private Jet's does not split the payment."""
    state = uw_blank(line=["party"], hands={"black": ["jet"]}, cards=CARDS)
    state.score[0], state.money[0] = 18, 30
    play(state, "black", "acquire party")
    assert state.score[0] == 20
    tile(state, "C1", "gold", "black")  # a casino of Black's on the board, then a tile built beside it
    play(state, "black", "sprawl C1 C2")
    play(state, "black", "use jet")
    assert state.score[0] == 23


def test_a_casino_scoring_between_card_points_starts_a_new_payment() -> None:
    """Ruling 1's edge: a casino scores one payment of its own (Step 5); card points after it count from
    where the chip then stands. 18 + 4 = 20; the casino's 1 is lost to the break; then 20 + 1 is short of 23."""
    state = uw_blank(line=["party", "convention"], hands={"black": ["jet"]}, cards=CARDS)
    state.score[0], state.money[0] = 18, 5
    tile(state, "C1", "gold", "black", pips=3)
    play(state, "black", "acquire party")
    state.uw.acquires += 1  # type: ignore[union-attr]  # a second acquire this turn, as a card may give
    events = play(state, "black", "acquire convention")
    assert "scored" in kinds(events) and state.score[0] == 20
    play(state, "black", "use jet")
    assert state.score[0] == 20


def test_after_the_end_of_game_card_triggered_cards_act_and_action_cards_cannot_be_used() -> None:
    """Ruling 2: the End of Game card pays The Strip, so a Lone Shark's Pay The Strip trigger still takes its
    $12m; then the game is over: no one may use an action card (using one is an action)."""
    state = uw_blank(players=2, deck=["End of Game"], hands={"black": ["lone-shark", "private-jet"]})
    money(state, black=30)
    events = play(state, "black", "end")
    assert "card_triggered" in kinds(events) and state.money[0] == 18 and state.phase == "over"
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        play(state, "blue", "use private-jet")
    with pytest.raises(IllegalAction, match="the game is over"):
        play(state, "black", "use private-jet")
