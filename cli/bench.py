"""`vegas bench`: measure what users compare, print it as a table, and record it in docs/BENCHMARKS.md.

Each suite is a function returning rows (measure, value, unit, target). Suites run one after the other in
this one process and thread, so engine figures are for one core. Figures vary from machine to machine; the
file records the command, the machine and the Python that produced them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from bots.base import concrete
from engine import GameConfig, get_game


@dataclass(frozen=True)
class Row:
    suite: str
    measure: str
    value: float
    unit: str
    target: str = ""


Moves = list[tuple[int, Any]]


def play_random_games(name: str, rules: str, players: int, games: int,
                      options: tuple[str, ...] = ()) -> tuple[float, list[tuple[GameConfig, Moves]]]:
    """Whole games through the generic interface with uniformly random legal actions (bets uniform too), as
    the random bot plays: the seconds they took and each game's config and moves (to replay them later).
    The choices come from Python's `random`, as a bot's would."""
    game = get_game(name)
    chooser = random.Random(f"bench/{name}")
    played = []
    started = time.perf_counter()
    for k in range(games):
        config = GameConfig(name, rules, players, f"bench/{k}", options)
        state, _ = game.new(config)
        moves: Moves = []
        while not game.is_over(state):
            seat = game.actors(state)[0]
            action = concrete(chooser.choice(game.legal_actions(state, seat)), chooser)
            game.apply(state, seat, action)
            moves.append((seat, action))
        played.append((config, moves))
    return time.perf_counter() - started, played


MIDGAME_TURN = 15  # of about 31 in a 4-player game


def lords_midgame() -> Any:
    """A Lords of Vegas `up` 4-player state at turn 15, reached by random play (the same one every run)."""
    game = get_game("lords")
    state, _ = game.new(GameConfig("lords", "up", 4, "bench/midgame"))
    chooser = random.Random("bench/midgame")
    while state.turn < MIDGAME_TURN:
        seat = game.actors(state)[0]
        game.apply(state, seat, game.random_action(state, seat, chooser))
    return state


def random_playouts(start: Any, playouts: int, listing: bool) -> tuple[float, int]:
    """Play `start` to the end `playouts` times with random actions, each from a clone, as a search bot's
    rollouts do: drawn with `Game.random_action`, or (`listing`) chosen from `Game.legal_actions` as bots
    did before it (the same distribution). Returns the seconds and the actions played."""
    game = get_game("lords")
    chooser = random.Random("bench/playouts")
    actions = 0
    started = time.perf_counter()
    for _ in range(playouts):
        state = game.clone(start)
        while not game.is_over(state):
            seat = game.actors(state)[0]
            if listing:
                action = concrete(chooser.choice(game.legal_actions(state, seat)), chooser)
            else:
                action = game.random_action(state, seat, chooser)
            game.apply(state, seat, action)
            actions += 1
    return time.perf_counter() - started, actions


def playout_rows(quick: bool) -> list[Row]:
    """Random playouts per second from a mid-game state, with `random_action` and choosing from the list."""
    start, playouts = lords_midgame(), 60 if quick else 400
    game = get_game("lords")
    clones = 2_000 if quick else 20_000
    started = time.perf_counter()
    for _ in range(clones):
        game.clone(start)
    clone_seconds = time.perf_counter() - started
    rows = [Row("engine", "Lords states cloned per second (mid-game, up, 4 players)", clones / clone_seconds,
                "clones/s")]
    for listing, how, target in ((False, "Game.random_action", ">= 3x listing"),
                                 (True, "choosing from Game.legal_actions", "")):
        seconds, actions = random_playouts(start, playouts, listing)
        rows.append(Row("engine", f"Lords random playouts per second from a mid-game state (up, 4 players; "
                        f"{how}; {actions / playouts:.0f} actions each)", playouts / seconds, "playouts/s", target))
    return rows


def engine_suite(quick: bool) -> list[Row]:
    """Lords of Vegas: actions applied per second (replaying recorded games), random games per second, random
    playouts per second from a mid-game state (what a search bot's rollouts cost), clones per second."""
    game = get_game("lords")
    games = 100 if quick else 400
    play_seconds, recorded = play_random_games("lords", "up", 4, games)
    actions = sum(len(a) for _, a in recorded)
    started = time.perf_counter()
    for config, moves in recorded:
        state, _ = game.new(config)
        for seat, action in moves:
            game.apply(state, seat, action)
    apply_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for config, moves in recorded[: games // 4]:
        state, _ = game.new(config)
        for seat, action in moves:
            game.apply(state, seat, action)
            game.state_hash(state)
    hashed = sum(len(m) for _, m in recorded[: games // 4])
    hash_seconds = time.perf_counter() - started
    underworld_seconds, underworld = play_random_games("lords", "up", 4, games // 2, ("underworld",))
    return [
        Row("engine", "Lords actions applied per second (random 4-player up games)", actions / apply_seconds,
            "actions/s", ">= 50,000"),
        Row("engine", "Lords complete random 4-player games per second (bot included)", games / play_seconds,
            "games/s", ">= 100"),
        Row("engine", "Lords actions applied and state-hashed per second", hashed / hash_seconds, "actions/s"),
        Row("engine", "mean actions per random 4-player game", actions / games, "actions"),
        Row("engine", "Lords complete random 4-player underworld games per second (bot included, "
            f"{sum(len(m) for _, m in underworld) / len(underworld):.0f} actions a game)",
            len(underworld) / underworld_seconds, "games/s"),
        *playout_rows(quick),
    ]


def lasvegas_suite(quick: bool) -> list[Row]:
    """Las Vegas: random games per second, in the configurations docs/LASVEGAS.md compares like for like with
    the PyPI `lasvegas` package (about 600-1,700 games per second, depending on players and neutral dice)."""
    games = 500 if quick else 3000
    rows = []
    for players, neutral in ((2, False), (2, True), (3, False), (3, True), (4, False), (4, True), (5, False)):
        options, label = (("neutral",), f"{players} players, neutral dice") if neutral else (
            (), f"{players} players, base game")
        seconds, played = play_random_games("lasvegas", "base", players, games, options)
        per_second, per_game = games / seconds, sum(len(moves) for _, moves in played) / games
        rows.append(Row("lasvegas", f"random games per second, {label} ({per_game:.0f} actions a game)",
                        per_second, "games/s", ">= 3x the PyPI package" if players == 2 and not options else ""))
    return rows


# suite name -> "module:function"; each function takes `quick` and returns rows.
SUITES: dict[str, str] = {
    "engine": "cli.bench:engine_suite",
    "lasvegas": "cli.bench:lasvegas_suite",
    "arena": "arena.bench:arena_suite",
    "replays": "replays.bench:replay_suite",
    "server": "server.bench:server_suite",
    "client": "client.bench:client_suite",
}


def _load(spec: str) -> Callable[[bool], list[Row]]:
    module, name = spec.split(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def _format(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def render_markdown(rows: list[Row], command: str) -> str:
    lines = [
        "# Benchmarks",
        "",
        f"Produced by `{command}` on {datetime.now(UTC):%Y-%m-%d} "
        f"({platform.python_implementation()} {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} cores; each engine figure is one process on one core).",
        "",
        "| suite | measure | value | unit | target |",
        "| --- | --- | ---: | --- | --- |",
    ]
    lines += [f"| {r.suite} | {r.measure} | {_format(r.value)} | {r.unit} | {r.target} |" for r in rows]
    return "\n".join(lines) + "\n"


def register(commands: Any) -> None:
    parser = commands.add_parser("bench", help="measure the engine, server and replays; write BENCHMARKS.md",
                                 description=__doc__)
    parser.add_argument("--output", type=Path, default=None, help="write the results as Markdown here")
    parser.add_argument("--quick", action="store_true", help="smaller runs (for a smoke test)")
    parser.add_argument("--only", default="", help=f"comma-separated suites ({', '.join(SUITES)})")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    console = Console()
    wanted = [s for s in args.only.split(",") if s] or list(SUITES)
    unknown = [s for s in wanted if s not in SUITES]
    if unknown:
        console.print(f"[red]vegas bench:[/red] unknown suite {unknown[0]!r}; suites: {', '.join(SUITES)}")
        return 2
    rows: list[Row] = []
    for name in wanted:
        with console.status(f"benchmarking {name}..."):
            rows += _load(SUITES[name])(args.quick)
    table = Table(title="Vegas Table benchmarks")
    for column in ("suite", "measure", "value", "unit", "target"):
        table.add_column(column, justify="right" if column == "value" else "left")
    for r in rows:
        table.add_row(r.suite, r.measure, _format(r.value), r.unit, r.target)
    console.print(table)
    if args.output:
        command = "make bench" if args.output == Path("docs/BENCHMARKS.md") and not args.only else (
            f"vegas bench --output {args.output}" + (f" --only {args.only}" if args.only else ""))
        args.output.write_text(render_markdown(rows, command))
        console.print(f"wrote {args.output}")
    return 0
