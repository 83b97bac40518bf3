"""What each viewer of a game sees, version by version, and the queues that carry it to them.

Every seat and the spectators ("viewer" None) have a `ViewerLog`: the current view and the diffs of the
last `window` versions, so a client that reconnects with the version it holds gets exactly the versions it
missed. Every open stream is a `Subscriber` with a bounded queue: publishing never waits for a reader; a
subscriber whose queue overflows loses its backlog and is owed a fresh snapshot instead.
"""

from __future__ import annotations

import asyncio
from collections import deque
from enum import Enum
from typing import Any, NamedTuple

import orjson

from vegas_table.engine.core.api import ActionRange

Viewer = int | None  # a seat, or None for a spectator


class Status(Enum):
    WAITING = 1
    RUNNING = 2
    FINISHED = 3
    REVEALING = 4  # every seat taken, some committed seat has not revealed its entropy yet


# What is kept for the last `window` versions (`ViewerLog`'s diffs, `ChangeWindow`) is kept as numbers,
# strings and bytes in deques, which the garbage collector never tracks, and NamedTuples are built only for
# what is on its way to a stream: kept objects made full collections stall every game (docs/BENCHMARKS.md).


class EventLine(NamedTuple):
    text: str
    json: str


class Change(NamedTuple):
    """One version of a game, the same for every viewer: what made it and what happened."""

    version: int
    seat: int | None  # who acted (None for the set-up)
    action: str
    events: tuple[EventLine, ...]
    actors: tuple[int, ...]
    finished: bool
    state_hash: str
    # SHA-256 of the replay file's last line once this version was written (its action record, the end record
    # after the last action, the header at version 0): a client that keeps it can tell the file it is later
    # given from one re-chained after the game
    record_hash: str = ""

    @property
    def status(self) -> Status:
        return Status.FINISHED if self.finished else Status.RUNNING


class LegalAction(NamedTuple):
    """A legal action as text; `low`..`high` when its last word is a number to choose (a bet)."""

    text: str
    low: int | None = None
    high: int | None = None

    @classmethod
    def of(cls, option: Any) -> LegalAction:
        """One entry of `Game.legal_actions`: an action, or an `ActionRange` of them."""
        if isinstance(option, ActionRange):
            return cls(option.text(), option.low, option.high)
        return cls(option.text())


class ViewState(NamedTuple):
    """One viewer's view at one version, as `server.match` computes it for the gRPC side."""

    view_hash: str
    patch: str | None  # the RFC 6902 patch from the previous version (None: a first view)
    text: str | None  # the whole view as canonical JSON (None where nobody will need it: old versions)
    legal: tuple[LegalAction, ...]  # what the seat may do now (nothing for a spectator)


class WatchUpdate(NamedTuple):
    """One message for one viewer: a whole view, a diff to it, or (while waiting for players) the lobby."""

    kind: str  # "snapshot" | "diff" | "lobby"
    version: int
    view_hash: str
    payload: str  # the view (snapshot) or the RFC 6902 patch (diff) as canonical JSON; "" for the lobby
    change: Change | None


class ChangeWindow:
    """The changes of a game's last `window` versions, each kept as JSON bytes (see above): read back only
    for a viewer that resumes and for ListEvents."""

    def __init__(self, window: int) -> None:
        self.kept: deque[bytes] = deque(maxlen=window)
        self.last = -1  # the version of the last change kept: they are kept one by one, so the rest follows

    @property
    def first(self) -> int:
        """The version of the oldest change kept."""
        return self.last - len(self.kept) + 1

    def add(self, change: Change) -> None:
        assert not self.kept or change.version == self.last + 1, "versions are kept one by one"
        self.kept.append(orjson.dumps([change.seat, change.action, [[e.text, e.json] for e in change.events],
                                       change.actors, change.finished, change.state_hash, change.record_hash]))
        self.last = change.version

    def get(self, version: int) -> Change | None:
        """The change that made `version`, if it is still kept."""
        if not self.kept or not self.first <= version <= self.last:
            return None
        seat, action, events, actors, finished, state_hash, record_hash = orjson.loads(self.kept[version - self.first])
        return Change(version, seat, action, tuple(EventLine(*e) for e in events), tuple(actors), finished,
                      state_hash, record_hash)

    def before(self, version: int | None) -> list[Change]:
        """The changes kept of the versions before `version` (None: all of them), oldest first."""
        stop = self.last + 1 if version is None else min(version, self.last + 1)
        return [change for number in range(self.first, stop) if (change := self.get(number)) is not None]

    def clear(self) -> None:
        self.kept.clear()


