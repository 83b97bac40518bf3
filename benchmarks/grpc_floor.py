"""What gRPC alone costs for an action's messages: the floor under the server's CPU per action.

The target scenario's action is, on the wire: one `Act` request in and its answer out on the actor's
bidirectional stream, and one update out on each of the game's four Watch streams (one connection per
player). Here a bare `grpc.aio` server with no game, no protobuf and no disk does exactly that with bytes
of the server's mean diff size, under the same load shape as `benchmarks.server` (N games, four clients
each on a connection of their own, pauses of `think` seconds, the server pinned to a core of its own), and
the load generator measures the server's CPU per action. Whatever the real server spends above this figure
is its own work (the rules, the views, the record, protobuf, logs); below it nothing in Python can go
without sending fewer messages.

`durable=True` adds what no server that keeps its word can skip: before answering, the action's record (a
line of a replay's mean size) is appended to the game's file and made durable by the server's own
`server.syncer.Syncer`, as the real server does before it acknowledges anything.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from multiprocessing.queues import Queue

import grpc

from benchmarks.serve_process import cpu_seconds, split_cores
from vegas_table.common import loops
from vegas_table.server.syncer import Syncer

SERVICE = "floor.Floor"
UPDATE_BYTES = 450  # the mean Lords of Vegas diff per viewer and version (`benchmarks.server.diff_sizes`)
RECORD_BYTES = 300  # about an action's record in a replay file
SEATS = 4


def _same(data: bytes) -> bytes:
    return data


async def _serve(ports: Queue[int], records: str | None) -> None:
    """A server whose `Act` answers each request and sends `UPDATE_BYTES` to every Watch stream of the
    request's game (its bytes: the game's name); with `records` (a directory), after appending a record to
    the game's file there and syncing it."""
    watchers: dict[bytes, list[asyncio.Queue[bytes]]] = {}
    update = b"u" * UPDATE_BYTES
    syncer = Syncer(asyncio.get_running_loop()) if records else None

    async def record(game: bytes) -> None:
        if syncer is None:
            return
        path = os.path.join(records or "", game.decode())
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, b"r" * RECORD_BYTES + b"\n")
        finally:
            os.close(fd)
        await syncer.submit(path)

    async def watch(game: bytes, context: grpc.aio.ServicerContext[bytes, bytes]) -> AsyncIterator[bytes]:
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        watchers.setdefault(game, []).append(queue)
        await context.send_initial_metadata(())
        while True:
            yield await queue.get()

    async def act(requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext[bytes, bytes]
                  ) -> AsyncIterator[bytes]:
        async for game in requests:
            await record(game)
            for queue in watchers.get(game, ()):
                queue.put_nowait(update)
            yield b"ok"

    server = grpc.aio.server()
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {
        "Watch": grpc.unary_stream_rpc_method_handler(watch, _same, _same),
        "Act": grpc.stream_stream_rpc_method_handler(act, _same, _same),
    }),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    ports.put(port)
    await server.wait_for_termination()


def _server_process(ports: Queue[int], cores: set[int] | None, records: str | None) -> None:
    if cores is not None:
        os.sched_setaffinity(0, cores)
    loops.run(_serve(ports, records))


@dataclass
class Floor:
    actions: int
    server_cpu: float  # seconds
    trips: list[float]


async def _game(port: int, name: bytes, think: float, seconds: float, trips: list[float]) -> None:
    """Four clients on connections of their own, each watching; the first acts after each pause and
    measures until all four hold the update."""
    options = [("grpc.use_local_subchannel_pool", 1)]
    channels = [grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=options) for _ in range(SEATS)]
    held = 0
    everyone = asyncio.Event()

    async def follow(channel: grpc.aio.Channel) -> None:
        nonlocal held
        async for _ in channel.unary_stream(f"/{SERVICE}/Watch", _same, _same)(name):
            held += 1
            if held % SEATS == 0:
                everyone.set()

    followers = [asyncio.create_task(follow(channel)) for channel in channels]
    try:
        await asyncio.sleep(1.0)  # every Watch stream open
        acting = channels[0].stream_stream(f"/{SERVICE}/Act", _same, _same)()
        rng = random.Random(name)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            everyone.clear()
            sent = time.perf_counter()
            await acting.write(name)
            await acting.read()
            await everyone.wait()
            trips.append(time.perf_counter() - sent)
    finally:
        for task in followers:
            task.cancel()
        await asyncio.gather(*(channel.close() for channel in channels))


def measure(games: int, think: float, seconds: float, cores: tuple[set[int], set[int]] | None,
            durable: bool = False) -> Floor:
    """The bare server in a process of its own (on `cores[0]`), `games` games played from this process
    (on `cores[1]`) for `seconds`; `durable`: each action's record synced before it is answered."""
    if not durable:
        return _measure(games, think, seconds, cores, None)
    with tempfile.TemporaryDirectory(prefix="vegas-floor-") as records:
        return _measure(games, think, seconds, cores, records)


def _measure(games: int, think: float, seconds: float, cores: tuple[set[int], set[int]] | None,
             records: str | None) -> Floor:
    context = multiprocessing.get_context("spawn")  # grpc's threads do not survive a fork
    ports: Queue[int] = context.Queue()
    process = context.Process(target=_server_process, args=(ports, cores[0] if cores else None, records),
                              daemon=True)
    process.start()
    own = os.sched_getaffinity(0)
    try:
        port = ports.get(timeout=30)
        if cores is not None:
            os.sched_setaffinity(0, cores[1])
        pid = process.pid
        assert pid is not None
        trips: list[float] = []

        async def play() -> float:
            tasks = [asyncio.create_task(_game(port, f"g{k}".encode(), think, seconds, trips))
                     for k in range(games)]
            await asyncio.sleep(1.0)  # the streams opened: their set-up is not an action's cost
            started = cpu_seconds(pid)
            await asyncio.gather(*tasks)
            ended = cpu_seconds(pid)
            assert started is not None and ended is not None, "the floor's server is gone, or this is not Linux"
            return ended - started

        used = loops.run(play())
        return Floor(len(trips), used, trips)
    finally:
        os.sched_setaffinity(0, own)
        process.kill()
        process.join(10)


def main(argv: list[str] | None = None) -> None:
    """`python -m benchmarks.grpc_floor [GAMES] [--seconds S]`: the floors alone (plain and durable), printed."""
    import argparse

    from benchmarks.server import THINK_SECONDS, floor_rows

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=THINK_SECONDS)
    args = parser.parse_args(argv)
    for row in floor_rows(args.games, args.think, args.seconds, split_cores(), f"{args.games} games"):
        print(f"{row.measure}: {row.value:.3f} {row.unit}")


if __name__ == "__main__":
    main()

