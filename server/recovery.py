"""Re-playing a suspended game until that works: at once in the background, then again and again, backing
off. A game is suspended when its state may be ahead of its replay file (a write or fsync failed); until it
is re-played from the file, its session refuses everything with UNAVAILABLE `suspended`.

Re-playing a game drops a torn last record, and `note_dropped` says so: when a suspended game is re-played
(`GameSession`) and when a game is restored at start-up (`server.restoring`).
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
from collections.abc import Awaitable, Callable
from pathlib import Path

import structlog

from vegas_table.replays.format import Tail

RECOVERY_DELAYS = (0.0, 0.5, 2.0, 10.0, 30.0)  # seconds before each try to re-play a suspended game (then the last)


class Recovery:
    """Runs `attempt` (under `lock`) until it returns without raising, or until `needed()` says the game is
    no longer suspended; one background task at a time, however often the game is suspended meanwhile."""

    def __init__(self, lock: asyncio.Lock, needed: Callable[[], bool], attempt: Callable[[], Awaitable[None]],
                 log: structlog.typing.FilteringBoundLogger) -> None:
        self.lock = lock
        self.needed = needed
        self.attempt = attempt
        self.log = log
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Try to re-play the game in the background, unless a try is under way already."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._until_done(), context=contextvars.Context())

    async def _until_done(self) -> None:
        for attempt in itertools.count():
            await asyncio.sleep(RECOVERY_DELAYS[min(attempt, len(RECOVERY_DELAYS) - 1)])
            async with self.lock:
                if not self.needed():
                    return
                try:
                    await self.attempt()
                    return
                except Exception:  # the disk still fails...: try again later
                    self.log.exception("recovery_failed", attempt=attempt + 1)


def note_dropped(log: structlog.typing.FilteringBoundLogger, tail: Tail, path: Path) -> None:
    """Say so when re-playing the game dropped a torn last record (`tail`: the file at `path` as it was
    before): the record being written when the server stopped or a write failed; never acknowledged, as it
    was not on disk."""
    if tail.torn:
        log.warning("replay_torn_record_dropped", line=tail.records + 1, seq=tail.records, bytes=tail.torn,
                    file=str(path))
