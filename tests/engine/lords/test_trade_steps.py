"""Trades with an action the current player performs now, step by step (rulebooks 000, 001, 003; seed 003's
"If something stops an element of a trade from occurring ..., the subsequent steps of the trade do not occur")."""

from __future__ import annotations

import pytest

from tests.engine.lords.position import blank, casino_of, die_at, kinds, marker, marker_at, money, play, tile
from tests.engine.lords.underworld_position import hand_ids, uw_blank
from vegas_table.engine.core.errors import IllegalAction, MalformedAction
from vegas_table.engine.lords.actions import parse_action
from vegas_table.engine.lords.board import COLOURS, LOT_BY_NAME
from vegas_table.engine.lords.codec import decode, encode
from vegas_table.engine.lords.events import TradeClosed, TradeCompleted


def test_an_action_you_perform_this_turn_for_money() -> None:
    """000/001/003 "You may trade an action you perform this turn for money." Blue pays Black $3m to build a gold
    casino on A2 now (next to nothing of Blue's; say Blue wants the gold tiles gone)."""
    state = blank("up", 3, current="black")
    marker(state, "A2", "black")
    money(state, black=3, blue=5)
    play(state, "blue", "trade blue>black $3, black does build A2 gold")
    events = play(state, "black", "accept 1")
    assert kinds(events)[-2:] == ["built", "trade_completed"]
    assert state.money[:2] == [0, 2] and die_at(state, "A2") == (0, 2)
    done = [e for e in events if isinstance(e, TradeCompleted)]
    assert done[0].terms == "blue>black $3, black does build A2 gold"


def test_the_steps_happen_in_order_so_money_received_can_pay_for_the_action() -> None:
    state = blank("up", 3, current="black")
    marker(state, "A2", "black")
    money(state, black=0, blue=6)
    play(state, "black", "trade blue>black $6, black does build A2 gold")
    play(state, "blue", "accept 1")
    assert state.money[:2] == [0, 0] and die_at(state, "A2") == (0, 2)


def test_a_step_that_cannot_happen_stops_the_rest_and_earlier_steps_stay_done() -> None:
    """003 "If something stops an element of a trade from occurring ..., the subsequent steps do not occur." """
    state = blank("up", 3, current="black")
    marker(state, "A2", "black")
    marker(state, "B2", "green")
    money(state, black=0, blue=6, green=0)
    play(state, "black", "trade blue>black $2, black does build A2 gold, green>blue lot B2")
    play(state, "blue", "accept 1")
    events = play(state, "green", "accept 1")
    stopped = [e for e in events if isinstance(e, TradeClosed)]
    assert stopped and stopped[0].how == "stopped" and "step 2 (black does build A2 gold)" in stopped[0].reason
    assert "it costs $6m and you have $2m" in stopped[0].reason
    assert state.money[:2] == [2, 4] and marker_at(state, "A2") == 0 and marker_at(state, "B2") == 2
    assert [e.terms for e in events if isinstance(e, TradeCompleted)] == ["blue>black $2"]


def test_the_general_contractor_and_union_boss_trade_in_full() -> None:
    """003's trade example, in its order: Black gives Blue $8 million, Black replaces the blue 6 with a black 6,
    Blue gives Green the Union Boss, Green gives Black the General Contractor, Black spends $9 million to remodel
    the 3-tile silver casino to aqua, the silver tiles return, Black builds a $9 million silver tile to make a
    6-tile silver casino, Blue and Black trade dice back."""
    state = uw_blank(rules="up", players=4, current="black",
                     hands={"blue": ["union-boss"], "green": ["general-contractor"]})
    money(state, black=29)
    # The 3-tile silver casino: Blue's 6 and two 1s of a third player (Red in the seed; Purple, the fourth seat,
    # here). Black's silver casino takes the rest of the silver tiles but one, and Black has a parking lot by it.
    tile(state, "C1", "silver", "blue", pips=6)
    tile(state, "C2", "silver", "purple", pips=1)
    tile(state, "C4", "silver", "purple", pips=1)
    for lot in ("E1", "E2", "E3", "E5"):
        tile(state, lot, "silver", "black", pips=5)
    tile(state, "B1", "silver", "black", pips=6)
    marker(state, "E4", "black")
    assert state.tiles_left[3] == 1
    play(state, "black", "trade black>blue $8, blue>black die C1, blue>green card union-boss, "
                         "green>black card general-contractor, black does remodel C1 aqua, "
                         "black does build E4 silver, black>blue die C1")
    play(state, "blue", "accept 1")
    events = play(state, "green", "accept 1")
    assert "trade_closed" not in kinds(events)
    assert hand_ids(state, "black") == ["general-contractor"] and hand_ids(state, "green") == ["union-boss"]
    assert die_at(state, "C1") == (1, 6)  # the dice traded back
    assert state.money[0] == 29 - 8 - 9 - 12  # the remodel at $3m a space; E4 costs $12m (the seed's board differs)
    assert casino_of(state, "E4") == ["E1", "E2", "E3", "E4", "E5"]
    assert state.tile[LOT_BY_NAME["C1"]] == COLOURS.index("aqua")


def test_only_the_current_player_can_perform_an_action_in_a_trade() -> None:
    """003 "No player may ever take an action on another player's turn." """
    state = blank("up", 3, current="black")
    marker(state, "A2", "blue")
    money(state, blue=10)
    with pytest.raises(IllegalAction, match="only Black, whose turn it is, can perform an action in a trade"):
        play(state, "blue", "trade blue does build A2 gold, black>blue $1")


def test_a_trade_step_names_a_turn_action() -> None:
    for text in ("trade black does end", "trade black does trade black>blue $1", "trade black does layoff yes"):
        with pytest.raises(MalformedAction, match="names one of build, sprawl, remodel"):
            parse_action(text)
    text = "trade blue>black $3, black does gamble B4 2"
    assert parse_action(text).text() == text


def test_an_action_that_asks_for_a_decision_stops_the_trade_there() -> None:
    state = blank("up", 3, current="black", options=("layoff",))
    tile(state, "A1", "gold", "blue", pips=6)
    marker(state, "B2", "green")
    money(state, black=10, blue=10)
    play(state, "black", "trade black does gamble A1 2, green>black lot B2")
    events = play(state, "green", "accept 1")
    assert state.pending and state.pending[0].kind == "layoff"
    assert [e.how for e in events if isinstance(e, TradeClosed)] == ["stopped"]
    assert marker_at(state, "B2") == 2


def test_an_open_trade_with_steps_encodes_and_decodes() -> None:
    state = blank("up", 3, current="black")
    marker(state, "A2", "black")
    money(state, blue=5)
    play(state, "blue", "trade blue>black $3, black does build A2 gold")
    data = encode(state)
    assert data["trades"][0]["transfers"] == ["blue>black $3", "black does build A2 gold"]  # type: ignore[index]
    assert encode(decode(data)) == data
