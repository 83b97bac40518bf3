"""The draw step: taking over lots and sprawled tiles, running out of markers or dice, paying."""

from __future__ import annotations

import pytest

from tests.engine.lords.position import ScriptedDice, blank, die_at, kinds, marker, marker_at, play, seat, tile
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.events import BossTie, DieTakenOver, ParkingPaid
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import DRAW

ALL_LOTS_A_TO_E = [f"{b}{n}" for b, count in zip("ABCDE", (6, 6, 12, 9, 6), strict=True)
                   for n in range(1, count + 1)]


def test_drawing_a_sprawled_tile_takes_over_the_die_keeping_its_pips() -> None:
    state = blank("classic", 4, current="red", deck=["A5"])
    tile(state, "A2", "gold", "red", pips=2)
    tile(state, "A5", "gold", "red", pips=6)  # sprawled; its card was still in the deck
    events = play(state, "red", "end")
    assert die_at(state, "A5") == (seat(state, "yellow"), 6)
    taken = [e for e in events if isinstance(e, DieTakenOver)]
    assert [(e.lot, e.previous, e.pips) for e in taken] == [("A5", seat(state, "red"), 6)]


def test_drawing_a_tile_without_a_die_places_the_printed_die() -> None:
    state = blank("classic", 4, current="red", deck=["A5"])
    tile(state, "A5", "gold")  # its die was moved away earlier
    play(state, "red", "end")
    assert die_at(state, "A5") == (seat(state, "yellow"), 3)


def test_drawing_your_own_tile_changes_nothing() -> None:
    state = blank("classic", 4, current="red", deck=["A5"])
    tile(state, "A5", "gold", "yellow", pips=1)
    events = play(state, "red", "end")
    assert die_at(state, "A5") == (seat(state, "yellow"), 1)
    assert "die_taken_over" not in kinds(events)


def test_takeover_that_ties_for_boss_is_rerolled() -> None:
    state = blank("classic", 4, current="red", deck=["A5"])
    tile(state, "A2", "gold", "blue", pips=6)
    tile(state, "A5", "gold", "red", pips=6)  # Red's own 6 is no tie; Yellow's 6 would be
    state.rng = ScriptedDice([2, 5])
    events = play(state, "red", "end")
    ties = [e for e in events if isinstance(e, BossTie)]
    assert len(ties) == 1 and die_at(state, "A2") == (0, 2) and die_at(state, "A5") == (3, 5)


def test_all_markers_down_the_drawer_chooses_one_to_move() -> None:
    state = blank("classic", 4, current="red", deck=["E6"])
    mine = ALL_LOTS_A_TO_E[:10]
    for lot in mine:
        marker(state, lot, "yellow")
    play(state, "red", "end")
    assert state.phase == DRAW and state.pending[0].kind == "remove_marker"
    assert GAME.actors(state) == (seat(state, "yellow"),)
    assert [a.text() for a in GAME.legal_actions(state, seat(state, "yellow"))] == [f"remove {x}" for x in mine]
    with pytest.raises(IllegalAction) as refused:
        play(state, "red", "end")
    assert refused.value.code == "decision_pending"
    events = play(state, "yellow", "remove A3")
    assert marker_at(state, "A3") == -1 and marker_at(state, "E6") == seat(state, "yellow")
    paid = [e for e in events if isinstance(e, ParkingPaid)]
    assert paid and dict(paid[0].payouts)[seat(state, "yellow")] == 10
    assert not state.pending and state.phase == "actions"


def test_all_dice_down_a_takeover_moves_one_of_the_drawers_dice() -> None:
    state = blank("classic", 4, current="red", deck=["A5"])
    for lot in ALL_LOTS_A_TO_E[12:24]:
        tile(state, lot, "brown", "yellow", pips=1)  # twelve yellow dice in block C
    tile(state, "A5", "gold", "red", pips=4)
    play(state, "red", "end")
    assert state.pending[0].kind == "remove_die" and state.pending[0].pips == 4
    with pytest.raises(IllegalAction) as refused:
        play(state, "yellow", "remove A1")
    assert refused.value.code == "not_your_die"
    play(state, "yellow", "remove C7")
    assert die_at(state, "C7") == (-1, 0) and die_at(state, "A5") == (seat(state, "yellow"), 4)
    assert state.dice_down(seat(state, "yellow")) == 12


def test_all_dice_down_a_build_asks_which_die_to_move() -> None:
    state = blank("classic", 4, current="blue")
    for lot in ALL_LOTS_A_TO_E[12:24]:
        tile(state, lot, "brown", "blue", pips=2)
    marker(state, "A1", "blue")
    state.money[0] = 9
    play(state, "blue", "build A1 gold")
    assert state.pending[0].kind == "remove_die"
    play(state, "blue", "remove C12")
    assert die_at(state, "A1") == (0, 3) and die_at(state, "C12") == (-1, 0)


def test_parking_lots_pay_every_player_whoever_draws() -> None:
    state = blank("classic", 4, current="blue", deck=["A1"])
    marker(state, "B2", "blue")
    marker(state, "B3", "blue")
    marker(state, "C4", "red")
    play(state, "blue", "end")
    assert state.money == [2, 1, 1, 0]  # Green drew A1 and has a lot now too
