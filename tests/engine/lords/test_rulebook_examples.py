"""Every worked example of rulebooks 000 (2nd edition + Up!) and 001 (classic), as a test named after it."""

from __future__ import annotations

import pytest

from tests.engine.lords.position import (
    ScriptedDice,
    blank,
    casino_of,
    die_at,
    height_at,
    marker,
    marker_at,
    money,
    play,
    seat,
    tile,
)
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.events import BossTie, CasinoPaid, Gambled, Scored
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.track import advance


def test_yellow_draws_d8() -> None:
    """000/001 "Example: It is the Yellow player's turn. He draws a gold card, D8..." """
    state = blank("classic", 4, current="red", deck=["D8"])
    marker(state, "C4", "green")
    tile(state, "F9", "gold", "yellow", pips=6)  # Yellow's 1-tile gold casino in the lower right
    tile(state, "B2", "gold", "green", pips=4)  # Green's 3-tile gold casino: Green 4 and 2, Blue 2
    tile(state, "B3", "gold", "green", pips=2)
    tile(state, "B6", "gold", "blue", pips=2)
    tile(state, "E1", "brown", "red", pips=3)  # brown and purple casinos pay nothing
    tile(state, "A2", "purple", "blue", pips=2)
    events = play(state, "red", "end")
    assert state.current == seat(state, "yellow")
    assert marker_at(state, "D8") == seat(state, "yellow")
    assert casino_of(state, "B2") == ["B2", "B3", "B6"]
    assert state.money == [2, 7, 0, 7]  # Blue $2; Green $1 lot + $6; Yellow $1 lot + $6
    assert state.score == [0, 3, 0, 1]  # Green boss of the 3-tile casino, Yellow of the 1-tile one
    paid = [e for e in events if isinstance(e, CasinoPaid)]
    assert [e.colour for e in paid] == ["gold", "gold"]


def test_yellow_draws_d8_marks_d8() -> None:
    state = blank("classic", 4, current="red", deck=["D8"])
    play(state, "red", "end")
    assert marker_at(state, "D8") == seat(state, "yellow")


def test_red_builds_a2_for_6m() -> None:
    """000/001 "Red has a marker on space A2 and can build a casino there for $6..." """
    state = blank("classic", 4, current="red")
    marker(state, "A2", "red")
    money(state, red=10)
    play(state, "red", "build A2 gold")
    assert state.money[seat(state, "red")] == 4
    assert die_at(state, "A2") == (seat(state, "red"), 2)
    assert marker_at(state, "A2") == -1
    assert casino_of(state, "A2") == ["A2"]


def _red_gold_casino_on_a2(rules: str = "classic", height: int = 1) -> object:
    state = blank(rules, 4 if rules == "classic" else 6, current="red")
    tile(state, "A2", "gold", "red", height=height)
    marker(state, "A3", "yellow")
    return state


def test_sprawl_a2_into_a5_costs_18m() -> None:
    """000/001 "Red is sprawling from A2 into A5... the cost is $18, twice the normal build cost of A5." """
    state = _red_gold_casino_on_a2()
    money(state, red=20)
    play(state, "red", "sprawl A2 A5")
    assert state.money[seat(state, "red")] == 2
    assert casino_of(state, "A2") == ["A2", "A5"]
    assert die_at(state, "A5") == (seat(state, "red"), 3)


def test_sprawl_a2_into_a3_refused_a3_is_owned_by_yellow() -> None:
    """'...but he can't expand into A3 because that space is owned by Yellow.'"""
    state = _red_gold_casino_on_a2()
    money(state, red=50)
    before = GAME.state_hash(state)
    with pytest.raises(IllegalAction) as refused:
        play(state, "red", "sprawl A2 A3")
    assert refused.value.code == "lot_taken"
    assert str(refused.value) == "sprawl A2 A3: A3 is owned by Yellow"
    assert GAME.state_hash(state) == before


def test_sprawl_a2_into_a5_with_a_riser_costs_33m() -> None:
    """000 "If that casino in A2 has been raised once, then it will cost Red $33 million total." """
    state = _red_gold_casino_on_a2("up", height=2)
    money(state, red=33)
    play(state, "red", "sprawl A2 A5")
    assert state.money[seat(state, "red")] == 0
    assert height_at(state, "A5") == 2  # A5 rises with it: one casino, never two of different heights
    assert casino_of(state, "A2") == ["A2", "A5"]


