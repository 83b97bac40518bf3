"""vegas tournament: bots against each other over duplicate deals, seats rotated, with ratings.

Every line-up (a round robin of the bots given, or the --lineup line-ups given) plays every deal (engine seed
"<seed>/<d>") once in each rotation of its seats. The results say, per line-up, the share of the wins each
bot's seats took against its par, with a 95% interval that takes the deal as the unit; then a rating per
bot (Bradley-Terry on the Elo scale, 1500 = the virtual average) with a 95% interval never narrower than the
bot's games support (arena/ratings.py says how).
The same arguments give the same games and numbers, played on one core, all of them (--jobs) or Ray.

With --server HOST:PORT the same tournament is played over the network: each game is created on that
server and every seat is played by a real bot client (bots.runner.SeatRunner, as vegas bot plays), up to
--jobs games at a time. A server draws its own seeds (with the players' entropy), so there the rotations
of a deal are fresh deals, not duplicates: the same line-ups and rotations, noisier results.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from vegas_client import VegasError
from vegas_table.arena import strength
from vegas_table.arena.fanout import play_games
from vegas_table.arena.play import GameRecord, GameSpec
from vegas_table.arena.ratings import Rating, rate
from vegas_table.arena.remote import play_on_server
from vegas_table.arena.tournament import Lineup, Standing, plan, round_robin, standings
from vegas_table.bots.registry import bot_problem
from vegas_table.cli.choices import bots_text, options_text, rules_text
from vegas_table.cli.progress import progress
from vegas_table.cli.simulate import add_fanout_arguments
from vegas_table.common import loops
from vegas_table.common.extras import missing_extra
from vegas_table.common.password import read_password
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.registry import check_config, game_names


def register(commands: Any) -> None:
    parser = commands.add_parser("tournament", help="rate bots against each other over duplicate deals",
                                 description=__doc__)
    parser.add_argument("--game", default="lords", choices=game_names(), help="the game (default: %(default)s)")
    parser.add_argument("--rules", default=None, help=f"rule set (default: the game's first): {rules_text()}")
    parser.add_argument("--players", type=int, default=4, help="seats at each table (default: %(default)s)")
    parser.add_argument("--bots", default="random",
                        help=f"comma list of bots for a round robin ({bots_text(plugins=True)}, or module:Class)")
    parser.add_argument("--lineup", action="append", default=[], metavar="BOT,BOT,...",
                        help="a fixed line-up, one bot per seat, named as for --bots (repeat for several); "
                        "replaces the round robin")
    parser.add_argument("--deals", type=int, default=50, help="seeds each line-up plays, in every rotation")
    parser.add_argument("--seed", default="1", help="the seed the deals are made from (default: %(default)s)")
    parser.add_argument("--options", default="", help=f"comma-separated game options: {options_text()}")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--plot", type=Path, default=None, metavar="PNG", help="draw the ratings to this file")
    parser.add_argument("--record", type=Path, default=None, metavar="MD",
                        help="write each line-up's row (its first bot's win rate) into this file's Strength "
                        "section, replacing that match's row (docs/BENCHMARKS.md; make bench keeps the section)")
    add_fanout_arguments(parser)
    parser.add_argument("--server", default=None, metavar="HOST:PORT",
                        help="play the games on this server with bot clients (games created there)")
    parser.add_argument("--password-file", type=Path, default=None,
                        help="with --server: a file holding the server's password (its first line)")
    parser.set_defaults(func=run)


def lineups_of(args: argparse.Namespace) -> list[Lineup]:
    if args.lineup:
        return [tuple(b.strip() for b in lineup.split(",") if b.strip()) for lineup in args.lineup]
    return round_robin([b.strip() for b in args.bots.split(",") if b.strip()], args.players)


def problems_of(args: argparse.Namespace, rules: str, options: tuple[str, ...], lineups: list[Lineup]) -> list[str]:
    problems = []
    try:
        check_config(GameConfig(args.game, rules, args.players, args.seed, options))
    except Exception as error:  # ConfigError: say it and stop
        problems.append(str(error))
    if not lineups:
        problems.append("no line-up: give --bots with at least two bots, or --lineup")
    problems += [f"--lineup {','.join(lineup)} has {len(lineup)} bots for {args.players} seats"
                 for lineup in lineups if len(lineup) != args.players]
    problems += sorted({p for lineup in lineups for b in lineup
                        if (p := bot_problem(b, args.game, plugins=True))})
    if args.deals < 1:
        problems.append("--deals must be at least 1")
    if args.server and args.ray is not None:
        problems.append("--server and --ray are two places to play the games: give one")
    if args.password_file and not args.server:
        problems.append("--password-file goes with --server")
    if args.plot and (missing := missing_extra("plot", "--plot")):
        problems.append(missing)
    return problems


def run(args: argparse.Namespace) -> int:
    console = Console(stderr=args.json)
    rules = args.rules or next(iter(get_game(args.game).rule_sets))
    options = tuple(sorted(o for o in args.options.split(",") if o))
    lineups = lineups_of(args)
    if problems := problems_of(args, rules, options, lineups):
        for problem in problems:
            console.print(f"[red]vegas tournament:[/red] {problem}")
        return 2
    specs, where = plan(args.game, rules, args.players, lineups, args.deals, args.seed, options)
    started = time.perf_counter()
    try:
        records = _play(args, specs, console)
    except VegasError as error:
        console.print(f"[red]vegas tournament:[/red] the server at {args.server} said {error.status}: "
                      f"{error.message}")
        return 1
    seconds = time.perf_counter() - started
    tables = [standings(lineup, [r for r, w in zip(records, where, strict=True) if w.lineup == k],
                        [w for w in where if w.lineup == k]) for k, lineup in enumerate(lineups)]
    ratings = rate(records, [w.lineup * args.deals + w.deal for w in where], seed=args.seed)
    if args.json:
        print(json.dumps({"game": args.game, "rules": rules, "players": args.players, "options": list(options),
                          "seed": args.seed, "deals": args.deals, "games": len(records), "seconds": seconds,
                          "lineups": [{"lineup": list(lineup), "standings": [asdict(s) for s in rows]}
                                      for lineup, rows in zip(lineups, tables, strict=True)],
                          "ratings": [asdict(r) for r in ratings]}, indent=2))
    else:
        render(console, args, rules, lineups, tables, ratings, len(records), seconds)
    if args.record:
        text = args.record.read_text() if args.record.exists() else "# Benchmarks\n"
        for lineup, rows in zip(lineups, tables, strict=True):
            text = strength.record(text, strength.row_of(args.game, rules, args.players, lineup, rows,
                                                         command_of(args, rules, options)))
        args.record.write_text(text)
        console.print(f"recorded in {args.record}")
    if args.plot:
        plot(ratings, args.plot, f"{args.game} {rules} {args.players}p, {len(records)} games")
        console.print(f"ratings drawn to {args.plot}")
    return 0


def _play(args: argparse.Namespace, specs: list[GameSpec], console: Console) -> list[GameRecord]:
    """The games, in-process (on cores or Ray) or on a server (`--server`), their progress shown as they
    finish (`cli.progress`)."""
    with progress(console, "playing", len(specs)) as tracker:
        if not args.server:
            return play_games(specs, args.jobs, args.ray, tracker.advance)
        password = read_password(args.password_file, "vegas tournament") if args.password_file else None
        return loops.run(play_on_server(specs, args.server, games_at_once=args.jobs, password=password,
                                          progress=tracker.advance))


def command_of(args: argparse.Namespace, rules: str, options: tuple[str, ...]) -> str:
    """The command that plays these games again (the same games, wherever they run; `--record` added)."""
    words = ["vegas", "tournament", "--game", args.game, "--rules", rules, "--players", str(args.players)]
    words += [f"--lineup {lineup}" for lineup in args.lineup] if args.lineup else ["--bots", args.bots]
    words += ["--deals", str(args.deals), "--seed", args.seed]
    words += ["--options", ",".join(options)] if options else []
    words += ["--jobs", str(args.jobs)] if args.jobs else []
    words += ["--server", args.server] if args.server else []
    return " ".join([*words, "--record", str(args.record)])


def render(console: Console, args: argparse.Namespace, rules: str, lineups: list[Lineup],
           tables: list[list[Standing]], ratings: list[Rating], games: int, seconds: float) -> None:
    console.print(f"[bold]{games} games of {args.game} ({rules}, {args.players} players), {args.deals} deals "
                  f"x every rotation, seed {args.seed}[/bold] ({seconds:.1f} s)")
    for lineup, rows in zip(lineups, tables, strict=True):
        table = Table(title=" vs ".join(f"{lineup.count(b)}x {b}" if lineup.count(b) > 1 else b
                                        for b in dict.fromkeys(lineup)))
        for column in ("bot", "seats", "games", "win %", "95% interval", "par %"):
            table.add_column(column, justify="right")
        for s in rows:
            table.add_row(s.bot, str(s.seats), str(s.games), f"{100 * s.share:.1f}",
                          f"{100 * s.low:.1f}-{100 * s.high:.1f}", f"{100 * s.par:.1f}")
        console.print(table)
    table = Table(title="ratings (Bradley-Terry, Elo scale; 1500 = the virtual average)",
                  caption="95% interval: the wider of a bootstrap over the deals and what the bot's games can "
                          "support (a Wilson interval, one trial a game)")
    for column in ("bot", "rating", "95% interval", "comparisons"):
        table.add_column(column, justify="right")
    for r in ratings:
        table.add_row(r.bot, f"{r.elo:.0f}", f"{r.low:.0f}-{r.high:.0f}", str(r.comparisons))
    console.print(table)


def plot(ratings: list[Rating], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 1 + 0.5 * len(ratings)))
    names = [r.bot for r in reversed(ratings)]
    elos = [r.elo for r in reversed(ratings)]
    errors = [[r.elo - r.low for r in reversed(ratings)], [r.high - r.elo for r in reversed(ratings)]]
    axes.errorbar(elos, range(len(names)), xerr=errors, fmt="o", capsize=4)
    axes.set_yticks(range(len(names)), names)
    axes.axvline(1500, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xlabel("rating (95% interval)")
    axes.set_title(title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
