"""The arena's benchmark (in `make bench`): the same games on one process and on every core, and the speed-up.

The two runs must give the same records (they are compared here too): only the wall time may differ.
"""

from __future__ import annotations

import time

from benchmarks.rows import Row
from vegas_table.arena.fanout import default_jobs, play_games
from vegas_table.arena.play import GameSpec
from vegas_table.engine import GameConfig


def arena_suite(quick: bool) -> list[Row]:
    games, jobs = (40 if quick else 2000), max(2, default_jobs())
    specs = [GameSpec(k, GameConfig("lords", "up", 4, f"bench/{k}"), ("random",) * 4) for k in range(games)]
    seconds = {}
    records = {}
    for n in (1, jobs):
        started = time.perf_counter()
        records[n] = play_games(specs, n)
        seconds[n] = time.perf_counter() - started
    if records[1] != records[jobs]:
        raise AssertionError(f"--jobs {jobs} gave other results than --jobs 1")
    return [
        Row("arena", f"random Lords up 4p games, --jobs 1 ({games} games)", games / seconds[1], "games/s"),
        Row("arena", f"the same games, --jobs {jobs}: identical results", games / seconds[jobs], "games/s"),
        Row("arena", f"speed-up with {jobs} processes", seconds[1] / seconds[jobs], "x", f"<= {jobs}"),
    ]
