"""The bot ladder's benchmark (in `make bench`, suite `ladder`): how strong each rung is and how long it thinks.

Per game, every rung that is not greedy itself plays greedy, and every rung the rung below it, over duplicate
deals in both seat rotations (`arena.tournament`: the interval takes the deal as the unit). Every decision of
a rung's bot is timed (the wall clock of `Bot.choose`, in-process; the engine's work between decisions is not
counted), and its median and 95th percentile are set beside the rung's time per decision
(`bots.ladder.TIME_PER_DECISION`). The games run one after the other in this process, so that every bot
shares the machine's load alike; on a shared machine the times are high, never low.

`python -m benchmarks.ladder [--deals N] [--game lords]` runs it alone; `$VEGAS_BENCH_LADDER_DEALS` sets the
deals of `make bench` (default `DEALS`).
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from benchmarks.rows import Row
from vegas_table.arena.play import play_one
from vegas_table.arena.stats import percentile
from vegas_table.arena.tournament import Lineup, plan, standings
from vegas_table.bots.base import Bot, Choice, GameInfo, Turn
from vegas_table.bots.ladder import LADDER, TIME_PER_DECISION
from vegas_table.bots.registry import make_bot
from vegas_table.bots.seeds import seat_seed

GAMES: dict[str, str] = {"lasvegas": "base", "lords": "classic"}  # game -> the rules its matches play, 2 seats
DEALS = 40  # per match, each played in both seat rotations: 80 games, an interval about 30 points wide
QUICK_DEALS = 1
SEED = "ladder1"
BASE = "greedy"


class Timed(Bot):
    """Another bot, each of its decisions timed into `seconds`."""

    def __init__(self, bot: Bot, seconds: list[float]) -> None:
        super().__init__()
        self.bot, self.seconds = bot, seconds

    def on_game_start(self, info: GameInfo) -> None:
        self.bot.on_game_start(info)

    def on_game_end(self, view: Mapping[str, Any]) -> None:
        self.bot.on_game_end(view)

    def choose(self, turn: Turn) -> Choice:
        started = time.perf_counter()
        choice = self.bot.choose(turn)
        self.seconds.append(time.perf_counter() - started)
        return choice


def matches(game: str) -> list[Lineup]:
    """The line-ups of `game`: each rung against greedy (unless it plays greedy), and against the rung below
    (unless that one plays greedy: the same games)."""
    rungs = [rung for rung in LADDER if LADDER[rung][game] != BASE]
    lineups: list[Lineup] = [(rung, BASE) for rung in rungs]
    return lineups + [(rung, below) for below, rung in itertools.pairwise(rungs)]


def named(rung: str, game: str) -> str:
    return f"{rung} ({LADDER[rung][game]})" if rung in LADDER else rung


def play_match(game: str, lineup: Lineup, deals: int, seconds: dict[str, list[float]]) -> Row:
    """`lineup`'s games over `deals` duplicate deals, its first bot's win share as a row; every decision of a
    rung timed into `seconds[rung]`."""
    rules = GAMES[game]
    specs, where = plan(game, rules, len(lineup), [lineup], deals, SEED)
    records = []
    for spec in specs:
        bots: list[Bot] = []
        for seat, name in enumerate(spec.seats):
            bot = make_bot(name, seat_seed(spec.config.seed, seat))
            bots.append(Timed(bot, seconds.setdefault(name, [])) if name in LADDER else bot)
        record = play_one(spec.config, bots)
        record.index, record.seats = spec.index, spec.seats
        records.append(record)
    first = next(s for s in standings(lineup, records, where) if s.bot == lineup[0])
    return Row("ladder", f"{game} {rules} 2p: {named(lineup[0], game)} vs {named(lineup[1], game)}, win share of "
               f"{first.games} games (95% interval {100 * first.low:.0f}-{100 * first.high:.0f}%)",
               100 * first.share, "%", ">= 50%")


def time_rows(game: str, seconds: Mapping[str, Sequence[float]]) -> list[Row]:
    rows = []
    for rung, times in seconds.items():
        if times:
            budget = f"<= {TIME_PER_DECISION[rung] * 1000:.0f}"
            rows += [Row("ladder", f"{game}: {named(rung, game)} decision time, median of {len(times)}",
                         1000 * statistics.median(times), "ms"),
                     Row("ladder", f"{game}: {named(rung, game)} decision time, 95th percentile",
                         1000 * percentile(list(times), 0.95), "ms", budget)]
    return rows


def ladder_rows(games: Sequence[str], deals: int) -> Iterator[Row]:
    """Each game's matches' rows as they are played, then its rungs' decision times."""
    for game in games:
        seconds: dict[str, list[float]] = {rung: [] for rung in LADDER}
        for lineup in matches(game):
            yield play_match(game, lineup, deals, seconds)
        yield from time_rows(game, seconds)


def ladder_suite(quick: bool) -> list[Row]:
    deals = QUICK_DEALS if quick else int(os.environ.get("VEGAS_BENCH_LADDER_DEALS", DEALS))
    return list(ladder_rows(list(GAMES), deals))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ladder", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals per match (default {DEALS})")
    parser.add_argument("--game", choices=list(GAMES), action="append", help="one game (default: both)")
    args = parser.parse_args(argv)
    for row in ladder_rows(args.game or list(GAMES), args.deals):
        print(row.markdown(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
