"""`make load`: hundreds of clients on a real `vegas serve` for a fixed time, some of them vanishing.

The players are `benchmarks.server`'s: a game per connection, four remote bots in each, their round trips timed
the same way, a new game on the connection whenever one ends (`benchmarks.server.measure`; one load generator in
the project). Alongside them run spectators in this process and spectator processes (`harness.spectators`),
each on a connection of its own, watching running games one after another; some of the processes vanish
mid-run, SIGKILLed or SIGSTOPped, as a crashed or frozen laptop would. Reported: actions served per second and round
trips (p50, p99), the server's RSS over time (from /proc), every error (none may happen: the cancelled
streams of the vanished are provoked, not errors), and that the vanished clients' streams are released: the
server logs the end of every stream they had opened, and the connections the server holds come back to the
number the living clients hold (both counted from /proc). A SIGSTOPped client is let go by the server's
keepalive (a ping unanswered: about 40 s), so the long form runs well past that.

`--tables` (also in `make load`) is the busy evening instead: 100 tables of four players thinking ~1 s and
200 spectators, nobody vanishing; it checks that the round trip p99 stays under 30 ms (issue 15).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import grpc

from benchmarks.serve_process import ServeProcess, split_cores, tcp_connections
from benchmarks.server import Load, Scenario, load_rows, measure
from harness.report import Rows, markdown_table, print_table, write_section
from harness.spectators import Spectators, Stub, watch_running_games
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.arena.stats import percentile
from vegas_table.common import loops

PROVOKED = "CANCELLED"  # how the server ends the streams of a client that vanished


@dataclass(frozen=True)
class LoadPlan:
    """What one load run does."""

    games: int = 100  # four remote bots each, on a connection per game
    think: float = 0.5  # the bots' mean pause before acting (benchmarks.server.THINK_SECONDS)
    seconds: float = 300.0
    spectators: int = 100  # in this process, a Watch stream each, round-robin over the games
    processes: int = 12  # spectator processes, a connection each
    watch_each: int = 4  # games each spectator process watches
    vanish: int = 8  # of the processes, this many vanish: half SIGKILLed, half SIGSTOPped
    vanish_after: float = 0.2  # ... this share of the run in
    stopped_then_killed: bool = False  # the SIGSTOPped are SIGKILLed a second later (short form: no keepalive wait)
    sample_every: float = 10.0  # seconds between RSS samples
    p99_limit_ms: float | None = None  # the round trip p99 the run must stay under (None: not checked)

    @property
    def clients(self) -> int:
        return 4 * self.games + self.spectators + self.processes


# The busy evening: tables of people (thinking ~1 s) with an audience, nobody vanishing; the round trips
# must stay short (issue 15: p99 under 30 ms with the load generator on the same machine).
TABLES = LoadPlan(games=100, think=1.0, seconds=120.0, spectators=200, processes=0, vanish=0, p99_limit_ms=30.0)
# `make load` itself: the round trip p99 of its 512 clients under 100 ms, the load generator on the same machine
# (issue 38).
LOAD_P99_LIMIT_MS = 100.0


@dataclass
class Findings:
    """What a load run measured; `ok` when nothing failed but what was provoked and every stream was released."""

    plan: LoadPlan
    load: Load | None = None
    rss: list[tuple[float, int]] = field(default_factory=list)  # (seconds into the run, bytes)
    spectator_updates: int = 0
    errors: list[str] = field(default_factory=list)
    vanished_streams: int = 0  # streams the vanished clients had open
    released_streams: int = 0  # of those, the ones the server logged as ended
    release_seconds: float | None = None  # from the vanishing until the last of them was released
    server_connections: int | None = None  # connections the server held once they were released...
    living_connections: int | None = None  # ... and the connections the living clients held then
    connections_seconds: float | None = None  # from the vanishing until the two were equal
    vanished_ended: dict[str, int] = field(default_factory=dict)  # how the vanished clients' streams ended
    provoked: int = 0  # streams the server ended as CANCELLED (the vanished clients', and the bots' at the end)
    server_errors: int = 0  # error lines in the server's log

    @property
    def ok(self) -> bool:
        released = self.plan.vanish == 0 or (
            self.vanished_streams > 0 and self.released_streams >= self.vanished_streams)
        return (not self.errors and self.server_errors == 0 and released
                and self.server_connections == self.living_connections and self.load is not None
                and bool(self.load.trips) and self.p99_ok)

    @property
    def p99_ok(self) -> bool:
        """Whether the round trip p99 is under the plan's limit (or the plan sets none)."""
        limit = self.plan.p99_limit_ms
        return limit is None or (self.load is not None and bool(self.load.trips)
                                 and 1000 * percentile(self.load.trips, 0.99) < limit)

    def rows(self) -> Rows:
        load, plan = self.load, self.plan
        rows: Rows = [("clients (players + spectators + spectator processes)",
                       f"{plan.clients} ({4 * plan.games} + {plan.spectators} + {plan.processes})", ""),
                      ("games", f"{plan.games}", ""), ("run", f"{plan.seconds:g} s", "")]
        if load is not None:
            limit = plan.p99_limit_ms
            rows += [(row.measure.split(",")[0], f"{row.value:,.2f} {row.unit}",
                      f"< {limit:g} ms" if limit is not None and row.measure.startswith("action round trip p99")
                      else row.target) for row in load_rows(load)]
        rows += [("updates the in-process spectators received", f"{self.spectator_updates:,}", ""),
                 ("errors (bots, spectators, server log)", f"{len(self.errors) + self.server_errors}", "0"),
                 ("streams of vanished clients (SIGKILL, SIGSTOP)", f"{self.vanished_streams}", ""),
                 ("of which released by the server", f"{self.released_streams}", "all"),
                 ("seconds until the last was released",
                  "-" if self.release_seconds is None else f"{self.release_seconds:.1f}", ""),
                 ("how they ended", ", ".join(f"{n} {status}" for status, n in sorted(self.vanished_ended.items())),
                  ""),
                 ("connections the server holds / the living clients hold",
                  f"{self.server_connections} / {self.living_connections}", "equal"),
                 ("seconds until they were equal",
                  "-" if self.connections_seconds is None else f"{self.connections_seconds:.1f}", ""),
                 ("streams ended CANCELLED (provoked: vanished clients, bots stopped at the end)",
                  f"{self.provoked}", "")]
        return rows

    def rss_rows(self) -> Rows:
        return [(f"{at:.0f} s", f"{rss / 2**20:.1f} MB", "") for at, rss in self.rss]