def _red_remodels_gold_to_brown() -> object:
    state = blank("classic", 4, current="red")
    tile(state, "A2", "gold", "red")  # Red 2
    tile(state, "A5", "gold", "red")  # Red 3
    tile(state, "A3", "brown", "yellow")  # Yellow 5
    money(state, red=30)
    play(state, "red", "remodel A2 brown")
    return state


def test_remodel_gold_to_brown_merging_under_yellow() -> None:
    """000/001 "The cost for this remodel is $10... This merges it with the smaller brown casino where Yellow
    is the boss. Yellow's 5 die is larger than Red's 3 die—Yellow is the boss of the new casino." """
    state = _red_remodels_gold_to_brown()
    assert state.money[seat(state, "red")] == 20
    assert casino_of(state, "A2") == ["A2", "A3", "A5"]
    view = GAME.view(state, None)
    assert view["casinos"][0]["boss"] == seat(state, "yellow")
    assert state.tiles_left == [9, 6, 9, 9, 9]  # two gold tiles went back; three brown are out


def test_reorganize_for_10m() -> None:
    """000/001 "He now reorganizes the new 3-tile casino for a cost of $10... Red becomes the boss of the
    casino because the Red 5 is now the largest die." """
    state = _red_remodels_gold_to_brown()
    state.rng = ScriptedDice([1, 2, 5])  # rolled in lot order: A2 (Red), A3 (Yellow), A5 (Red)
    play(state, "red", "reorg A2")
    assert state.money[seat(state, "red")] == 10
    head = state.pending[0]
    assert (head.kind, head.seat, head.values) == ("place_die", seat(state, "red"), (5, 1))
    assert [a.text() for a in GAME.legal_actions(state, seat(state, "red"))] == ["place 5 A2", "place 5 A5"]
    play(state, "red", "place 5 A2")  # Red protects A2 ... and the 1 goes to A5 by itself
    assert not state.pending
    assert die_at(state, "A2") == (seat(state, "red"), 5)
    assert die_at(state, "A5") == (seat(state, "red"), 1)
    assert GAME.view(state, None)["casinos"][0]["boss"] == seat(state, "red")


def test_reorganize_twice_in_a_turn_refused() -> None:
    """'If the reroll had not gone Red's way, he could not have made another reorganization of the same
    casino on the same turn.'"""
    state = _red_remodels_gold_to_brown()
    state.rng = ScriptedDice([1, 6, 2])
    play(state, "red", "reorg A5")
    play(state, "red", "place 2 A2")
    with pytest.raises(IllegalAction) as refused:
        play(state, "red", "reorg A2")
    assert refused.value.code == "already_reorganized"


@pytest.mark.parametrize("rules", ["classic", "up"])
def test_the_tied_5s(rules: str) -> None:
    """000/001 "Green's dice are 4 & 5, Red has a 5 & 2, and Yellow has a 2. Green remodels her gold casino
    to brown, and becomes tied with Red for control of this new 5-tile casino. Both 5's are rerolled—each
    gets a 3. Now Green's 4 is the largest die, so Green is the boss." """
    state = blank(rules, 4, current="green")
    tile(state, "C1", "gold", "green", pips=4)
    tile(state, "C4", "gold", "green", pips=5)
    tile(state, "C2", "brown", "red", pips=5)
    tile(state, "C3", "brown", "red", pips=2)
    tile(state, "C6", "brown", "yellow", pips=2)
    money(state, green=10)
    state.rng = ScriptedDice([3, 3])
    events = play(state, "green", "remodel C1 brown")
    assert casino_of(state, "C1") == ["C1", "C2", "C3", "C4", "C6"]
    ties = [e for e in events if isinstance(e, BossTie)]
    assert len(ties) == 1
    assert sorted((lot, old, new) for lot, _, old, new in ties[0].rolls) == [("C2", 5, 3), ("C4", 5, 3)]
    assert GAME.view(state, None)["casinos"][0]["boss"] == seat(state, "green")