class ViewerLog:
    """A viewer's current view (as sent in snapshots) and the diffs of its last `window` versions."""

    def __init__(self, state: ViewState, version: int, window: int) -> None:
        self.text = state.text or ""
        self.view_hash = state.view_hash
        self.version = version
        self.legal = state.legal
        # the diffs of the last `window` versions, up to `version`: their view hashes and patches, side by side
        self.hashes: deque[str] = deque(maxlen=window)
        self.patches: deque[str] = deque(maxlen=window)

    def advance(self, state: ViewState, change: Change) -> WatchUpdate:
        """Take the next version's view (`state.patch` brings the current one to it); return the update
        that brings a viewer to it."""
        assert state.patch is not None, "a new version comes as a diff"
        assert change.version == self.version + 1, "versions come one by one"
        if state.text is not None:
            self.text = state.text
        self.view_hash, self.version, self.legal = state.view_hash, change.version, state.legal
        self.hashes.append(self.view_hash)
        self.patches.append(state.patch)
        return WatchUpdate("diff", change.version, self.view_hash, state.patch, change)

    def forget_diffs(self) -> None:
        """Keep only the current view (a finished game: nobody can resume its stream, its last view says all)."""
        self.hashes.clear()
        self.patches.clear()

    def snapshot(self, change: Change) -> WatchUpdate:
        return WatchUpdate("snapshot", self.version, self.view_hash, self.text, change)

    def legal_at(self, version: int) -> tuple[LegalAction, ...]:
        """The seat's legal actions if `version` is the current one (only those are kept: older ones are
        of no use to anybody, and a window of them would weigh on memory)."""
        return self.legal if version == self.version else ()

    def diffs_after(self, version: int, changes: ChangeWindow) -> list[WatchUpdate] | None:
        """The diffs from `version` to now, or None if they are no longer (or were never) kept."""
        if version == self.version:
            return []
        first = self.version - len(self.patches) + 1  # the version the oldest kept diff brings a viewer to
        if not self.patches or not first <= version + 1 <= self.version:
            return None
        updates = []
        kept = zip(range(first, self.version + 1), self.hashes, self.patches, strict=True)
        for number, view_hash, patch in list(kept)[version + 1 - first:]:
            change = changes.get(number)
            if change is None:
                return None
            updates.append(WatchUpdate("diff", number, view_hash, patch, change))
        return updates


class WireCache:
    """A game's current version's updates as sent (serialised `vegas.v1.Update`s), by viewer and kind.

    Every subscriber of one viewer (a seat, or all the spectators) is sent the same update of a version, so
    it is made and serialised once, by the first stream that sends it, and the others send the same bytes.
    What every viewer's update says alike (the version, its move and events) is serialised once for them
    all: `shared`."""

    def __init__(self) -> None:
        self.change: Change | None = None  # the version they are of (held, and compared by identity)
        self.kept: dict[tuple[Viewer, str], bytes] = {}
        self.shared: bytes | None = None

    def get(self, change: Change, viewer: Viewer, kind: str) -> bytes | None:
        if change is not self.change:
            self.change, self.kept, self.shared = change, {}, None
        return self.kept.get((viewer, kind))

    def put(self, viewer: Viewer, kind: str, data: bytes) -> bytes:
        self.kept[(viewer, kind)] = data
        return data


class Subscriber:
    """One open stream: a bounded queue that publishing never waits on."""

    def __init__(self, viewer: Viewer, capacity: int) -> None:
        self.viewer = viewer
        self.queue: asyncio.Queue[WatchUpdate | None] = asyncio.Queue(maxsize=capacity)
        self.overflowed = False
        self.overflows = 0

    def offer(self, update: WatchUpdate) -> None:
        """Queue `update`; if the queue is full, drop the backlog and owe the subscriber a snapshot."""
        try:
            self.queue.put_nowait(update)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.overflowed = True
            self.overflows += 1
            self.queue.put_nowait(None)  # wakes the stream, which sends the snapshot it is owed

    def close(self) -> None:
        """Wake the stream with nothing queued: it finds its game gone (expired) and ends."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)
