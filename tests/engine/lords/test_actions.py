"""Build, sprawl, remodel, reorganize, raise and gamble: the rules around the rulebook examples."""

from __future__ import annotations

import pytest

from tests.engine.lords.position import (
    ScriptedDice,
    blank,
    casino_of,
    die_at,
    height_at,
    marker,
    money,
    play,
    seat,
    tile,
)
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.events import CasinosMerged, Gambled, LayoffChosen
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME


def test_build_next_to_a_same_colour_casino_extends_it() -> None:
    state = blank("classic", 4, current="blue")
    tile(state, "B1", "aqua", "green", pips=5)
    marker(state, "B2", "blue")
    money(state, blue=6)
    events = play(state, "blue", "build B2 aqua")
    assert casino_of(state, "B1") == ["B1", "B2"]
    assert not [e for e in events if isinstance(e, CasinosMerged)]


def test_build_between_two_same_colour_casinos_merges_them() -> None:
    state = blank("classic", 4, current="blue")
    tile(state, "B1", "aqua", "green", pips=5)
    tile(state, "B3", "aqua", "red", pips=3)
    marker(state, "B2", "blue")
    money(state, blue=6)
    events = play(state, "blue", "build B2 aqua")
    assert [e.lots for e in events if isinstance(e, CasinosMerged)] == [("B1", "B2", "B3")]


def test_different_heights_do_not_merge_until_equal() -> None:
    """000 "if a 2-high aqua casino stands next to a 3-high aqua casino, they are not yet joined." """
    state = blank("up", 4, current=0)
    tile(state, "B1", "aqua", 0, pips=5, height=2)
    tile(state, "B2", "aqua", 1, pips=6, height=3)
    assert casino_of(state, "B1") == ["B1"]
    money(state, black=15)
    play(state, 0, "raise B1")
    assert casino_of(state, "B1") == ["B1", "B2"]  # now both 3 high: one casino, Blue's 6 is boss
    assert GAME.view(state, None)["casinos"][0]["boss"] == 1


def test_sprawl_can_join_two_casinos() -> None:
    state = blank("classic", 4, current="blue")
    tile(state, "C1", "gold", "blue", pips=6)
    tile(state, "C3", "gold", "red", pips=2)
    money(state, blue=18)
    events = play(state, "blue", "sprawl C1 C2")
    assert casino_of(state, "C1") == ["C1", "C2", "C3"]
    assert any(isinstance(e, CasinosMerged) for e in events)


def test_remodel_costs_5m_per_space_whatever_the_height() -> None:
    """000 "Remodeling a raised casino only changes the topmost tile, and still costs only $5 million per space." """
    state = blank("up", 4, current=0)
    for lot in ("D1", "D2"):
        tile(state, lot, "silver", 0, height=3)
    money(state, black=10)
    play(state, 0, "remodel D1 purple")
    assert state.money[0] == 0 and height_at(state, "D2") == 3


def test_remodel_needs_a_tile_for_every_space() -> None:
    state = blank("classic", 4, current="blue")
    for lot in ("D1", "D2", "D3"):
        tile(state, lot, "silver", "blue")
    state.tiles_left[2] = 2  # gold: only 2 left for 3 spaces
    money(state, blue=50)
    with pytest.raises(IllegalAction) as refused:
        play(state, "blue", "remodel D1 gold")
    assert "needs 3 gold tile(s) and only 2 are left" in str(refused.value)


def test_reorganize_a_die_only_once_even_after_merging() -> None:
    """000 "A casino that includes any dice reorganized on a turn cannot be reorganized again that turn, even
    if it merges into a larger casino." """
    state = blank("classic", 4, current="blue")
    tile(state, "E1", "brown", "blue", pips=1)
    tile(state, "E3", "gold", "blue", pips=2)
    tile(state, "E2", "gold", "blue", pips=5)  # E2-E3 gold; E1 brown stands apart
    money(state, blue=50)
    state.rng = ScriptedDice([4])
    play(state, "blue", "reorg E1")
    play(state, "blue", "remodel E1 gold")  # E1 joins the gold casino E1-E2-E3
    with pytest.raises(IllegalAction) as refused:
        play(state, "blue", "reorg E2")
    assert refused.value.code == "already_reorganized"


def test_reorganize_is_allowed_again_next_turn() -> None:
    state = blank("classic", 2, current=0, deck=["A1", "A2"])
    tile(state, "E1", "brown", 0, pips=1)
    money(state, blue=50)
    state.rng = ScriptedDice([4, 2])
    play(state, 0, "reorg E1")
    play(state, 0, "end")
    play(state, 1, "end")
    play(state, 0, "reorg E1")
    assert die_at(state, "E1") == (0, 2)


