"""A game's audience: every viewer's log of what it has been shown, and the open streams that carry it.

The session decides what happens to a game; the audience shows it. It holds the current version (the
`Change` last published), each viewer's `ViewerLog` (its view and recent diffs, for streams that resume),
the window of recent changes, the subscribers' queues, the current version's updates as sent (`WireCache`)
and which seats have a stream open (`Presence`). Nothing here waits: publishing hands each subscriber its
update (a full queue means a snapshot later), so it can run under the game's lock in the event loop.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from vegas_table.server.match import Step
from vegas_table.server.presence import Presence
from vegas_table.server.viewers import (
    Change,
    ChangeWindow,
    LegalAction,
    Subscriber,
    Viewer,
    ViewerLog,
    WatchUpdate,
    WireCache,
)

LOBBY = WatchUpdate("lobby", 0, "", "", None)  # the lobby changed (seats, presence): every stream is told


class Audience:
    """What a game's viewers have been shown, and their streams (see the module docstring)."""

    def __init__(self, window: int, queue_capacity: int, bots: Iterable[int]) -> None:
        self.window = window
        self.queue_capacity = queue_capacity
        self.change: Change | None = None  # the current version (None: the game has not started)
        self.logs: dict[Viewer, ViewerLog] = {}
        self.changes = ChangeWindow(window)  # what made each version the logs keep (events, moves)
        self.subscribers: set[Subscriber] = set()
        self.wire = WireCache()  # the current version's updates as sent, shared by the streams of each viewer
        self.presence = Presence(bots)

    # ----------------------------------------------------------------------------------------- versions

    def begin(self, step: Step) -> None:
        """Start every viewer's log at `step` (its views whole, nothing kept before them), and send every
        stream a snapshot of it: a game that starts, or is re-played from its file."""
        self.load([step])
        self.resync()

    def load(self, steps: list[Step]) -> None:
        """Take the steps of a match re-played from its file, sending nothing: the first one's views whole,
        then each later one as a diff kept for streams that resume."""
        first, *rest = steps
        self.changes.clear()
        self.changes.add(first.change)
        self.logs = {viewer: ViewerLog(state, first.change.version, self.window)
                     for viewer, state in first.views.items()}
        self.change = first.change
        for step in rest:
            self._advance(step)

    def publish(self, step: Step) -> None:
        """The new version: every viewer's log advanced, every subscriber handed its update."""
        updates = self._advance(step)
        for subscriber in self.subscribers:
            subscriber.offer(updates[subscriber.viewer])  # never waits: a full queue means a snapshot later

    def _advance(self, step: Step) -> dict[Viewer, WatchUpdate]:
        updates = {viewer: self.logs[viewer].advance(state, step.change) for viewer, state in step.views.items()}
        self.changes.add(step.change)
        self.change = step.change
        return updates

    def finish(self) -> None:
        """The game is over: keep only each viewer's last view (nobody resumes a finished game's stream,
        and its replay has every change)."""
        for viewer_log in self.logs.values():
            viewer_log.forget_diffs()
        self.changes.clear()

    def resync(self) -> None:
        """Send every stream a snapshot of the current version (after the game was re-played)."""
        for subscriber in self.subscribers:
            subscriber.offer(self.snapshot(subscriber.viewer))

    def publish_lobby(self) -> None:
        for subscriber in self.subscribers:
            subscriber.offer(LOBBY)

    # ------------------------------------------------------------------------------------------ reading

    def snapshot(self, viewer: Viewer) -> WatchUpdate:
        """The viewer's whole current view (the lobby while the game waits for players)."""
        if self.change is None:
            return LOBBY
        return self.logs[viewer].snapshot(self.change)

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """The viewer's current view, parsed (the server's bot seats read their open offers in it)."""
        return json.loads(self.logs[viewer].text)  # type: ignore[no-any-return]

    def legal(self, seat: int) -> tuple[LegalAction, ...]:
        """The seat's legal actions at the current version."""
        return self.logs[seat].legal

    def recent_changes(self, before_version: int | None) -> list[Change]:
        """The kept changes before `before_version` (None: all of them), oldest first."""
        return self.changes.before(before_version)

    # ------------------------------------------------------------------------------------------ streams

    def subscribe(self, viewer: Viewer, from_version: int | None) -> tuple[Subscriber, list[WatchUpdate]]:
        """Open a stream for `viewer`: its first updates (the diffs since `from_version` if they are kept,
        else a snapshot), and a queue for everything after them, which starts with the lobby if the seat just
        came (back): the summary its client read before opening the stream still showed the seat away.
        Nothing here yields to the event loop, so no version is missed or sent twice."""
        subscriber = Subscriber(viewer, self.queue_capacity)
        first = self._first_updates(viewer, from_version)
        arrived = self.presence.arrive(viewer)
        if arrived:
            self.publish_lobby()  # the others see the seat come (back)
        self.subscribers.add(subscriber)
        if arrived and first != [LOBBY]:
            subscriber.offer(LOBBY)  # and so does the seat itself: its client read the summary while it was away
        return subscriber, first

    def _first_updates(self, viewer: Viewer, from_version: int | None) -> list[WatchUpdate]:
        if self.change is not None and from_version is not None:
            diffs = self.logs[viewer].diffs_after(from_version, self.changes)
            if diffs is not None:
                return diffs
        return [self.snapshot(viewer)]

    def unsubscribe(self, subscriber: Subscriber, announce: bool) -> None:
        """A stream closed; if it was its seat's last, the seat is away, and (`announce`) the others are told."""
        if subscriber not in self.subscribers:
            return
        self.subscribers.discard(subscriber)
        if self.presence.leave(subscriber.viewer) and announce:
            self.publish_lobby()

    def close_streams(self) -> None:
        """Wake every stream with nothing queued: it finds its game gone and ends."""
        for subscriber in self.subscribers:
            subscriber.close()
