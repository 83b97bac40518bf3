"""Matches in worker processes (`vegas serve --workers N`), beside the process that talks to clients.

A Python process runs Python on one core at a time. The gRPC side of the server (receiving, sending,
checking requests) and the match side (`server.core`: the rules, the replay files, encoding and diffing
every viewer's view) each take about half of the CPU an action costs, so with `--workers N` the matches
run in N worker processes (a game always in the same one, chosen by its id) and the server's process
keeps only the gRPC side: both halves can then run side by side on a machine's cores. (On a 2-core
machine shared with the load generator this measured no faster: docs/BENCHMARKS.md.)

A worker reads requests from a socket pair, takes every request that has arrived, applies and writes the
actions, fdatasyncs the files they wrote side by side while it works out the views (a group commit), and
only then replies, so nothing is acknowledged before it is on disk. If the server dies, the socket
closes and the worker exits; if a worker dies, the hub hears of it (`on_lost`) and each of its running
games is refused (UNAVAILABLE, `suspended`) until its session has re-played it from its replay file in a
new worker, which it starts doing at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import pickle
import socket
import struct
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import structlog

from engine.core import errors as engine_errors
from engine.core.errors import EngineError
from server.core import CoreSpec, MatchCore, Recorded, Step, ms
from server.cores import RecordFailed
from server.tuning import settle_long_lived, tune_for_latency

log = structlog.get_logger("vegas.server")

FRAME = struct.Struct(">I")  # each message on the socket: its length, then the pickle
WRITERS = frozenset({"start", "play"})  # requests that write a replay file: if they fail, the file may lag


def _frame(message: Any) -> bytes:
    payload = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return FRAME.pack(len(payload)) + payload


def _cut_frames(buffer: bytearray) -> list[Any]:
    """The whole messages at the start of `buffer`, taken out of it (a partial one stays for later)."""
    messages, start = [], 0
    while len(buffer) - start >= FRAME.size:
        (size,) = FRAME.unpack_from(buffer, start)
        if len(buffer) - start - FRAME.size < size:
            break
        messages.append(pickle.loads(memoryview(buffer)[start + FRAME.size:start + FRAME.size + size]))
        start += FRAME.size + size
    del buffer[:start]
    return messages


class WorkerCores:
    """Matches spread over `count` worker processes (see the module docstring)."""

    def __init__(self, count: int, fsync: bool = True) -> None:
        self.fsync = fsync
        self.links = [WorkerLink(index, fsync, self._lost) for index in range(count)]
        self.replacing = asyncio.Lock()
        self.closing = False
        self.on_lost: Callable[[Callable[[str], bool]], None] | None = None

    def _lost(self, index: int) -> None:
        if self.on_lost is not None and not self.closing:
            self.on_lost(lambda game_id: self._index(game_id) == index)

    async def open(self) -> WorkerCores:
        await asyncio.gather(*(link.open() for link in self.links))
        return self

    def _index(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode("utf-8")) % len(self.links)

    def _link(self, game_id: str) -> WorkerLink:
        return self.links[self._index(game_id)]

    async def start(self, spec: CoreSpec) -> Step:
        step: Step = await (await self._live_link(spec.game_id)).call("start", spec)
        return step

    async def resume(self, spec: CoreSpec) -> list[Step]:
        """The game re-played from its replay file by its worker: a new worker if the last one was lost
        (its other games come back the same way, each when its session asks)."""
        steps: list[Step] = await (await self._live_link(spec.game_id)).call("resume", spec)
        return steps

    async def _live_link(self, game_id: str) -> WorkerLink:
        """The game's worker, started anew if it was lost."""
        index = self._index(game_id)
        async with self.replacing:
            lost = self.links[index]
            if lost.lost is not None and not self.closing:
                replacement = WorkerLink(index, self.fsync, self._lost)
                await replacement.open()
                self.links[index] = replacement
                log.warning("worker_replaced", worker=index, lost_pid=lost.process.pid, reason=lost.lost)
                await lost.close()  # reaps the dead process
        return self.links[index]

    async def final(self, spec: CoreSpec) -> Step:
        step: Step = await (await self._live_link(spec.game_id)).call("final", spec)
        return step

    async def play(self, game_id: str, seat: int, action: str) -> Step:
        step: Step = await self._link(game_id).call("play", game_id, seat, action)
        return step

    async def bot_action(self, game_id: str, seat: int, version: int,
                         time_limit: float | None = None) -> str | None:
        action: str | None = await self._link(game_id).call("bot_action", game_id, seat, version, time_limit)
        return action

    async def forget(self, game_id: str) -> None:
        with contextlib.suppress(RecordFailed):  # a lost worker has forgotten everything already
            await self._link(game_id).call("forget", game_id)

    async def close(self) -> None:
        self.closing = True
        await asyncio.gather(*(link.close() for link in self.links))