def test_bet_limited_by_the_boss_money() -> None:
    """000/001 "Red chooses a 4-tile casino, and wants to bet $20. However, Blue only has $15, so the most
    Red can bet is $15." """
    state = blank("classic", 4, current="red")
    for lot in ("C1", "C2", "C4", "C5"):
        tile(state, lot, "silver", "blue", pips=3 if lot != "C1" else 6)
    money(state, red=40, blue=15)
    with pytest.raises(IllegalAction) as refused:
        play(state, "red", "gamble C1 20")
    assert refused.value.code == "bad_bet"
    assert "bets here are $1m to $15m" in str(refused.value)
    state.rng = ScriptedDice([3, 4])
    play(state, "red", "gamble C1 15")
    assert state.money[seat(state, "red")] == 25 and state.money[seat(state, "blue")] == 30


def test_yellow_wagers_4_and_rolls_3() -> None:
    """001 "Red is the boss of a 3-tile casino. On Yellow's turn, he goes to Red's casino and wagers $4
    (maximum is $15). Yellow rolls a 3, and wins $4 from Red." """
    state = blank("classic", 4, current="yellow")
    for lot in ("D1", "D2", "D3"):
        tile(state, lot, "aqua", "red")
    money(state, yellow=20, red=20)
    legal = [a for a in GAME.legal_actions(state, seat(state, "yellow")) if hasattr(a, "high")]
    assert [(a.base.lot, a.low, a.high) for a in legal] == [("D1", 1, 15)]
    state.rng = ScriptedDice([1, 2])
    events = play(state, "yellow", "gamble D2 4")
    assert state.money[seat(state, "yellow")] == 24 and state.money[seat(state, "red")] == 16
    assert isinstance(events[-1], Gambled) and events[-1].dice == (1, 2)


def test_the_house_pays_only_what_it_has() -> None:
    """000 "Green is the boss of a 2-square casino that has been raised once... Green only has $7 million.
    Yellow wagers $4 million. Yellow rolls a 12... she takes all of Green's $7 million." """
    state = blank("up", 6, current="yellow")
    tile(state, "E1", "purple", "green", height=2)
    tile(state, "E2", "purple", "green", height=2)
    money(state, yellow=30, green=7)
    with pytest.raises(IllegalAction):
        play(state, "yellow", "gamble E1 8")  # the limit is $20m for 4 tiles, but Green has only $7m
    state.rng = ScriptedDice([6, 6])
    play(state, "yellow", "gamble E1 4")
    assert state.money[seat(state, "yellow")] == 37 and state.money[seat(state, "green")] == 0


def test_three_player_raise_purple_example() -> None:
    """000 "In a 3-player game, Purple has a 2-space casino. She wants to perform the raise action twice...
    For each, Purple takes 2 risers, pays $30 million... She cannot raise this casino any higher." (Seats
    0-2 play black, blue and green; seat 0 takes Purple's part.)"""
    state = blank("up", 3, current=0)
    tile(state, "B1", "aqua", 0, pips=5)
    tile(state, "B2", "aqua", 0)
    money(state, black=70)
    play(state, 0, "raise B1")
    play(state, 0, "raise B2")
    assert state.money[0] == 10
    assert height_at(state, "B1") == height_at(state, "B2") == 3
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "raise B1")
    assert refused.value.code == "max_height"


def test_breaks_from_8() -> None:
    """000/001 "If your scoring chip is on the 8-space and a casino pays you only 1 point, your chip does not
    advance to the 10-space. If you are paid 2 or 3 points... 10-space. 4 or 5 points... 12-space." """
    assert [advance(8, p) for p in (1, 2, 3, 4, 5)] == [8, 10, 10, 12, 12]


def test_several_one_tile_casinos_do_not_pass_a_break() -> None:
    """'even if several casinos of 1 tile each pay you on the same turn, your scoring chip still cannot move
    from the 8-space to the 10-space.'"""
    state = blank("classic", 4, current="red", deck=["A1"])  # a brown card
    for lot in ("B6", "D2", "E5"):
        tile(state, lot, "brown", "blue")
    state.score[seat(state, "blue")] = 8
    play(state, "red", "end")
    assert state.score[seat(state, "blue")] == 8


