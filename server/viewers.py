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

from engine.core.api import ActionRange

Viewer = int | None  # a seat, or None for a spectator


class Status(Enum):
    WAITING = 1
    RUNNING = 2
    FINISHED = 3


# A server keeps the last `window` versions of every viewer of every game. The garbage collector walks every
# object it tracks at each full collection, and it only ever stops tracking *exact* tuples (and dicts) of
# strings and numbers: NamedTuples, dataclasses and other instances stay tracked for life. So what is kept
# (`ViewerLog.diffs`, `ChangeWindow`) is kept as plain tuples, and NamedTuples are built only for what is on
# its way to a stream. Kept as NamedTuples, 100 busy games held ~80,000 tracked objects and a full
# collection stalled every game for 70-110 ms (measured).


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
    """One viewer's view at one version, as `server.core` computes it for the gRPC side."""

    view_hash: str
    patch: str | None  # the RFC 6902 patch from the previous version (None: a first view)
    text: str | None  # the whole view as canonical JSON (None where nobody will need it: old versions)
    legal: tuple[LegalAction, ...]  # what the seat may do now (nothing for a spectator)


class ViewUpdate(NamedTuple):
    """One message for one viewer: a whole view, a diff to it, or (while waiting for players) the lobby."""

    kind: str  # "snapshot" | "diff" | "lobby"
    version: int
    view_hash: str
    payload: str  # the view (snapshot) or the RFC 6902 patch (diff) as canonical JSON; "" for the lobby
    change: Change | None


PackedChange = tuple[int, int | None, str, tuple[tuple[str, str], ...], tuple[int, ...], bool, str]


class ChangeWindow:
    """The changes of a game's last `window` versions, kept as plain tuples (see above)."""

    def __init__(self, window: int) -> None:
        self.kept: deque[PackedChange] = deque(maxlen=window)

    def add(self, change: Change) -> None:
        self.kept.append((change.version, change.seat, change.action, tuple((e.text, e.json) for e in change.events),
                          tuple(change.actors), change.finished, change.state_hash))

    def get(self, version: int) -> Change | None:
        """The change that made `version`, if it is still kept."""
        if not self.kept or not self.kept[0][0] <= version <= self.kept[-1][0]:
            return None
        number, seat, action, events, actors, finished, state_hash = self.kept[version - self.kept[0][0]]
        assert number == version, "versions are kept one by one"
        return Change(number, seat, action, tuple(EventLine(*e) for e in events), actors, finished, state_hash)

    def before(self, version: int | None) -> list[Change]:
        """The changes kept of the versions before `version` (None: all of them), oldest first."""
        first = self.kept[0][0] if self.kept else 0
        stop = len(self.kept) if version is None else max(0, min(len(self.kept), version - first))
        return [change for number in range(first, first + stop) if (change := self.get(number)) is not None]

    def clear(self) -> None:
        self.kept.clear()


class ViewerLog:
    """A viewer's current view (as sent in snapshots) and the diffs of its last `window` versions."""

    def __init__(self, state: ViewState, version: int, window: int) -> None:
        self.text = state.text or ""
        self.view_hash = state.view_hash
        self.version = version
        self.legal = state.legal
        self.diffs: deque[tuple[int, str, str]] = deque(maxlen=window)  # (version, view hash, patch)

    def advance(self, state: ViewState, change: Change) -> ViewUpdate:
        """Take the next version's view (`state.patch` brings the current one to it); return the update
        that brings a viewer to it."""
        assert state.patch is not None, "a new version comes as a diff"
        if state.text is not None:
            self.text = state.text
        self.view_hash, self.version, self.legal = state.view_hash, change.version, state.legal
        self.diffs.append((change.version, self.view_hash, state.patch))
        return ViewUpdate("diff", change.version, self.view_hash, state.patch, change)

    def snapshot(self, change: Change) -> ViewUpdate:
        return ViewUpdate("snapshot", self.version, self.view_hash, self.text, change)

    def legal_at(self, version: int) -> tuple[LegalAction, ...]:
        """The seat's legal actions if `version` is the current one (only those are kept: older ones are
        of no use to anybody, and a window of them would weigh on memory)."""
        return self.legal if version == self.version else ()

    def diffs_after(self, version: int, changes: ChangeWindow) -> list[ViewUpdate] | None:
        """The diffs from `version` to now, or None if they are no longer (or were never) kept."""
        if version == self.version:
            return []
        if not self.diffs or not self.diffs[0][0] <= version + 1 <= self.version:
            return None
        updates = []
        for number, view_hash, patch in list(self.diffs)[version + 1 - self.diffs[0][0]:]:
            change = changes.get(number)
            if change is None:
                return None
            updates.append(ViewUpdate("diff", number, view_hash, patch, change))
        return updates


class Subscriber:
    """One open stream: a bounded queue that publishing never waits on."""

    def __init__(self, viewer: Viewer, capacity: int) -> None:
        self.viewer = viewer
        self.queue: asyncio.Queue[ViewUpdate | None] = asyncio.Queue(maxsize=capacity)
        self.overflowed = False
        self.overflows = 0

    def offer(self, update: ViewUpdate) -> None:
        """Queue `update`; if the queue is full, drop the backlog and owe the subscriber a snapshot."""
        try:
            self.queue.put_nowait(update)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.overflowed = True
            self.overflows += 1
            self.queue.put_nowait(None)  # wakes the stream, which sends the snapshot it is owed