def ended_streams(log: Path, peers: set[str]) -> Counter[str]:
    """Watch streams of `peers` (gRPC peer strings) whose end the server has logged, by their status."""
    ended: Counter[str] = Counter()
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith("{") and '"Watch"' in line:
            record = json.loads(line)
            if record.get("rpc") == "Watch" and record.get("peer") in peers and "status" in record:
                ended[str(record["status"])] += 1
    return ended


# ---------------------------------------------------------------------------------------------- the run


class Alongside:
    """What runs beside the bots: spectators, spectator processes (some vanish), RSS samples."""

    def __init__(self, server: ServeProcess, plan: LoadPlan, findings: Findings) -> None:
        self.server = server
        self.plan = plan
        self.findings = findings
        self.started = self.vanished_at = time.monotonic()

    async def __call__(self) -> None:
        processes: list[Spectators] = []
        tasks = [asyncio.create_task(self._sample())]
        channels = [grpc.aio.insecure_channel(self.server.address, options=[("grpc.use_local_subchannel_pool", 1)])
                    for _ in range(max(1, self.plan.spectators // 10))]
        try:
            # the in-process spectators first: they watch from the start, however long the processes take
            tasks += [asyncio.create_task(self._spectate(Stub(channels[k % len(channels)])))
                      for k in range(self.plan.spectators)]
            processes = [await Spectators.start(self.server, self.plan.watch_each) for _ in range(self.plan.processes)]
            await asyncio.sleep(max(0.0, self.plan.vanish_after * self.plan.seconds - self._now()))
            vanished = processes[:self.plan.vanish]
            await self._vanish(vanished)
            await self._released(vanished, processes[self.plan.vanish:])
            await asyncio.Event().wait()  # until the bots stop
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.gather(*(c.close() for c in channels))
            for process in processes:
                await process.stop()

    def _now(self) -> float:
        return time.monotonic() - self.started

    async def _sample(self) -> None:
        while True:
            rss = self.server.rss_bytes()
            if rss is not None:
                self.findings.rss.append((self._now(), rss))
            await asyncio.sleep(self.plan.sample_every)

    async def _spectate(self, stub: Stub) -> None:
        def held(_: pb.Update) -> None:
            self.findings.spectator_updates += 1

        try:
            await watch_running_games(stub, held)
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                self.findings.errors.append(f"spectator: {error.code().name} {error.details()}")

    async def _vanish(self, vanished: list[Spectators]) -> None:
        self.vanished_at = time.monotonic()
        stopped = vanished[len(vanished) // 2:]
        for process in vanished:
            process.vanish(signal.SIGSTOP if process in stopped else signal.SIGKILL)
        if self.plan.stopped_then_killed:
            await asyncio.sleep(1.0)
            for process in stopped:
                process.vanish(signal.SIGKILL)

    async def _released(self, vanished: list[Spectators], living: list[Spectators]) -> None:
        """Wait until the server has logged the end of every stream the vanished clients opened, then
        compare the connections the server holds with those the living clients hold."""
        findings = self.findings
        findings.vanished_streams = sum(process.opened for process in vanished)
        peers = {process.peer for process in vanished}
        while True:
            ended = ended_streams(self.server.log_path, peers)
            findings.released_streams, findings.vanished_ended = ended.total(), dict(ended)
            if findings.released_streams >= findings.vanished_streams:
                findings.release_seconds = time.monotonic() - self.vanished_at
                break
            await asyncio.sleep(0.5)
        while True:  # until the run ends: the server lets go of a frozen client's connection by keepalive
            held = len([c for c in tcp_connections(self.server.process.pid, self.server.port)
                        if c[0] == self.server.port])
            clients = [c for pid in [os.getpid(), *(p.process.pid for p in living)]
                       for c in tcp_connections(pid, self.server.port) if c[1] == self.server.port]
            findings.server_connections, findings.living_connections = held, len(clients)
            if held == len(clients):
                findings.connections_seconds = time.monotonic() - self.vanished_at
                return
            await asyncio.sleep(0.5)


def server_log_findings(findings: Findings, log: Path) -> None:
    for line in log.read_text(errors="replace").splitlines():
        if not line.startswith("{"):
            findings.server_errors += "Traceback" in line
            continue
        record = json.loads(line)
        findings.server_errors += record.get("level") in ("error", "critical")
        findings.provoked += record.get("status") == PROVOKED


def run(directory: Path, plan: LoadPlan) -> Findings:
    findings = Findings(plan)
    split = split_cores()
    server_cores, load_cores = split if split else (None, None)
    server = ServeProcess(directory / "data", directory / "serve.log", cores=server_cores)
    try:
        findings.load = loops.run(measure(server, Scenario(plan.games, plan.think), plan.seconds, load_cores,
                                          Alongside(server, plan, findings)))
        findings.errors += findings.load.errors
    finally:
        server.stop()
    server_log_findings(findings, server.log_path)
    return findings


def tables_body(plan: LoadPlan, findings: Findings) -> str:
    return (f"## make load: tables with spectators\n\n`python -m harness.load --tables --seconds {plan.seconds:g}`: "
            f"{plan.games} tables of four remote bots thinking ~{plan.think:g} s (a connection per table) and "
            f"{plan.spectators} spectators on a `vegas serve` (pinned to a core of its own where there are two or "
            f"more) for {plan.seconds:g} s, the load generator on the same machine; the round trip p99 must stay "
            f"under {plan.p99_limit_ms:g} ms. {'Every check passed.' if findings.ok else 'SOME CHECKS FAILED.'}\n\n"
            + markdown_table(findings.rows()))


def report_body(plan: LoadPlan, findings: Findings) -> str:
    rss = findings.rss
    half = [r for t, r in rss if t >= plan.seconds / 2]
    flat = (f" Over the second half of the run the RSS moved by {(max(half) - min(half)) / 2**20:.1f} MB "
            f"(from {half[0] / 2**20:.1f} MB to {half[-1] / 2**20:.1f} MB)." if len(half) >= 2 else "")
    return (f"## make load\n\n`python -m harness.load --games {plan.games} --seconds {plan.seconds:g}`: {plan.clients} "
            f"clients on a `vegas serve` (pinned to a core of its own where there are two or more) for "
            f"{plan.seconds:g} s: {plan.games} games of four remote bots (a connection per game, thinking "
            f"~{plan.think:g} s), {plan.spectators} spectators, and {plan.processes} spectator processes watching "
            f"{plan.watch_each} games each, {plan.vanish} of which vanished {plan.vanish_after * plan.seconds:.0f} s "
            f"in (half SIGKILLed, half SIGSTOPped)"
            + (f"; the round trip p99 must stay under {plan.p99_limit_ms:g} ms. " if plan.p99_limit_ms else ". ")
            + f"{'Every check passed.' if findings.ok else 'SOME CHECKS FAILED.'}\n\n"
            + markdown_table(findings.rows())
            + f"\n\nThe server's RSS over the run (from /proc, every {plan.sample_every:g} s).{flat}\n\n"
            + markdown_table(findings.rss_rows()).replace("| measure | value | must be |", "| at | RSS | |"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="hundreds of clients on vegas serve, some vanishing")
    parser.add_argument("--tables", action="store_true",
                        help="the busy evening: 100 tables thinking ~1 s, 200 spectators, p99 under 30 ms")
    parser.add_argument("--games", type=int, default=LoadPlan.games)
    parser.add_argument("--seconds", type=float, default=None, help="how long it runs (default 300, --tables 120)")
    parser.add_argument("--spectators", type=int, default=LoadPlan.spectators)
    parser.add_argument("--think", type=float, default=LoadPlan.think, help="the bots' mean pause before acting")
    parser.add_argument("--processes", type=int, default=LoadPlan.processes, help="spectator processes")
    parser.add_argument("--vanish", type=int, default=LoadPlan.vanish,
                        help="spectator processes that vanish (half SIGKILLed, half SIGSTOPped)")
    parser.add_argument("--write", action="store_true", help="write the tables into docs/RELIABILITY.md")
    args = parser.parse_args(argv)
    if args.tables:
        plan = dataclasses.replace(TABLES, seconds=args.seconds or TABLES.seconds)
    else:
        plan = LoadPlan(games=args.games, seconds=args.seconds or LoadPlan.seconds, spectators=args.spectators,
                        think=args.think, processes=args.processes, vanish=args.vanish, p99_limit_ms=LOAD_P99_LIMIT_MS)
    with tempfile.TemporaryDirectory(prefix="vegas-load-") as directory:
        findings = run(Path(directory), plan)
    for error in findings.errors[:10]:
        print(error, file=sys.stderr)
    print_table("make load", findings.rows())
    if args.tables:
        if args.write:
            write_section("load-tables", tables_body(plan, findings))
        return 0 if findings.ok else 1
    print_table("server RSS", findings.rss_rows())
    if args.write:
        write_section("load", report_body(plan, findings))
    return 0 if findings.ok else 1


if __name__ == "__main__":
    sys.exit(main())