def test_casinos_score_smallest_point_value_first() -> None:
    """000 "a 3-space casino that's 4 tiles high is worth 12 points. When scoring casinos from smallest to
    largest, this order is determined by total point value, not by how many spaces it occupies." """
    state = blank("up", 4, current=0, deck=["A4"])  # a gold card
    for lot in ("C1", "C2", "C3"):
        tile(state, lot, "gold", "green", height=4)  # 3 spaces × 4 high = 12 points
    for lot in ("E1", "E2", "E4", "E5"):
        tile(state, lot, "gold", "green")  # 4 spaces × 1 = 4 points
    events = play(state, 0, "end")
    scored = [(e.points, e.before, e.after) for e in events if isinstance(e, Scored)]
    assert scored == [(4, 0, 4), (12, 4, 16)]


def test_two_player_f_cards_pay_and_are_drawn_past() -> None:
    """000/001 2-PLAYER RULES: an F card places no marker, pays and is discarded; draw again until A-E."""
    state = blank("classic", 2, current=1, deck=["F2", "F5", "B3"])  # silver, brown, then a purple lot
    tile(state, "A5", "silver", 1, pips=4)
    tile(state, "A1", "brown", 0, pips=3)
    marker(state, "C4", 0)
    play(state, 1, "end")
    assert marker_at(state, "F2") == marker_at(state, "F5") == -1
    assert marker_at(state, "B3") == 0  # B3: the first card of A-E gives the marker
    assert state.money == [1 + 1 + 3 + 2, 4]  # seat 0: C4 pays thrice (and B3 once), brown 3; seat 1: silver 4
    assert state.score == [1, 1]


def test_two_player_setup_replaces_f_cards() -> None:
    for k in range(30):
        state, _ = GAME.new(GAME_CONFIG_2P(k))
        assert all(marker_at(state, f"F{n}") == -1 for n in range(1, 10)), "no F lot is dealt with 2 players"


def GAME_CONFIG_2P(k: int):
    from vegas_table.engine.core.api import GameConfig

    return GameConfig("lords", "classic", 2, f"two-{k}")


def test_two_player_sprawl_into_f_refused() -> None:
    state = blank("classic", 2, current=0)
    tile(state, "F1", "purple", 0, pips=6)  # (only reachable by hand: no F lot is ever owned with 2 players)
    money(state, blue=100)
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "sprawl F1 F2")
    assert refused.value.code == "block_closed"


def test_the_end_pays_lots_and_the_strip() -> None:
    """001 "As soon as anyone draws the End of Game card, the game ends immediately. Make a final payout for
    The Strip and all owned lots." """
    state = blank("classic", 3, current=2, deck=["End of Game"])
    marker(state, "C5", 1)
    tile(state, "A3", "aqua", 0, pips=5)  # touches The Strip
    tile(state, "A1", "brown", 1, pips=6)  # does not
    events = play(state, 2, "end")
    assert GAME.is_over(state)
    assert state.money == [5, 1, 0] and state.score == [1, 0, 0]
    assert GAME.result(state).winners == (0,)
    assert events[-1].kind == "game_ended" and events[-1].reason == "end_of_game_card"
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "end")
    assert refused.value.code == "game_over"


def test_the_end_tie_on_points_goes_to_money_then_shared() -> None:
    state = blank("classic", 3, current=2, deck=["End of Game"])
    state.score = [20, 20, 20]
    state.money = [5, 9, 9]
    play(state, 2, "end")
    assert GAME.result(state).winners == (1, 2)


def test_instant_win_at_90_finishes_the_payment_step() -> None:
    """000 "The game also ends if a player reaches 90+ points... Finish scoring points, and then the player
    with the most points wins!" """
    state = blank("up", 3, current=2, deck=["C5", "A1"])  # C5 is an aqua card
    tile(state, "A3", "aqua", 0, pips=6, height=3)
    tile(state, "A6", "aqua", 0, pips=2, height=3)  # 2 spaces × 3 high = 6 points: 81 → 87, not a stop...
    tile(state, "B5", "aqua", 1, pips=4)
    state.score = [81, 89, 0]
    events = play(state, 2, "end")
    assert state.score[0] == 81  # 81 + 6 does not reach 90
    assert state.score[1] == 90  # 89 + 1 reaches the Instant Win space
    assert GAME.is_over(state) and GAME.result(state).reason == "instant_win"
    assert [e.kind for e in events][-1] == "game_ended"
    assert all(isinstance(e, (Scored, CasinoPaid)) or e.kind != "turn_started" for e in events[3:])
