"""Following one game: the Watch stream turned into whole views, kept across dropped connections.

`ViewTracker` holds `(version, view)` and applies each update as docs/API.md prescribes: a snapshot
replaces the view; a diff must bring the very next version and its patch (RFC 6902, applied with the
`jsonpatch` library) must give a view whose canonical hash is the one the server sent. Anything else is a
`Resync`: the follower reconnects without `from_version` and starts again from a snapshot.

`Follower` runs the stream in a background task. A dropped connection is retried with exponential backoff
(with jitter, so a restarted server is not hit by every client at once) and resumes from the last version
it holds, so no update is missed and none is applied twice.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import jsonpatch
import structlog

from client.link import LinkError, RawUpdate
from client.viewmodel import ViewUpdate
from engine.core.canonical import canonical_hash

log = structlog.get_logger("client.follow")


class Resync(Exception):
    """The view held can no longer be trusted (a gap in versions, a wrong hash): start from a snapshot."""


class ViewTracker:
    """The viewer's `(version, view)`, advanced one update at a time."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.view: dict[str, Any] | None = None

    def forget(self) -> None:
        self.version, self.view = None, None

    def accept(self, raw: RawUpdate) -> ViewUpdate | None:
        """The update as a whole view, None for a version already held; Resync if it cannot be applied."""
        if raw.kind == "lobby":
            return ViewUpdate(raw.version, None, raw.events, raw.status, raw.lobby, raw.move)
        if raw.kind == "snapshot":
            view = json.loads(raw.body)
        elif self.version is not None and self.view is not None and raw.version <= self.version:
            return None  # already held (a server replaying a version we have): never apply twice
        elif self.version is None or self.view is None or raw.version != self.version + 1:
            raise Resync(f"diff to version {raw.version} does not follow version {self.version}")
        else:
            try:
                view = jsonpatch.apply_patch(copy.deepcopy(self.view), json.loads(raw.body))
            except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException, ValueError) as error:
                raise Resync(f"diff to version {raw.version} does not apply: {error}") from None
        if canonical_hash(view) != raw.view_hash:
            raise Resync(f"view hash after version {raw.version} differs from the server's")
        self.version, self.view = raw.version, view
        return ViewUpdate(raw.version, view, raw.events, raw.status, None, raw.move)


@dataclass
class Backoff:
    """Delays between reconnection attempts: first `start` seconds, doubling up to `cap`, ±`jitter`."""

    start: float = 0.25
    cap: float = 8.0
    jitter: float = 0.2
    attempts: int = 0

    def next(self) -> float:
        delay = min(self.cap, self.start * 2.0 ** self.attempts)
        self.attempts += 1
        return delay * (1 + random.uniform(-self.jitter, self.jitter))

    def reset(self) -> None:
        self.attempts = 0


Watch = Callable[[int | None], AsyncIterator[RawUpdate]]


class Follower:
    """Streams one game into `on_update` until it is finished, reconnecting as needed.

    `on_state(text, connected)` hears about the connection: "live", "reconnecting in 2.0s: ..." etc.
    Errors that retrying cannot fix (unknown game, wrong token) end the follower with that LinkError.
    """

    def __init__(self, watch: Watch, on_update: Callable[[ViewUpdate], None],
                 on_state: Callable[[str, bool], None], backoff: Backoff | None = None) -> None:
        self.watch = watch
        self.on_update = on_update
        self.on_state = on_state
        self.backoff = backoff or Backoff()
        self.tracker = ViewTracker()
        self.finished = False

    async def run(self) -> None:
        while not self.finished:
            try:
                if await self._stream() == "resync":
                    await asyncio.sleep(self.backoff.start)  # never a tight loop, even if resyncing repeats
            except LinkError as error:
                if not error.retryable:
                    self.on_state(f"stopped: {error.message}", False)
                    raise
                delay = self.backoff.next()
                log.info("watch_dropped", reason=error.message, retry_in=round(delay, 2),
                         version=self.tracker.version)
                self.on_state(f"reconnecting in {delay:.1f}s ({error.message})", False)
                await asyncio.sleep(delay)

    async def _stream(self) -> str:
        """One connection's worth of updates; returns "resync" or "finished", raises LinkError if dropped."""
        self.on_state("connecting", False)
        async for raw in self.watch(self.tracker.version):
            self.on_state("live", True)
            self.backoff.reset()
            if raw.kind == "connected":
                continue
            try:
                update = self.tracker.accept(raw)
            except Resync as why:
                log.warning("resync", reason=str(why))
                self.tracker.forget()
                return "resync"  # reconnect without from_version: a fresh snapshot
            if update is not None:
                self.on_update(update)
            if raw.status == "finished" and raw.kind != "lobby":
                self.finished = True
                self.on_state("game over", True)
                return "finished"
        raise LinkError("the server closed the stream", retryable=True)
