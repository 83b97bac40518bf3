"""Server figures for `make bench`: action round trips under concurrent games, and diff sizes.

Round trip: a real `vegas serve` runs in its own process on loopback, pinned to one core, and this process
(the load generator) plays N concurrent games on the other cores, each game with four remote bots
(`bots.runner.SeatRunner`, on the client library) on a connection of their own. Pinning keeps the two from
taking turns on the same core, as on a LAN where the clients are other machines; one row measures without
it. A round trip is the time from a bot sending its action until every one of the game's four subscribers
holds the resulting diff (applied and hash-checked). Bots pause `think` seconds before each action, as players do,
so the server sees a steady load of concurrent games rather than one burst; the load served is reported
with the figures, with the server's CPU per action.

Old and new side by side: the 100-game target scenario also runs against a baseline server, `vegas serve`
from another commit (`BASELINE_REF`, or `$VEGAS_BENCH_BASELINE`; "" for none) checked out in a temporary
git worktree with its own generated API code, on the same load from this process. Its runs alternate with
the current server's, so a machine that slows down mid-run slows both; its rows say "baseline REF".

Diff size: over random games played in-process, the mean size of each viewer's diff (the RFC 6902 patch
as sent) against the mean size of a snapshot of the same view.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import random
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import grpc_floor
from benchmarks.baseline import baseline_checkout
from benchmarks.rows import Row
from benchmarks.serve_process import ServeProcess, cpu_times, split_cores, stolen_percent
from vegas_client import Client, NewGame, ViewUpdate, client_for
from vegas_table.arena.stats import percentile
from vegas_table.bots.base import GameInfo
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.runner import SeatRunner
from vegas_table.common import loops
from vegas_table.engine import GameConfig, Match, game_names, get_game
from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.server.diff import make_patch
from vegas_table.server.match import MatchSpec, ServedMatch
from vegas_table.server.tuning import restore_defaults, tune_for_latency

CONCURRENCY = (1, 10, 100)
THINK_SECONDS = 0.5  # a bot's mean pause before acting: 100 such games offer the server ~180 actions/s
HUMAN_THINK_SECONDS = 3.0  # closer to people at a table: 100 such games offer ~30 actions/s
P99_TARGET_MS = 10  # the 100-game target scenario (issue 15), with at most CPU_TARGET_MS of server CPU per action
CPU_TARGET_MS = 0.8
# The server the target scenario is measured beside: the commit issue 38 compares with (its target: at most
# half this server's CPU per action). A commit, not a branch name, so the rows mean the same in every later run.
BASELINE_REF = "7f2cb48"


# ------------------------------------------------------------------------------------------------ diffs


def diff_sizes(games: int) -> list[Row]:
    """Mean diff and snapshot bytes per viewer and version, over random games of every registered game."""
    rows = []
    for name in game_names():
        game = get_game(name)
        rules = next(iter(game.rule_sets.values()))
        players = min(4, rules.max_players)
        diff_bytes = snapshot_bytes = count = 0
        for k in range(games):
            match = Match(game, GameConfig(name, rules.name, players, f"bench/{k}"))
            bot = RandomBot(f"bench/{k}")
            viewers: list[int | None] = [None, *range(players)]
            views = {v: match.view(v) for v in viewers}
            while not match.over:
                seat = match.actors()[0]
                match.play(seat, decide(bot, game, match.state, game_info(match.config, seat), len(match.history)))
                for viewer in viewers:
                    new = match.view(viewer)
                    diff_bytes += len(canonical_bytes(make_patch(views[viewer], new)))
                    snapshot_bytes += len(canonical_bytes(new))
                    views[viewer] = new
                    count += 1
        title = f"{game.title} ({rules.name}, {players} players)"
        rows += [
            Row("server", f"mean diff per viewer and version, {title}", diff_bytes / count, "bytes"),
            Row("server", f"mean snapshot of the same views, {title}", snapshot_bytes / count, "bytes"),
            Row("server", f"diff / snapshot, {title}", 100 * diff_bytes / snapshot_bytes, "%"),
        ]
    return rows


def match_rows(games: int) -> list[Row]:
    """The CPU an action costs the server's match alone (`ServedMatch.play`: the rules, the replay record, every
    viewer's view, diff and hash, the legal actions), in this process over random 4-player Lords `up` games:
    the share of the server's CPU per action that is not gRPC, asyncio, protobuf or logs."""
    spent, actions = 0.0, 0
    with tempfile.TemporaryDirectory(prefix="vegas-bench-") as directory:
        for k in range(games):
            config = GameConfig("lords", "up", 4, f"bench/{k}")
            spec = MatchSpec(f"bench{k}", config, ("Blue", "Red", "Green", "Yellow"), Path(directory) / f"{k}.jsonl")
            served, _ = ServedMatch.start(spec)
            bot = RandomBot(f"bench/{k}")
            while not served.match.over:
                seat = served.match.actors()[0]
                action = decide(bot, served.game, served.match.state, game_info(config, seat), served.version)
                started = time.process_time()
                served.play(seat, str(action.text()))
                spent += time.process_time() - started
                actions += 1
    return [Row("server", "server CPU per action in the match alone (rules, record, views, diffs; in-process, "
                          "random 4-player Lords up games)", 1000 * spent / actions, "ms")]


