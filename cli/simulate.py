"""vegas simulate: play many complete bot games in-process and compare the bots.

Seeds are derived from --seed, so the same arguments give the same games and the same numbers every time
(timings aside): game k uses engine seed "<seed>/<k>", and its bots are seeded from it too. Seats rotate
between games (game k gives seat s the bot bots[(s + k) % players]), so no bot keeps the first seat.
A bot's win rate is its mean share of a win per seat it played (a shared win counts as a fraction), with a
Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from vegas_table.arena.fanout import default_jobs, play_games
from vegas_table.arena.play import GameRecord, GameSpec
from vegas_table.arena.stats import wilson_interval
from vegas_table.bots.registry import bot_problem
from vegas_table.cli.choices import bots_text, options_text, rules_text
from vegas_table.cli.progress import progress
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.registry import game_names


@dataclass
class SimulationReport:
    game: str
    rules: str
    players: int
    options: tuple[str, ...]
    seed: str
    bots: tuple[str, ...]
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    def wins_by_seat(self) -> list[float]:
        wins = [0.0] * self.players
        for r in self.records:
            for w in r.winners:
                wins[w] += 1 / len(r.winners)
        return wins

    def win_rate_by_bot(self) -> dict[str, dict[str, Any]]:
        shares: dict[str, float] = {}
        seats: dict[str, int] = {}
        for r in self.records:
            for seat, name in enumerate(r.seats):
                seats[name] = seats.get(name, 0) + 1
                shares[name] = shares.get(name, 0.0) + (1 / len(r.winners) if seat in r.winners else 0.0)
        return {name: {"rate": shares[name] / seats[name], "seat_games": seats[name],
                       "ci95": list(wilson_interval(shares[name], seats[name]))} for name in sorted(seats)}

    def mean(self, key: str) -> float:
        values = [s[key] for r in self.records for s in r.standings]
        return sum(values) / len(values) if values else 0.0

    def to_json(self) -> dict[str, Any]:
        n = len(self.records)
        keys = sorted(self.records[0].standings[0]) if n else []
        return {
            "game": self.game, "rules": self.rules, "players": self.players, "options": list(self.options),
            "seed": self.seed, "bots": list(self.bots), "games": n,
            "wins_by_seat": self.wins_by_seat(), "win_rate_by_bot": self.win_rate_by_bot(),
            "mean_turns": sum(r.turns for r in self.records) / n if n else 0.0,
            "mean_actions": sum(r.actions for r in self.records) / n if n else 0.0,
            "mean_final": {key: self.mean(key) for key in keys},
            "games_per_second": n / self.seconds if self.seconds else 0.0,
            "seconds": self.seconds,
        }


def seat_bots(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot name of each seat in game `index`: the list rotates by one seat per game."""
    line = list(bots) * players if len(bots) == 1 else list(bots)
    return tuple(line[(seat + index) % players] for seat in range(players))


def plan(game: str, rules: str, players: int, games: int, seed: str, bots: Sequence[str],
         options: Sequence[str] = (), replays: Path | None = None, cards: str = "") -> list[GameSpec]:
    """The games of a simulation: game k has engine seed "<seed>/<k>" and the bots rotated by k seats (and,
    for Lords of Vegas Underworld, `cards`: a card file's text, "" for the shipped deck)."""
    specs = []
    for index in range(games):
        config = GameConfig(game, rules, players, f"{seed}/{index}", tuple(sorted(options)), cards)
        path = replays / f"{game}-{rules}-{players}p-{seed}-{index:05d}.jsonl" if replays else None
        specs.append(GameSpec(index, config, seat_bots(bots, players, index), path))
    return specs


def simulate(game: str, rules: str, players: int, games: int, seed: str, bots: Sequence[str],
             options: Sequence[str] = (), replays: Path | None = None, advance: Callable[[int], None] | None = None,
             jobs: int = 1, ray_address: str | None = None, cards: str = "") -> SimulationReport:
    """Play `games` games; `advance(n)` hears as games finish; `cards` is the text of an Underworld card file
    ("" for the shipped deck)."""
    report = SimulationReport(game, rules, players, tuple(sorted(options)), seed, tuple(bots))
    if replays:
        replays.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    specs = plan(game, rules, players, games, seed, bots, options, replays, cards)
    report.records = play_games(specs, jobs, ray_address, advance)
    report.seconds = time.perf_counter() - started
    return report


