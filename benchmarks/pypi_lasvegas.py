"""The PyPI `lasvegas` package (0.2.0, the dev extra) beside this project's Las Vegas: random 2-player games
with no neutral dice, timed in turns in this one process.

The package plays a random game with `Game(num_players=2, num_xtr_players=0).run()` (its players choose
uniformly with Python's `random`; `num_xtr_players=0` removes the neutral dice its default rules add). This
project plays the same games two ways: the engine through its generic interface (`play_random_games`, the
benchmark's own loop) and as `vegas simulate --game lasvegas --players 2 --bots random --jobs 1` plays them
(`arena.fanout.play_games`: bots made per game, each decision a `Turn`). Each pair of runs plays a burst of
each, one after the other, in CPU seconds (`time.process_time`): the shared machine's speed drifts by a
factor of two within minutes, so only ratios taken run for run mean anything, and the rows give the median
of the pairs' ratios. Where the package is not installed, the rows say so and give no figure.
"""

from __future__ import annotations

import importlib
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from benchmarks.engine import play_random_games
from benchmarks.rows import NOT_MEASURED, Row
from vegas_table.arena.fanout import play_games
from vegas_table.arena.play import GameSpec
from vegas_table.engine import GameConfig

PACKAGE = "lasvegas"
PAIRS = 7


def package_games() -> Callable[[int], None] | None:
    """A function playing `n` of the package's random games (None if it is not installed)."""
    try:
        package = importlib.import_module(PACKAGE)
    except ImportError:
        return None
    game = package.Game

    def play(n: int) -> None:
        for _ in range(n):
            game(num_players=2, num_xtr_players=0).run()

    return play


def cpu_seconds(play: Callable[[], object]) -> float:
    started = time.process_time()
    play()
    return time.process_time() - started


def simulate(games: int, seed: str) -> None:
    """What `vegas simulate --game lasvegas --players 2 --games GAMES --seed SEED --bots random --jobs 1`
    plays (`cli.simulate.plan`: game k seeded SEED/k), without its report."""
    play_games([GameSpec(k, GameConfig("lasvegas", "base", 2, f"{seed}/{k}"), ("random", "random"))
                for k in range(games)])


def side_by_side_rows(quick: bool) -> list[Row]:
    """Games per second of the package, of the engine loop and of `vegas simulate`, and the two speed-ups
    over the package, each the median of `PAIRS` runs taken in turns."""
    package = package_games()
    what = "random games per second, 2 players, no neutral dice"
    if package is None:
        why = f"not measured: the PyPI package is not installed (pip install {PACKAGE}==0.2.0)"
        return [Row("lasvegas", f"PyPI lasvegas 0.2.0 {what}: {why}", NOT_MEASURED, "games/s"),
                Row("lasvegas", f"vegas simulate --jobs 1 against the PyPI lasvegas package: {why}", NOT_MEASURED,
                    "x faster", ">= 3x")]
    theirs_games, ours_games = (100, 250) if quick else (400, 1000)
    random.seed("bench/pypi")  # the package draws from the global generator
    package(20)
    simulate(20, "bench/pypi/warm")
    pairs = []
    for k in range(2 if quick else PAIRS):
        theirs = cpu_seconds(partial(package, theirs_games))
        engine = cpu_seconds(partial(play_random_games, "lasvegas", "base", 2, ours_games))
        simulated = cpu_seconds(partial(simulate, ours_games, f"bench/pypi/{k}"))
        pairs.append((theirs_games / theirs, ours_games / engine, ours_games / simulated))
    runs = f"median of {len(pairs)} runs in turns, CPU time"
    return [
        Row("lasvegas", f"PyPI lasvegas 0.2.0 {what} (Game(num_players=2, num_xtr_players=0).run(); {runs})",
            statistics.median(p for p, _, _ in pairs), "games/s"),
        Row("lasvegas", f"{what}, as vegas simulate --jobs 1 plays them (random bots; {runs})",
            statistics.median(s for _, _, s in pairs), "games/s"),
        Row("lasvegas", f"the engine's random games against the PyPI lasvegas package, run for run ({runs})",
            statistics.median(e / p for p, e, _ in pairs), "x faster", ">= 3x"),
        Row("lasvegas", f"vegas simulate --jobs 1 against the PyPI lasvegas package, run for run ({runs})",
            statistics.median(s / p for p, _, s in pairs), "x faster", ">= 3x"),
    ]
