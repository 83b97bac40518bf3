"""A real server on a free loopback port, in its own thread and event loop (`serving`), for blocking test
clients. (A `vegas serve` process of its own, to kill and restart, is `benchmarks.serve_process.ServeProcess`.)"""

from __future__ import annotations

import asyncio
import subprocess
import threading
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import grpc

from vegas_client import ViewTracker, wire
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.bots.runner import random_action
from vegas_table.server.app import RunningServer, ServerOptions, create_server
from vegas_table.server.errors import ERROR_METADATA_KEY

__all__ = ["random_action"]  # re-exported: the random bot's pick for tests that drive seats over the bare API

T = TypeVar("T")


class ServerThread:
    """`create_server("127.0.0.1:0")` in a background event loop; `stop()` shuts it down and joins."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-server", daemon=True)
        self.thread.start()
        self.running: RunningServer
        self.running, self.port = self.run(create_server("127.0.0.1:0", options))
        self.address = f"127.0.0.1:{self.port}"

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        """Run `coroutine` on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.run(self.running.stop(0))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@contextmanager
def serving(data_dir: Path, **options: Any) -> Iterator[ServerThread]:
    server = ServerThread(ServerOptions(data_dir=data_dir, **options))
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def stub_for(address: str) -> Iterator[table_pb2_grpc.VegasTableStub]:
    with grpc.insecure_channel(address) as channel:
        yield table_pb2_grpc.VegasTableStub(channel)


def refusal(call: Any, *args: Any) -> tuple[grpc.StatusCode, str, str]:
    """Call an RPC that must be refused: its status, its `vegas-error` code and its sentence."""
    try:
        call(*args)
    except grpc.RpcError as error:
        codes = dict(error.trailing_metadata() or ())  # type: ignore[attr-defined]
        return error.code(), codes.get(ERROR_METADATA_KEY, ""), error.details()  # type: ignore[attr-defined]
    raise AssertionError(f"{call} was not refused")


def create(stub: table_pb2_grpc.VegasTableStub, players: int = 4, bots: tuple[int, ...] = (),
           think_ms: int = 0, rules: str = "up") -> pb.CreateGameResponse:
    return stub.CreateGame(pb.CreateGameRequest(game="lords", rules=rules, players=players,
                                                bots=[pb.BotSeat(seat=s, kind="random") for s in bots],
                                                bot_think_ms=think_ms))


def join_all(stub: table_pb2_grpc.VegasTableStub, game_id: str, seats: range | tuple[int, ...],
             ) -> dict[int, str]:
    """Join `seats` of the game; their tokens by seat."""
    tokens = {}
    for seat in seats:
        reply = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=seat, name=f"player {seat}",
                                                 entropy=f"entropy {seat}"))
        tokens[reply.seat] = reply.seat_token
    return tokens


def tracked(tracker: ViewTracker, message: pb.Update) -> None:
    """Apply one message of a Watch stream to `tracker` as any client does (Resync if it cannot)."""
    tracker.accept(wire.update(message))


def submitted_once_back(stub: Any, request: pb.SubmitActionRequest, timeout: float = 20) -> pb.ActionResult:
    """Submit `request` until the game is back from `suspended` (its session re-plays it meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return stub.SubmitAction(request)
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.UNAVAILABLE or time.monotonic() > deadline:  # type: ignore[attr-defined]
                raise
            time.sleep(0.05)


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for localhost and 127.0.0.1 and its key, made by openssl in `folder` (for TLS tests)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key