class WorkerLink(asyncio.Protocol):
    """One worker process and the socket to it: requests out, replies matched back by number.

    A protocol rather than streams: replies are cut out of the bytes as they arrive, with no task
    switch per reply (the front's CPU per call fell from ~95 to ~40 us)."""

    def __init__(self, index: int, fsync: bool, on_lost: Callable[[int], None] | None = None) -> None:
        self.index = index
        self.fsync = fsync
        self.on_lost = on_lost  # told the worker's index when it is lost (not when closed)
        self.numbers = itertools.count()
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.lost: str | None = None
        self.buffer = bytearray()
        self.closed = asyncio.Event()

    async def open(self) -> None:
        ours, theirs = socket.socketpair()
        command = [sys.executable, "-m", "server.workers", str(theirs.fileno()), "fsync" if self.fsync else "nofsync"]
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        self.process = subprocess.Popen(command, pass_fds=(theirs.fileno(),), env=environment)
        theirs.close()
        loop = asyncio.get_running_loop()
        self.transport, _ = await loop.create_unix_connection(lambda: self, sock=ours)
        log.info("worker_started", worker=self.index, pid=self.process.pid)

    async def call(self, kind: str, *args: Any) -> Any:
        if self.lost is not None:
            raise RecordFailed(self.lost)
        number = next(self.numbers)
        future = self.pending[number] = asyncio.get_running_loop().create_future()
        self.transport.write(_frame((number, kind, args)))
        outcome, value = await future
        if outcome == "ok":
            return value
        if outcome == "engine_error":
            name, code, message = value
            raise getattr(engine_errors, name, EngineError)(code, message)
        raise RecordFailed(value)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        for number, reply in _cut_frames(self.buffer):
            future = self.pending.pop(number, None)
            if future is not None and not future.done():
                future.set_result(reply)

    def connection_lost(self, error: Exception | None) -> None:
        self._lose(f"worker {self.index} (pid {self.process.pid}) is gone: {error or 'its socket closed'}")
        self.closed.set()

    def _lose(self, reason: str) -> None:
        first = self.lost is None
        self.lost = self.lost or reason
        for future in self.pending.values():
            if not future.done():
                future.set_result(("failed", reason))
        self.pending.clear()
        if first:
            log.error("worker_lost", worker=self.index, reason=reason)
            if self.on_lost is not None:
                self.on_lost(self.index)

    async def close(self) -> None:
        """Close the socket: the worker closes its files and exits."""
        self.lost = self.lost or "the server is stopping"
        self.transport.close()
        await self.closed.wait()
        try:
            await asyncio.to_thread(self.process.wait, 10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# ----------------------------------------------------------------------------------- the worker side


class Worker:
    """The matches of one worker process and what each request does to them."""

    def __init__(self, fsync: bool) -> None:
        self.fsync = fsync
        self.cores: dict[str, MatchCore] = {}
        self.handlers: dict[str, Callable[..., Any]] = {
            "start": self.start, "resume": self.resume, "final": MatchCore.final, "bot_action": self.bot_action,
            "forget": self.forget}
        self.unsynced: set[str] = set()  # games whose replay file was written by this batch of requests
        self.threads = ThreadPoolExecutor(max_workers=8, thread_name_prefix="fsync")  # concurrent fsyncs share
        # the file system's journal commits

    def start(self, spec: CoreSpec) -> Step:
        core, step = MatchCore.start(spec)
        self.cores[spec.game_id] = core
        self.unsynced.add(spec.game_id)
        settle_long_lived()  # the match lives as long as the game
        return step

    def resume(self, spec: CoreSpec) -> list[Step]:
        core, steps = MatchCore.resume(spec)
        self.cores[spec.game_id] = core
        return steps

    def bot_action(self, game_id: str, seat: int, version: int, time_limit: float | None = None) -> str | None:
        core = self.cores.get(game_id)
        if core is None or not core.playing_at(version):
            return None
        return core.bot_action(seat, time_limit)

    def forget(self, game_id: str) -> None:
        core = self.cores.pop(game_id, None)
        if core is not None:
            core.close()

    def handle(self, requests: list[tuple[int, str, tuple[Any, ...]]]) -> list[tuple[int, tuple[str, Any]]]:
        """Answer a batch of requests; the files they wrote are synced before any answer is given.

        Actions are applied and written first; their files are then synced while their views are worked out."""
        replies: list[tuple[int, tuple[str, Any]]] = []
        games: list[str | None] = []
        played: list[tuple[int, MatchCore, Recorded]] = []  # replies still owed their views
        for number, kind, args in requests:
            game_id = args[0].game_id if isinstance(args[0], CoreSpec) else args[0]
            games.append(game_id)
            try:
                if kind == "play":
                    core = self.cores[game_id]
                    played.append((len(replies), core, core.record(args[1], args[2])))
                    self.unsynced.add(game_id)
                    replies.append((number, ("ok", None)))
                else:
                    replies.append((number, ("ok", self.handlers[kind](*args))))
            except EngineError as error:
                replies.append((number, ("engine_error", (type(error).__name__, error.code, error.message))))
            except Exception as error:
                if kind in WRITERS:
                    self._break(game_id)
                replies.append((number, ("failed", f"{kind} failed in the worker: {error!r}")))
        syncing = self._start_syncs()
        for index, core, recorded in played:
            try:
                replies[index] = (replies[index][0], ("ok", core.views_after(recorded)))
            except Exception as error:
                self._break(core.spec.game_id)
                replies[index] = (replies[index][0], ("failed", f"the views failed in the worker: {error!r}"))
        synced = self._finish_syncs(syncing)
        for index, (number, (outcome, value)) in enumerate(replies):
            game_id = games[index]
            if game_id in synced and outcome == "ok" and isinstance(value, Step):
                problem, fsync_ms = synced[game_id]
                if problem:
                    replies[index] = (number, ("failed", problem))
                else:
                    replies[index] = (number, (outcome, value._replace(timings=value.timings._replace(
                        fsync_ms=fsync_ms))))
        return replies

    def _start_syncs(self) -> dict[str, tuple[Future[None] | None, float]]:
        """Start an fdatasync of every file this batch wrote, side by side: game -> (its future, when)."""
        started = time.perf_counter()
        syncing: dict[str, tuple[Future[None] | None, float]] = {}
        for game_id in self.unsynced:
            core = self.cores.get(game_id)
            syncing[game_id] = (self.threads.submit(core.sync) if self.fsync and core else None, started)
        self.unsynced.clear()
        return syncing

    def _finish_syncs(self, syncing: dict[str, tuple[Future[None] | None, float]]) -> dict[str, tuple[str, float]]:
        """Wait for the syncs: game -> (the problem, or "", and how long it took)."""
        synced = {}
        for game_id, (future, started) in syncing.items():
            problem = ""
            try:
                if future is not None:
                    future.result()
            except Exception as error:
                self._break(game_id)
                problem = f"fsync failed: {error!r}"
            synced[game_id] = (problem, ms(time.perf_counter() - started))
        return synced

    def _break(self, game_id: str | None) -> None:
        """The game's state may be ahead of its file: drop it (the server refuses the game until it is resumed)."""
        core = self.cores.pop(game_id, None) if game_id is not None else None
        if core is not None:
            core.close()

    def close(self) -> None:
        for core in self.cores.values():
            core.close()
        self.threads.shutdown()


def serve(connection: socket.socket, fsync: bool) -> None:
    """Answer requests until the server closes the socket (or dies)."""
    worker = Worker(fsync)
    buffer = bytearray()
    try:
        while True:
            data = connection.recv(1 << 20)
            if not data:
                return
            buffer += data
            connection.setblocking(False)  # take whatever else has arrived too: one batch, one group commit
            with contextlib.suppress(BlockingIOError):
                while more := connection.recv(1 << 20):
                    buffer += more
            connection.setblocking(True)
            requests = _cut_frames(buffer)
            if requests:
                connection.sendall(b"".join(_frame(reply) for reply in worker.handle(requests)))
    except (ConnectionError, OSError):
        return
    finally:
        worker.close()


def main(argv: list[str]) -> None:
    """`python -m server.workers FD fsync|nofsync`, started by `WorkerLink.open` only."""
    tune_for_latency()
    serve(socket.socket(fileno=int(argv[0])), fsync=argv[1] == "fsync")


if __name__ == "__main__":
    main(sys.argv[1:])
