"""How long bots take a decision in real games: each seat's `choose` timed in games played in-process.

For choosing the bots a person plays against (`vegas play --local` gives a bot about a second a decision):

    python -m harness.time_bots --game lords --rules up --players 4 --lineup greedy@deals,greedy,greedy,greedy --games 4

The time is the wall clock of `Bot.choose` on the position as the server's bot seats would be asked it (its
view and legal actions made lazily, as there); the engine's own work between decisions is not counted. On a
shared machine, run the bots to compare side by side in one command (one lineup), so they share its load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from vegas_table.arena.play import play_one
from vegas_table.arena.stats import percentile
from vegas_table.bots.base import Bot, Choice, GameInfo, Turn
from vegas_table.bots.registry import make_bot
from vegas_table.bots.seeds import seat_seed
from vegas_table.engine import GameConfig


class Timed(Bot):
    """Another bot, each of its decisions timed into `seconds`."""

    def __init__(self, bot: Bot, seconds: list[float]) -> None:
        super().__init__()
        self.bot = bot
        self.seconds = seconds

    def on_game_start(self, info: GameInfo) -> None:
        self.bot.on_game_start(info)

    def on_game_end(self, view: Mapping[str, Any]) -> None:
        self.bot.on_game_end(view)

    def choose(self, turn: Turn) -> Choice:
        started = time.perf_counter()
        choice = self.bot.choose(turn)
        self.seconds.append(time.perf_counter() - started)
        return choice


def table(seconds: dict[str, list[float]]) -> str:
    """One row a bot: its decisions, and their mean, 95th percentile and longest, in milliseconds."""
    lines = ["| bot | decisions | mean ms | 95th percentile ms | most ms |", "| --- | ---: | ---: | ---: | ---: |"]
    for name, times in seconds.items():
        lines.append(f"| {name} | {len(times)} | {statistics.fmean(times) * 1000:.0f} | "
                     f"{percentile(times, 0.95) * 1000:.0f} | {max(times) * 1000:.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="lords")
    parser.add_argument("--rules", default="up")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--lineup", required=True, help="a bot name per seat, comma-separated")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", default="tb")
    args = parser.parse_args(argv)
    names = args.lineup.split(",")
    if len(names) != args.players:
        parser.error(f"--lineup names {len(names)} bots for {args.players} seats")
    seconds: dict[str, list[float]] = defaultdict(list)
    for game in range(args.games):
        config = GameConfig(args.game, args.rules, args.players, f"{args.seed}{game}", ())
        rotated = names[game % len(names):] + names[:game % len(names)]  # every bot at every seat in turn
        bots: list[Bot] = [Timed(make_bot(name, seat_seed(config.seed, seat), plugins=True), seconds[name])
                           for seat, name in enumerate(rotated)]
        play_one(config, bots)
        print(f"game {game + 1} of {args.games} played", file=sys.stderr, flush=True)
    print(table(seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
