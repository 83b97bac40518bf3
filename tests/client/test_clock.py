"""The turn timer's clock on the game screen: the seat waited for and its seconds left, counted down on this
machine from when the update came (a given `now`: no test waits for the clock)."""

from __future__ import annotations

from tests.client.positions import mid_game_view
from vegas_client import Clock, ViewUpdate
from vegas_table.client.render.panels import render_status
from vegas_table.client.render.text import plain
from vegas_table.client.seen import seat_label
from vegas_table.client.viewmodel import ClientModel, apply_update, shown_view


def _model(seat: int | None, clocks: tuple[Clock, ...]) -> ClientModel:
    model = ClientModel(server="test:1", name="Tester", screen="game", game_id="abc234", seat=seat)
    view = mid_game_view(seat)
    apply_update(model, ViewUpdate(28, view, actors=tuple(c.seat for c in clocks), clocks=clocks))
    return model


def test_the_status_bar_counts_down_the_clock_of_the_seat_waited_for() -> None:
    model = _model(None, (Clock(1, 30.0, 60.0, received=100.0),))
    view = shown_view(model)
    name = seat_label(view, 1) if view is not None else ""
    assert f"{name}: 30 s left" in plain(render_status(model, 160, now=100.0))
    assert f"{name}: 18 s left" in plain(render_status(model, 160, now=112.2))
    assert f"{name}: 0 s left" in plain(render_status(model, 160, now=200.0))  # never below zero


def test_the_player_waited_for_reads_their_own_clock_and_a_game_without_timers_shows_none() -> None:
    assert "you: 9 s left" in plain(render_status(_model(1, (Clock(1, 9.0, 9.0, received=5.0),)), 160, now=5.0))
    assert "s left" not in plain(render_status(_model(1, ()), 160, now=5.0))
