"""Making replay files durable for an event loop: one thread, many files, one sync and one wake-up per batch.

The loop hands `Syncer.submit` the path of a file it has written to and awaits the future it gets. The
paths of one turn of the loop go to the sync thread together once the turn is over; the thread takes every
path waiting (those of the turns since its last batch began), makes them durable together
(`replays.format.sync_files`: one `syncfs` for the lot), and then wakes the loop once for the whole batch.
The loop never blocks on the disk, and a busy server's syncs do not queue up one journal commit per game.
A batch that fails fails for every file in it: each of their games is then re-played from its file
(`server.matches.RecordFailed`).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from vegas_table.replays.format import sync_files

Job = tuple[Path | str, asyncio.Future[None]]


class Syncer:
    """Syncs files in a thread of its own, in batches (see the module docstring); `sync` is what makes a
    batch of files durable."""

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 sync: Callable[[Iterable[Path | str]], None] = sync_files) -> None:
        self.loop = loop
        self.sync = sync
        self.jobs: queue.SimpleQueue[list[Job] | None] = queue.SimpleQueue()
        self.turn: list[Job] = []  # this turn of the loop's, handed to the thread when it is over
        self.thread = threading.Thread(target=self._run, name="fsync", daemon=True)
        self.thread.start()

    def submit(self, path: Path | str) -> asyncio.Future[None]:
        """Queue `path` for the sync thread, with the other paths of this turn of the loop; the future says
        when it is durable (or what failed)."""
        future = self.loop.create_future()
        if not self.turn:
            self.loop.call_soon(self._hand_over)
        self.turn.append((path, future))
        return future

    def _hand_over(self) -> None:
        turn, self.turn = self.turn, []
        self.jobs.put(turn)

    def close(self) -> None:
        """Finish what is queued, then stop the thread (once the loop submits nothing more)."""
        if self.turn:
            self._hand_over()
        self.jobs.put(None)
        self.thread.join(30)

    def _run(self) -> None:
        while True:
            batch = [self.jobs.get()]
            while not self.jobs.empty():
                batch.append(self.jobs.get())
            jobs = [job for turn in batch if turn is not None for job in turn]
            error: BaseException | None = None
            if jobs:
                try:
                    self.sync(path for path, _ in jobs)
                except BaseException as failed:  # handed to every awaiting coroutine, which decides
                    error = failed
                self._settle([future for _, future in jobs], error)
            if None in batch:
                return

    def _settle(self, futures: list[asyncio.Future[None]], error: BaseException | None) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(_settle_all, futures, error)


def _settle_all(futures: list[asyncio.Future[None]], error: BaseException | None) -> None:
    for future in futures:
        if future.cancelled():
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
