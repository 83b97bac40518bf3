"""The engine benchmark: its old-code-path runner plays what `random_playouts(listing=True)` plays; the Las
Vegas round playouts are timed both ways; the PyPI package's rows, with it and without it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from benchmarks import pypi_lasvegas
from benchmarks.engine import lords_midgame, old_playouts, random_playouts, round_playout_rows
from benchmarks.rows import format_value

ROOT = Path(__file__).resolve().parents[2]


def test_the_old_path_runner_replays_the_midgame_and_plays_the_listing_loop() -> None:
    """Run on this checkout's own engine, the child process reaches the same mid-game state from the
    actions' text and plays the very games of the listing loop (the same actions, to the count)."""
    start, moves = lords_midgame()
    _, actions = old_playouts(ROOT, moves, 3)
    assert actions == random_playouts(start, 3, listing=True)[1]


def test_the_round_playout_rows_time_both_ways_of_playing_a_round() -> None:
    """Rounds per second on greedy's table and by the engine, and the first over the second as a speed-up."""
    table, engine, ratio = round_playout_rows(quick=True)
    assert table.unit == engine.unit == "rounds/s" and ratio.unit == "x faster"
    assert table.value > 0 and engine.value > 0
    assert ratio.value == pytest.approx(table.value / engine.value)


def test_the_pypi_rows_give_both_speed_ups_over_the_package_run_for_run() -> None:
    pytest.importorskip("lasvegas")
    theirs, simulated, engine_ratio, simulate_ratio = pypi_lasvegas.side_by_side_rows(quick=True)
    assert theirs.unit == simulated.unit == "games/s" and theirs.value > 0 and simulated.value > 0
    assert engine_ratio.unit == simulate_ratio.unit == "x faster"
    assert engine_ratio.target == simulate_ratio.target == ">= 3x" and simulate_ratio.value > 0


def test_without_the_package_the_pypi_rows_say_so_and_give_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pypi_lasvegas, "package_games", lambda: None)
    rows = pypi_lasvegas.side_by_side_rows(quick=True)
    assert rows and all(math.isnan(r.value) and "not installed" in r.measure for r in rows)
    assert all(format_value(r.value) == "-" for r in rows)