# ------------------------------------------------------------------------------------------ round trips


@dataclass
class GameTimes:
    """When each version's action was sent, and when each subscriber held it."""

    subscribers: int
    sent: dict[tuple[int, int], float] = field(default_factory=dict)  # (version it would make, seat) -> time
    made_by: dict[int, int] = field(default_factory=dict)  # version -> the seat whose action made it
    held: dict[int, list[float]] = field(default_factory=dict)  # version -> times subscribers held it

    def on_submit(self, seat: int, based_on: int) -> None:
        self.sent[(based_on + 1, seat)] = time.perf_counter()

    def on_update(self, update: ViewUpdate) -> None:
        self.held.setdefault(update.version, []).append(time.perf_counter())
        if update.move is not None:
            self.made_by[update.version] = update.move[0]

    def round_trips(self) -> list[float]:
        """Per accepted action: send until the last subscriber held its diff (refused sends don't count)."""
        trips = []
        for version, seat in self.made_by.items():
            sent = self.sent.get((version, seat))
            if sent is not None and len(self.held[version]) == self.subscribers:
                trips.append(max(self.held[version]) - sent)
        return trips


async def _seat_bots(client: Client, index: int, think: float) -> tuple[list[SeatRunner], GameTimes]:
    """A new 4-seat game whose every seat is a remote bot reporting to one `GameTimes`."""
    created = await client.create_game(NewGame("lords", "up", 4))
    times = GameTimes(subscribers=4)
    bots = []
    for seat in range(4):
        joined = await client.join_game(created.game_id, f"bench {seat}", seat)
        rng = random.Random(f"{index}/{seat}")
        info = GameInfo("lords", "up", 4, (), seat)
        bot = SeatRunner(client, created.game_id, joined.token, RandomBot(f"{index}/{seat}"), info,
                         think=think * rng.uniform(0.5, 1.5), on_submit=functools.partial(times.on_submit, seat))
        bot.follower.listen(times.on_update)
        bots.append(bot)
    return bots, times


async def _games_in_a_row(client: Client, index: int, think: float, bots: list[SeatRunner],
                          seated: list[tuple[list[SeatRunner], GameTimes]]) -> None:
    """Play `bots`' game to its end, then new games one after another (each added to `seated`), until cancelled."""
    while True:
        await asyncio.gather(*(bot.play() for bot in bots))
        bots, times = await _seat_bots(client, index, think)
        seated.append((bots, times))


@dataclass(frozen=True)
class Scenario:
    """One load to measure: how many games, how fast their bots act, and how the server runs."""

    games: int
    think: float
    pinned: bool = True  # the server on a core of its own (where the machine has two or more)
    target: bool = False  # the row the p99 target is about
    runs: int = 1  # measured this many times in a row, the round trips pooled: on a shared VM the tail moves

    @property
    def label(self) -> str:
        label = f"{self.games} concurrent game{'s' if self.games > 1 else ''}, bots thinking ~{self.think:g} s"
        if not self.pinned:
            label += ", server and load on the same cores"
        return label if self.runs == 1 else label + f", {self.runs} runs pooled"


@dataclass
class Load:
    """What one run of concurrent games measured."""

    scenario: Scenario
    trips: list[float]
    seconds: float
    server_cpu: float | None  # CPU seconds the server used (None where /proc is not there)
    load_cpu: float  # CPU seconds this process (the bots, their connections) used
    stolen: float | None  # % of the machine's CPU time the hypervisor took during the run (None: unknown)
    errors: list[str] = field(default_factory=list)  # what the bots (and whatever ran alongside) failed with
    answers: list[float] = field(default_factory=list)  # the server's own time to answer each action (its log)


