"""The engine benchmark: its old-code-path runner plays what `random_playouts(listing=True)` plays; the Las
Vegas round playouts are timed both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.engine import lords_midgame, old_playouts, random_playouts, round_playout_rows

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
