"""Trades (rulebook 000 "At Any Time: Trading" and RULINGS): among any number of players, all at once."""

from __future__ import annotations

import pytest

from tests.engine.lords.position import ScriptedDice, blank, die_at, marker, marker_at, money, play, seat, tile
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.events import BossTie, TradeClosed, TradeCompleted
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME


def _table():
    state = blank("up", 6, current="black")
    money(state, black=29, blue=10, green=10, red=10)
    return state


def test_money_for_a_parking_lot_between_two_players_out_of_turn() -> None:
    """Green trades Black $7 for Black's lot on D2 (the 2nd edition's trade example), on Black's turn."""
    state = _table()
    marker(state, "D2", "black")
    events = play(state, "green", "trade green>black $7, black>green lot D2")
    assert [e.kind for e in events] == ["trade_proposed"]
    assert state.money[0] == 29  # nothing happens until every party accepts
    events = play(state, "black", "accept 1")
    done = [e for e in events if isinstance(e, TradeCompleted)]
    assert done and dict(done[0].money) == {0: 7, 2: -7}
    assert state.money[0] == 36 and state.money[2] == 3
    assert marker_at(state, "D2") == seat(state, "green")


def test_a_traded_die_keeps_its_pips_not_the_printed_value() -> None:
    """'The new die has the same value as the die it is replacing, not the value marked on the space.'"""
    state = _table()
    tile(state, "B4", "silver", "blue", pips=6)
    tile(state, "B5", "silver", "red", pips=1)
    play(state, "black", "trade black>blue $5, blue>black die B4")
    play(state, "blue", "accept 1")
    assert die_at(state, "B4") == (0, 6)
    assert GAME.view(state, None)["casinos"][0]["boss"] == 0


def test_a_three_player_trade_needs_everyone() -> None:
    state = _table()
    marker(state, "D2", "black")
    tile(state, "B4", "silver", "blue", pips=6)
    play(state, "black", "trade green>black $7, black>green lot D2, black>blue $5, blue>black die B4")
    play(state, "green", "accept 1")
    assert len(state.trades) == 1 and state.money[0] == 29
    events = play(state, "blue", "accept 1")
    assert any(isinstance(e, TradeCompleted) for e in events)
    assert state.money[:3] == [31, 15, 3]


def test_any_party_may_reject_and_the_proposer_may_withdraw() -> None:
    state = _table()
    play(state, "black", "trade black>blue $5")
    with pytest.raises(IllegalAction) as refused:
        play(state, "green", "reject 1")
    assert refused.value.code == "not_a_party"
    events = play(state, "blue", "reject 1")
    assert isinstance(events[0], TradeClosed) and events[0].how == "rejected" and not state.trades
    play(state, "blue", "trade blue>black $1")
    with pytest.raises(IllegalAction) as refused:
        play(state, "black", "withdraw 2")
    assert refused.value.code == "not_proposer"
    play(state, "blue", "withdraw 2")
    assert not state.trades


def test_a_trade_no_longer_possible_fails_as_a_whole() -> None:
    state = _table()
    marker(state, "A1", "black")
    play(state, "black", "trade black>blue lot A1, blue>black $9")
    money(state, black=29)
    play(state, "black", "build A1 gold")  # the lot on offer is a casino now
    events = play(state, "blue", "accept 1")
    failed = [e for e in events if isinstance(e, TradeClosed)]
    assert failed and failed[0].how == "failed" and "Black has no parking lot on A1" in failed[0].reason
    assert state.money[1] == 10


def test_a_receiver_without_a_free_marker_names_the_one_they_give_up() -> None:
    state = _table()
    lots = ["A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B5"]
    for lot in lots:
        marker(state, lot, "blue")
    marker(state, "D2", "black")
    play(state, "black", "trade black>blue lot D2, blue>black $3")
    with pytest.raises(IllegalAction) as refused:
        play(state, "blue", "accept 1")
    assert refused.value.code == "no_room"
    assert [a.text() for a in GAME.legal_actions(state, 1)][:2] == ["accept 1 remove A1", "reject 1"]
    play(state, "blue", "accept 1 remove A6")
    assert marker_at(state, "A6") == -1 and marker_at(state, "D2") == 1 and state.markers_down(1) == 10


def test_open_trades_expire_when_the_turn_ends() -> None:
    state = _table()
    state.deck = [48, 0]
    play(state, "blue", "trade blue>black $2")
    events = play(state, "black", "end")
    assert any(isinstance(e, TradeClosed) and e.how == "expired" for e in events) and not state.trades


def test_a_trade_that_ties_for_boss_is_settled_by_rerolls() -> None:
    state = _table()
    tile(state, "C1", "gold", "blue", pips=5)
    tile(state, "C2", "gold", "green", pips=5)  # Blue 5 and Green 5 would tie... they are rerolled already
    state.die_pips[13] = 4
    tile(state, "C3", "gold", "black", pips=5)
    play(state, "green", "trade black>green die C3, green>black $1")
    state.rng = ScriptedDice([2, 6])
    events = play(state, "black", "accept 1")
    assert any(isinstance(e, BossTie) for e in events)
    assert die_at(state, "C1")[1] == 2 and die_at(state, "C3") == (2, 6)


def test_trades_wait_while_a_decision_is_pending() -> None:
    state = _table()
    tile(state, "D1", "aqua", "red", pips=6)
    state.layoff = True
    state.rng = ScriptedDice([3, 4])
    play(state, "black", "gamble D1 5")
    with pytest.raises(IllegalAction) as refused:
        play(state, "blue", "trade blue>black $1")
    assert refused.value.code == "decision_pending"