async def measure(server: ServeProcess, scenario: Scenario, seconds: float, cores: set[int] | None,
                  alongside: Callable[[], Coroutine[Any, Any, None]] | None = None) -> Load:
    """Set up the scenario's games (a connection each), let their bots play for `seconds` on `cores` (all
    of this process's if None), collect the round trips. A game that ends is followed by a new one on its
    connection, so the load stays at `scenario.games` games. `alongside` runs while the bots play
    (spectators, vanishing clients, sampling: harness.load) and is cancelled when they stop."""
    options = [("grpc.use_local_subchannel_pool", 1)]  # one TCP connection per game, as from separate machines
    clients = [client_for(server.address, options=options) for _ in range(scenario.games)]
    own_cores = os.sched_getaffinity(0) if cores is not None else None
    try:
        seated = [await _seat_bots(c, k, scenario.think) for k, c in enumerate(clients)]
        tune_for_latency()  # this process's own GC pauses and GIL waits would count as the server's latency
        if cores is not None:
            os.sched_setaffinity(0, cores)
        cpu, started, own_cpu, machine = server.cpu_seconds(), time.perf_counter(), time.process_time(), cpu_times()
        logged = server.log_size()
        tasks = [asyncio.create_task(_games_in_a_row(client, k, scenario.think, seated[k][0], seated))
                 for k, client in enumerate(clients)]
        extra = asyncio.create_task(alongside()) if alongside else None
        _, pending = await asyncio.wait(tasks, timeout=seconds)
        for task in [*pending, *([extra] if extra else [])]:
            task.cancel()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        if extra is not None:
            outcomes.append(*await asyncio.gather(extra, return_exceptions=True))
        elapsed, cpu_after = time.perf_counter() - started, server.cpu_seconds()
        load_cpu, stolen = time.process_time() - own_cpu, stolen_percent(machine, cpu_times())
    finally:
        await asyncio.gather(*(c.close() for c in clients))
        if own_cores is not None:
            os.sched_setaffinity(0, own_cores)
        restore_defaults()
    used = cpu_after - cpu if cpu is not None and cpu_after is not None else None
    errors = [repr(outcome) for outcome in outcomes
              if isinstance(outcome, BaseException) and not isinstance(outcome, asyncio.CancelledError)]
    return Load(scenario, [t for _, times in seated for t in times.round_trips()], elapsed, used, load_cpu, stolen,
                errors, server.answer_times(logged))


def pooled(loads: list[Load]) -> Load:
    """Runs of one scenario as one long run: their round trips together, their times and CPU added up."""
    cpu = [load.server_cpu for load in loads]
    stolen = [load.stolen for load in loads if load.stolen is not None]
    return Load(loads[0].scenario, [trip for load in loads for trip in load.trips], sum(load.seconds for load in loads),
                None if None in cpu else sum(c for c in cpu if c is not None), sum(load.load_cpu for load in loads),
                sum(stolen) / len(stolen) if stolen else None, [error for load in loads for error in load.errors],
                [answer for load in loads for answer in load.answers])


def load_rows(load: Load, runs: list[Load] | None = None, baseline: str = "") -> list[Row]:
    """The rows of a (pooled) load; `baseline`: the commit whose server served it, if not this one."""
    label, actions = load.scenario.label, len(load.trips)
    if baseline:
        label += f", baseline {baseline}"
    target = load.scenario.target and not baseline
    rows = [
        Row("server", f"action round trip p50, {label}", 1000 * percentile(load.trips, 0.50), "ms"),
        Row("server", f"action round trip p99, {label}", 1000 * percentile(load.trips, 0.99), "ms",
            f"<= {P99_TARGET_MS} ms" if target else ""),
        Row("server", f"actions served per second, {label}", actions / load.seconds, "actions/s"),
    ]
    if load.answers:
        rows.append(Row("server", f"the server's own time to answer an action p99 (its log), {label}",
                        1000 * percentile(load.answers, 0.99), "ms"))
    if load.server_cpu is not None and actions:
        rows.append(Row("server", f"server CPU per action, {label}", 1000 * load.server_cpu / actions, "ms",
                        f"<= {CPU_TARGET_MS} ms; <= half the baseline's" if target else ""))
    if actions:
        rows.append(Row("server", f"load generator CPU per action, {label}", 1000 * load.load_cpu / actions, "ms"))
    if load.stolen is not None:
        rows.append(Row("server", f"CPU time stolen by the hypervisor during the run, {label}", load.stolen, "%"))
    runs = runs if runs and len(runs) > 1 else []
    for number, run in enumerate(runs, 1):
        rows.append(Row("server", f"action round trip p99, run {number} of {len(runs)} alone, {label}",
                        1000 * percentile(run.trips, 0.99), "ms"))
    return rows


def round_trip_rows(scenarios: list[Scenario], seconds: float = 30.0, baseline: str = "") -> list[Row]:
    """Round trips for each scenario, against a `vegas serve` per server set-up (pinned or not); the
    target scenario also against the server of commit `baseline` (if given and found), their runs taking
    turns."""
    rows = []
    split = split_cores()
    with baseline_checkout(baseline, generate=True) if baseline else contextlib.nullcontext() as checkout:
        for pinned in dict.fromkeys(s.pinned for s in scenarios):
            server_cores, load_cores = split if split and pinned else (None, None)
            chosen = [s for s in scenarios if s.pinned == pinned]
            with contextlib.ExitStack() as stack:
                server = _serving(stack, server_cores, None)
                old = _serving(stack, server_cores, checkout) if checkout and any(
                    s.target for s in chosen) else None
                for scenario in chosen:
                    runs, old_runs = [], []
                    for _ in range(scenario.runs):
                        runs.append(loops.run(measure(server, scenario, seconds, load_cores)))
                        if old is not None and scenario.target:
                            old_runs.append(loops.run(measure(old, scenario, seconds, load_cores)))
                    rows += load_rows(pooled(runs), runs)
                    if old_runs:
                        rows += load_rows(pooled(old_runs), old_runs, baseline=baseline)
    return rows


