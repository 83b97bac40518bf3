"""Benchmark: how fast `vegas replay verify` proves replay files, in actions per second (target >= 10,000).

`make bench` calls `replay_suite`. It records random 4-player Lords of Vegas games (rule set `up`) to
replay files once, then times `verify_path` over all of them: reading, parsing, re-applying every action,
comparing every event and hashing every state, as a user's `vegas replay verify` does. The best of a few
passes is reported, so a busy machine's hiccups do not count against the verifier.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from benchmarks.rows import Row
from vegas_table.arena.play import play_one
from vegas_table.bots.random_bot import RandomBot
from vegas_table.engine import GameConfig
from vegas_table.replays.verify import verify_path

PASSES = 3


def record_games(directory: Path, games: int, seed: str = "bench") -> list[Path]:
    """Play `games` random 4-player `up` games and write each one's replay into `directory`."""
    paths = []
    for index in range(games):
        config = GameConfig("lords", "up", 4, f"{seed}/{index}")
        path = directory / f"bench-{index:04d}.jsonl"
        play_one(config, [RandomBot(f"{config.seed}/{seat}") for seat in range(4)], path)
        paths.append(path)
    return paths


def verify_speed(paths: list[Path]) -> tuple[float, int]:
    """Verify every file; return (best seconds over a few passes, actions verified per pass)."""
    best, actions = float("inf"), 0
    for _ in range(PASSES):
        started = time.perf_counter()
        reports = [verify_path(path) for path in paths]
        best = min(best, time.perf_counter() - started)
        if not all(report.ok for report in reports):
            raise RuntimeError("a freshly recorded replay did not verify: the benchmark would measure nothing")
        actions = sum(report.actions for report in reports)
    return best, actions


def replay_suite(quick: bool) -> list[Row]:
    """Rows for `make bench`: replay files verified per second and actions verified per second."""
    games = 20 if quick else 100
    with tempfile.TemporaryDirectory() as directory:
        paths = record_games(Path(directory), games)
        seconds, actions = verify_speed(paths)
    return [
        Row("replays", "replay actions verified per second (random 4-player up games, from the file)",
            actions / seconds, "actions/s", ">= 10,000"),
        Row("replays", "replay files verified per second", games / seconds, "files/s"),
    ]
