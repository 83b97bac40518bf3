"""The engine benchmark's old-code-path runner plays what `random_playouts(listing=True)` plays."""

from __future__ import annotations

from pathlib import Path

from benchmarks.engine import lords_midgame, old_playouts, random_playouts

ROOT = Path(__file__).resolve().parents[2]


def test_the_old_path_runner_replays_the_midgame_and_plays_the_listing_loop() -> None:
    """Run on this checkout's own engine, the child process reaches the same mid-game state from the
    actions' text and plays the very games of the listing loop (the same actions, to the count)."""
    start, moves = lords_midgame()
    _, actions = old_playouts(ROOT, moves, 3)
    assert actions == random_playouts(start, 3, listing=True)[1]