def _serving(stack: contextlib.ExitStack, cores: set[int] | None, checkout: Path | None) -> ServeProcess:
    """A `ServeProcess` in a temporary data directory, both gone when `stack` closes."""
    directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="vegas-bench-")))
    server = ServeProcess(directory / "data", directory / "serve.log", cores=cores, checkout=checkout)
    stack.callback(server.stop)
    return server


def floor_rows(games: int, think: float, seconds: float, cores: tuple[set[int], set[int]] | None,
               label: str) -> list[Row]:
    """The floors under a scenario (`label`): what gRPC alone spends sending its actions' messages, and that
    with each action's record synced before it is answered."""
    rows = []
    for durable, what in ((False, "gRPC alone, the same messages with no game"),
                          (True, "gRPC alone and each action's record synced, with no game")):
        floor = grpc_floor.measure(games, think, seconds, cores, durable)
        if floor.actions:
            rows += [Row("server", f"server CPU per action, {what}, {label}",
                         1000 * floor.server_cpu / floor.actions, "ms"),
                     Row("server", f"action round trip p99, {what}, {label}", 1000 * percentile(floor.trips, 0.99),
                         "ms")]
    return rows


def server_suite(quick: bool) -> list[Row]:
    """What `make bench` calls: diff sizes; round trips with 1, 10 and 100 concurrent games of busy bots
    (the 100, which the target is about, three times over, each run beside one of the baseline server), 100
    games at a pace nearer to people's, 100 busy games with the server sharing its cores with the load; and
    two parts of the target's CPU per action: the match's own work (`match_rows`) and the floor under it all,
    gRPC alone sending the same messages (`benchmarks.grpc_floor`)."""
    peak = max(CONCURRENCY)
    scenarios = [Scenario(games, THINK_SECONDS, target=games == peak, runs=3 if games == peak and not quick else 1)
                 for games in CONCURRENCY]
    scenarios += [Scenario(peak, HUMAN_THINK_SECONDS), Scenario(peak, THINK_SECONDS, pinned=False)]
    baseline = os.environ.get("VEGAS_BENCH_BASELINE", BASELINE_REF)
    seconds = 8.0 if quick else 30.0
    floor = floor_rows(peak, THINK_SECONDS, seconds, split_cores(), Scenario(peak, THINK_SECONDS).label)
    trips = round_trip_rows(scenarios, seconds, baseline)
    return diff_sizes(games=10 if quick else 100) + match_rows(games=3 if quick else 30) + trips + floor


def main(argv: list[str] | None = None) -> None:
    """`python -m benchmarks.server [GAMES...] [--think S] [--seconds S] [--repeat N] [--baseline REF]`: only
    the round trips, as a table; with --repeat, each level is run N times, pooled, with the p99 of every run
    alone; with --baseline, the busiest level also against the server of commit REF, run for run."""
    import argparse

    from rich.console import Console
    from rich.table import Table

    parser = argparse.ArgumentParser(description="server round trips under concurrent bot games")
    parser.add_argument("games", type=int, nargs="*", default=list(CONCURRENCY))
    parser.add_argument("--think", type=float, default=THINK_SECONDS, help="bots' mean pause before acting")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each level of concurrency runs")
    parser.add_argument("--unpinned", action="store_true", help="let the server share the load's cores")
    parser.add_argument("--repeat", type=int, default=1, help="run every level this many times (pooled)")
    parser.add_argument("--baseline", default="", metavar="REF",
                        help=f"also run the busiest level on the server of commit REF (make bench: {BASELINE_REF})")
    args = parser.parse_args(argv)
    console = Console()
    peak = max(args.games)
    scenarios = [Scenario(games, args.think, not args.unpinned, target=games == peak, runs=args.repeat)
                 for games in args.games]
    with console.status("playing concurrent games against vegas serve..."), loops.shared():
        rows = round_trip_rows(scenarios, args.seconds, args.baseline)
    table = Table(title="server round trips")
    for column in ("measure", "value", "unit"):
        table.add_column(column, justify="right" if column == "value" else "left")
    for row in rows:
        table.add_row(row.measure, f"{row.value:,.2f}", row.unit)
    console.print(table)


if __name__ == "__main__":
    main()
