"""The spectators of `make load`: watchers of running games, in the load generator's process or in processes of
their own (`Spectators`, `python -m harness.spectators ADDRESS STREAMS`) that the harness can make vanish,
SIGKILLed or SIGSTOPped, as a crashed or frozen laptop would."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from typing import TypeAlias

import grpc

from benchmarks.serve_process import ServeProcess, tcp_connections
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.common import loops
from vegas_table.common.children import Child

Stub: TypeAlias = table_pb2_grpc.VegasTableStub


class Spectators:
    """A spectator process (`spectate`) on a connection of its own, watching a few running games at a
    time; it says "open" for every stream the server has opened for it, so that the harness knows how many
    streams it held when it vanished."""

    def __init__(self, process: Child, peer: str) -> None:
        self.process = process
        self.peer = peer  # the gRPC peer string the server logs for its connection
        self.opened = 0
        self.vanished = False
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, server: ServeProcess, streams: int) -> Spectators:
        process = await Child.start([sys.executable, "-m", "harness.spectators", server.address, str(streams)],
                                    stdout=subprocess.PIPE)
        assert process.stdout is not None
        line = await process.stdout.readline()
        if line.strip() != b"connected":
            process.kill()
            raise RuntimeError(f"a spectator process did not start: {line!r}, exit status {await process.wait()}")
        (local, _), = tcp_connections(process.pid, server.port)
        return cls(process, f"ipv4:127.0.0.1:{local}")

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for line in self.process.stdout:
            if line.strip() == b"open" and not self.vanished:
                self.opened += 1

    def vanish(self, how: signal.Signals) -> None:
        self.vanished = True  # what it says from now on is not heard: it is gone, or frozen
        self.process.send_signal(how)

    async def stop(self) -> None:
        self.process.kill()
        await self.process.wait()
        self._reader.cancel()
        await asyncio.gather(self._reader, return_exceptions=True)


async def watch_running_games(stub: Stub, on_update: Callable[[pb.Update], None],
                              on_open: Callable[[], None] | None = None) -> None:
    """Watch a running game as a spectator until it ends, then another, and so on until cancelled."""
    while True:
        listed = await stub.ListGames(pb.ListGamesRequest(page_size=1000))
        running = [game.game_id for game in listed.games if game.status == pb.GAME_STATUS_RUNNING]
        if not running:
            await asyncio.sleep(0.5)
            continue
        call = stub.Watch(pb.WatchRequest(game_id=random.choice(running)))
        first = True
        while (update := await call.read()) is not grpc.aio.EOF:
            if first and on_open is not None:
                on_open()
            first = False
            on_update(update)


async def spectate(address: str, streams: int) -> None:
    """A spectator process: `streams` spectators on one connection, printing "open" for each stream opened."""
    async with grpc.aio.insecure_channel(address) as channel:
        await channel.channel_ready()
        print("connected", flush=True)

        def opened() -> None:
            print("open", flush=True)

        stub = Stub(channel)
        try:
            await asyncio.gather(*(watch_running_games(stub, lambda _: None, opened) for _ in range(streams)))
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.UNAVAILABLE:
                raise  # UNAVAILABLE: the server let go of this connection (it was frozen) or stopped: done


if __name__ == "__main__":
    loops.run(spectate(sys.argv[1], int(sys.argv[2])))
