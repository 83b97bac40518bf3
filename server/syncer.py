"""Making replay files durable for an event loop: one thread, many files, one wake-up per batch.

The loop hands `Syncer.submit` a function that fsyncs one game's file and awaits the future it gets. A
single thread runs every sync that is waiting, one after the other, and then wakes the loop once for the
whole batch: fewer wake-ups than a thread per fsync, and the loop never blocks on the disk (figures:
docs/BENCHMARKS.md and its history).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable

Job = tuple[Callable[[], None], asyncio.Future[None]]


class Syncer:
    """Runs sync functions in a thread of its own, in batches (see the module docstring)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="fsync", daemon=True)
        self.thread.start()

    def submit(self, function: Callable[[], None]) -> asyncio.Future[None]:
        """Queue `function` for the sync thread at once; the future says when it is done (or what it raised)."""
        future = self.loop.create_future()
        self.jobs.put((function, future))
        return future

    def close(self) -> None:
        """Finish what is queued, then stop the thread."""
        self.jobs.put(None)
        self.thread.join(30)

    def _run(self) -> None:
        while True:
            batch = [self.jobs.get()]
            while not self.jobs.empty():
                batch.append(self.jobs.get())
            done: list[tuple[asyncio.Future[None], BaseException | None]] = []
            for job in batch:
                if job is None:
                    self._settle(done)
                    return
                function, future = job
                try:
                    function()
                    done.append((future, None))
                except BaseException as error:  # handed to the awaiting coroutine, which decides
                    done.append((future, error))
            self._settle(done)

    def _settle(self, done: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
        if done and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(_settle_all, done)


def _settle_all(done: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for future, error in done:
        if future.cancelled():
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
