"""Server figures for `vegas bench`: action round trips under concurrent games, and diff sizes.

Round trip: a real `vegas serve` runs in its own process on loopback (its own core: the machine has two),
and this process plays N concurrent games, each with four remote bots (`bots.remote.RemoteBot`) on a
connection of their own. A round trip is the time from a bot sending `SubmitAction` until every one of
the game's four subscribers holds the resulting diff (applied and hash-checked). Bots pause `think`
seconds before each action, as players do, so the server sees a steady load of concurrent games rather
than one burst; the offered load is reported with the figures.

Diff size: over random games played in-process, the mean size of each viewer's diff (the RFC 6902 patch
as sent) against the mean size of a snapshot of the same view.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from vegas.v1 import table_pb2 as pb
from vegas.v1 import table_pb2_grpc

from bots.random_bot import RandomBot
from bots.remote import RemoteBot
from cli.bench import Row
from engine import GameConfig, Match, game_names, get_game
from engine.core.canonical import canonical_bytes
from server.diff import make_patch

CONCURRENCY = (1, 10, 100)
THINK_SECONDS = 0.5  # a bot's pause before acting: 100 games offer about 100 x 4 / 2 actions/s at most
P99_TARGET_MS = 20


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
                match.play(seat, bot.choose(game, match.state, seat))
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

    def on_update(self, update: pb.Update) -> None:
        self.held.setdefault(update.version, []).append(time.perf_counter())
        if update.HasField("move"):
            self.made_by[update.version] = update.move.seat

    def round_trips(self) -> list[float]:
        """Per accepted action: send until the last subscriber held its diff (refused sends don't count)."""
        trips = []
        for version, seat in self.made_by.items():
            sent = self.sent.get((version, seat))
            if sent is not None and len(self.held[version]) == self.subscribers:
                trips.append(max(self.held[version]) - sent)
        return trips


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class ServeProcess:
    """`vegas serve` on a free loopback port in its own process, logging to a file."""

    def __init__(self, data_dir: Path) -> None:
        self.log_path = data_dir / "serve.log"
        self.log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        command = [sys.executable, "-m", "cli.main", "serve", "--host", "127.0.0.1", "--port", "0",
                   "--data-dir", str(data_dir / "data"), "--log-json", "--rate-limit", "0", "--max-games", "10000"]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=self.log)
        self.address = f"127.0.0.1:{self._port()}"

    def _port(self) -> int:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            for line in self.log_path.read_text().splitlines():
                if '"serving"' in line:
                    return int(json.loads(line)["port"])
            time.sleep(0.05)
        raise RuntimeError(f"vegas serve did not start: {self.log_path.read_text()[-2000:]}")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        self.log.close()

    def request_ms(self, rpc: str) -> list[float]:
        """Server-side durations of `rpc` from the JSON log (for a breakdown of the round trip)."""
        lines = (json.loads(line) for line in self.log_path.read_text().splitlines() if line.startswith("{"))
        return [line["ms"] for line in lines if line.get("event") == "request" and line.get("rpc") == rpc]


async def _play_game(address: str, index: int, think: float) -> GameTimes:
    async with grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]) as channel:
        stub = table_pb2_grpc.VegasTableStub(channel)
        created = await stub.CreateGame(pb.CreateGameRequest(game="lords", rules="up", players=4))
        times = GameTimes(subscribers=4)
        bots = []
        for seat in range(4):
            joined = await stub.JoinGame(pb.JoinGameRequest(game_id=created.game_id, seat=seat, name=f"bench {seat}"))
            bot = RemoteBot(stub, created.game_id, seat, joined.seat_token, random.Random(f"{index}/{seat}"),
                            think=think * random.Random(f"{index}/{seat}/think").uniform(0.5, 1.5))
            bot.on_submit = functools.partial(times.on_submit, seat)
            bot.on_update = times.on_update
            bots.append(bot)
        await asyncio.gather(*(bot.play() for bot in bots))
        return times


async def _round_trips(address: str, games: int, think: float) -> tuple[list[float], int, float]:
    started = time.perf_counter()
    results = await asyncio.gather(*(_play_game(address, k, think) for k in range(games)))
    elapsed = time.perf_counter() - started
    trips = [t for times in results for t in times.round_trips()]
    return trips, len(trips), elapsed


def round_trip_rows(concurrency: tuple[int, ...] = CONCURRENCY, think: float = THINK_SECONDS) -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="vegas-bench-") as directory:
        server = ServeProcess(Path(directory))
        try:
            for games in concurrency:
                trips, actions, elapsed = asyncio.run(_round_trips(server.address, games, think))
                label = f"{games} concurrent game{'s' if games > 1 else ''}"
                rows += [
                    Row("server", f"action round trip p50, {label}", 1000 * percentile(trips, 0.50), "ms"),
                    Row("server", f"action round trip p99, {label}", 1000 * percentile(trips, 0.99), "ms",
                        f"< {P99_TARGET_MS} ms" if games == max(concurrency) else ""),
                    Row("server", f"actions per second served, {label} (bots think ~{think:g} s)",
                        actions / elapsed, "actions/s"),
                ]
        finally:
            server.stop()
    return rows


def server_suite(quick: bool) -> list[Row]:
    """What `vegas bench` calls: diff sizes, then round trips with 1, 10 and 100 concurrent games."""
    rows = diff_sizes(games=10 if quick else 100)
    return rows + round_trip_rows((1, 10) if quick else CONCURRENCY)


def main(argv: list[str] | None = None) -> Any:
    """`python -m server.bench [GAMES...] [--think S]`: just the round trips, printed."""
    import argparse

    parser = argparse.ArgumentParser(description="server round trips under concurrent bot games")
    parser.add_argument("games", type=int, nargs="*", default=list(CONCURRENCY))
    parser.add_argument("--think", type=float, default=THINK_SECONDS)
    args = parser.parse_args(argv)
    for row in round_trip_rows(tuple(args.games), args.think):
        print(f"{row.measure:70} {row.value:10.2f} {row.unit}")


if __name__ == "__main__":
    main()