def test_reorganize_asks_no_one_with_one_die_or_equal_values() -> None:
    state = blank("classic", 4, current="blue")
    for lot, who in (("C1", "blue"), ("C2", "green"), ("C3", "green"), ("C4", "red")):
        tile(state, lot, "purple", who, pips=1)
    money(state, blue=10)
    state.rng = ScriptedDice([6, 3, 3, 2])
    play(state, "blue", "reorg C1")
    assert not state.pending  # Blue and Red have one die each; Green rolled 3 and 3
    assert [die_at(state, x)[1] for x in ("C1", "C2", "C3", "C4")] == [6, 3, 3, 2]


def test_reorganize_the_reorganizer_places_first_then_the_others_in_turn_order() -> None:
    state = blank("classic", 4, current="red")
    for lot, who in (("C1", "blue"), ("C2", "blue"), ("C4", "red"), ("C5", "red")):
        tile(state, lot, "purple", who, pips=1)
    money(state, red=10)
    state.rng = ScriptedDice([6, 2, 5, 3])
    play(state, "red", "reorg C1")
    assert [(d.seat, d.values) for d in state.pending] == [(seat(state, "red"), (5, 3)),
                                                          (seat(state, "blue"), (6, 2))]
    play(state, "red", "place 5 C5")
    play(state, "blue", "place 6 C2")
    assert [die_at(state, x)[1] for x in ("C1", "C2", "C4", "C5")] == [2, 6, 3, 5]


def test_gamble_once_a_turn() -> None:
    state = blank("classic", 4, current="blue")
    tile(state, "D1", "aqua", "red", pips=6)
    money(state, blue=10, red=10)
    state.rng = ScriptedDice([3, 3])
    play(state, "blue", "gamble D1 5")
    assert state.money[0] == 5 and state.money[2] == 15  # a 6 loses
    with pytest.raises(IllegalAction) as refused:
        play(state, "blue", "gamble D1 1")
    assert refused.value.code == "already_gambled"


@pytest.mark.parametrize(("dice", "layoff", "gambler", "house"), [
    ((1, 1), False, 10 + 10, 20 - 10),  # 2 pays double
    ((6, 6), True, 10 + 10, 20 - 5),  # 12 pays double: the House pays half (round down), the bank the rest
    ((4, 5), False, 10 + 5, 20 - 5),  # 9 pays even money
    ((2, 1), True, 10 + 5, 20 - 2),  # 3 pays even: House 2, bank 3
    ((3, 4), False, 10 - 5, 20 + 5),  # 7 loses the bet to the House
    ((3, 4), True, 10 - 5, 20 + 2),  # laid off: the House keeps half (round down), the bank the rest
])
def test_field_bet_payouts_with_and_without_layoff(dice: tuple[int, int], layoff: bool, gambler: int,
                                                   house: int) -> None:
    state = blank("classic", 4, current="blue", options=("layoff",))
    tile(state, "D1", "aqua", "red", pips=6)
    money(state, blue=10, red=20)
    state.rng = ScriptedDice(list(dice))
    play(state, "blue", "gamble D1 5")
    assert GAME.actors(state) == (seat(state, "red"),)  # the House decides before the roll
    assert [a.text() for a in GAME.legal_actions(state, 2)] == ["layoff no", "layoff yes"]
    events = play(state, "red", f"layoff {'yes' if layoff else 'no'}")
    assert isinstance(events[0], LayoffChosen) and isinstance(events[-1], Gambled)
    assert (state.money[0], state.money[2]) == (gambler, house)


def test_without_the_layoff_option_there_is_no_decision() -> None:
    state = blank("classic", 4, current="blue")
    tile(state, "D1", "aqua", "red", pips=6)
    money(state, blue=10, red=20)
    state.rng = ScriptedDice([1, 1])
    play(state, "blue", "gamble D1 5")
    assert not state.pending and state.money[0] == 20


def test_tiles_of_a_colour_run_out_at_nine() -> None:
    state = blank("classic", 4, current="blue")
    for lot in ("A1", "A4", "B2", "B5", "C4", "C7", "C10", "D2", "D5"):
        tile(state, lot, "gold")
    marker(state, "E2", "blue")
    money(state, blue=10)
    legal = [a.text() for a in GAME.legal_actions(state, 0)]
    assert "build E2 gold" not in legal and "build E2 purple" in legal