def render(report: SimulationReport, console: Console) -> None:
    data = report.to_json()
    title = (f"{data['games']} games of {report.game} ({report.rules}, {report.players} players"
             f"{', ' + ', '.join(report.options) if report.options else ''}), seed {report.seed}")
    console.print(f"[bold]{title}[/bold]")
    seats = Table(title="wins by seat")
    for column in ("seat", "wins", "win %"):
        seats.add_column(column, justify="right")
    for seat, wins in enumerate(data["wins_by_seat"]):
        seats.add_row(str(seat), f"{wins:g}", f"{100 * wins / max(1, data['games']):.1f}")
    bots = Table(title="win rate per seat played, by bot")
    for column in ("bot", "seat-games", "win %", "95% interval"):
        bots.add_column(column, justify="right")
    for name, row in data["win_rate_by_bot"].items():
        low, high = row["ci95"]
        bots.add_row(name, str(row["seat_games"]), f"{100 * row['rate']:.1f}", f"{100 * low:.1f}-{100 * high:.1f}")
    means = Table(title="per game")
    means.add_column("measure")
    means.add_column("value", justify="right")
    means.add_row("mean turns", f"{data['mean_turns']:.1f}")
    means.add_row("mean actions", f"{data['mean_actions']:.1f}")
    for key, value in data["mean_final"].items():
        means.add_row(f"mean final {key}", f"{value:.1f}")
    means.add_row("games per second", f"{data['games_per_second']:.1f}")
    for table in (seats, bots, means):
        console.print(table)


def register(commands: Any) -> None:
    parser = commands.add_parser("simulate", help="play many bot games in-process and compare the bots",
                                 description=__doc__)
    parser.add_argument("--game", default="lords", choices=game_names(), help="the game (default: %(default)s)")
    parser.add_argument("--rules", default=None, help=f"rule set (default: the game's first): {rules_text()}")
    parser.add_argument("--players", type=int, default=4, help="seats at each table (default: %(default)s)")
    parser.add_argument("--games", type=int, default=100, help="how many games (default: %(default)s)")
    parser.add_argument("--seed", default="1",
                        help="the seed the games are made from: game k plays seed SEED/k (default: %(default)s)")
    parser.add_argument("--bots", default="random",
                        help="one bot for every seat or a comma list, one per seat "
                        f"({bots_text(plugins=True)}, or module:Class)")
    parser.add_argument("--options", default="", help=f"comma-separated game options: {options_text()}")
    parser.add_argument("--cards", type=Path, default=None,
                        help="Lords of Vegas with --options underworld: a card file to play instead of the shipped "
                             "deck (docs/RULES.md, Underworld cards); its text goes into each game's config")
    parser.add_argument("--replays", type=Path, default=None, help="write one replay file per game here")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    add_fanout_arguments(parser)
    parser.set_defaults(func=run)


def add_fanout_arguments(parser: argparse.ArgumentParser) -> None:
    """--jobs and --ray, as simulate and tournament take them: where the games are played changes nothing
    in their results."""
    parser.add_argument("--jobs", type=int, default=default_jobs(),
                        help="processes to play games in (default: every core, %(default)s here)")
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="play the games on a Ray cluster (ray://HOST:10001 or HOST:6379); without an "
                        "address, a Ray started on this machine (needs the ray extra)")


def run(args: argparse.Namespace) -> int:
    console = Console(stderr=args.json)
    game = get_game(args.game)
    rules = args.rules or next(iter(game.rule_sets))
    options = tuple(sorted(o for o in args.options.split(",") if o))
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    problems = []
    cards = ""
    try:
        cards = args.cards.read_text(encoding="utf-8") if args.cards else ""
        game.new(GameConfig(args.game, rules, args.players, args.seed, options, cards))  # checks the card file too
    except OSError as error:
        problems.append(f"--cards: cannot read {args.cards}: {error.strerror}")
    except Exception as error:  # ConfigError: say it and stop
        problems.append(str(error))
    if len(bots) not in (1, args.players):
        problems.append(f"--bots names {len(bots)} bots; give one for every seat or exactly {args.players}")
    problems += sorted({p for b in bots if (p := bot_problem(b, args.game, plugins=True))})
    if args.games < 1:
        problems.append("--games must be at least 1")
    if problems:
        for problem in problems:
            console.print(f"[red]vegas simulate:[/red] {problem}")
        return 2
    with progress(console, "simulating", args.games) as tracker:
        report = simulate(args.game, rules, args.players, args.games, args.seed, bots, options, args.replays,
                          tracker.advance, args.jobs, args.ray, cards)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        render(report, console)
    return 0
