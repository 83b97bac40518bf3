"""Following a game: diffs applied and checked against the server's hashes, gaps resynced, drops resumed."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import jsonpatch
import pytest

from client.follow import Backoff, Follower, Resync, ViewTracker
from client.link import LinkError, RawUpdate
from client.viewmodel import ViewUpdate
from engine.core.canonical import canonical_bytes, canonical_hash
from tests.client.positions import played


def views(count: int) -> list[dict[str, Any]]:
    """The views of seat 0 after 0, 1, ... count-1 actions of a known game."""
    out = []
    for actions in range(count):
        out.append(json.loads(canonical_bytes(played(actions).view(0))))
    return out


VIEWS = views(6)


def snapshot(version: int) -> RawUpdate:
    view = VIEWS[version]
    return RawUpdate(version, canonical_hash(view), "snapshot", canonical_bytes(view).decode(), events=(f"v{version}",))


def diff(version: int) -> RawUpdate:
    patch = jsonpatch.make_patch(VIEWS[version - 1], VIEWS[version]).patch
    return RawUpdate(version, canonical_hash(VIEWS[version]), "diff", json.dumps(patch), events=(f"v{version}",))


def test_snapshot_then_diffs_give_every_view() -> None:
    tracker = ViewTracker()
    got = [tracker.accept(snapshot(0))] + [tracker.accept(diff(v)) for v in range(1, 6)]
    assert [u.view for u in got if u] == VIEWS
    assert tracker.version == 5


def test_a_gap_or_a_wrong_hash_asks_for_a_snapshot() -> None:
    tracker = ViewTracker()
    tracker.accept(snapshot(0))
    with pytest.raises(Resync, match="does not follow version 0"):
        tracker.accept(diff(2))
    wrong = RawUpdate(1, "0" * 64, "diff", diff(1).body)
    with pytest.raises(Resync, match="hash"):
        tracker.accept(wrong)
    assert tracker.version == 0 and tracker.view == VIEWS[0]  # nothing half-applied


def test_a_version_already_held_is_never_applied_twice() -> None:
    tracker = ViewTracker()
    tracker.accept(snapshot(0))
    tracker.accept(diff(1))
    assert tracker.accept(diff(1)) is None
    assert tracker.view == VIEWS[1]


class FlakyServer:
    """Streams versions 0-5; the first connection drops after version 2."""

    def __init__(self) -> None:
        self.asked: list[int | None] = []

    async def watch(self, from_version: int | None) -> AsyncIterator[RawUpdate]:
        self.asked.append(from_version)
        yield RawUpdate(0, "", "connected")
        start = 0 if from_version is None else from_version + 1
        if from_version is None:
            yield snapshot(0)
            start = 1
        for version in range(start, 6):
            if len(self.asked) == 1 and version == 3:
                raise LinkError("connection reset", status="UNAVAILABLE", retryable=True)
            update = diff(version)
            if version == 5:
                update = RawUpdate(5, update.view_hash, "diff", update.body, events=update.events, status="finished")
            yield update


def test_a_dropped_stream_resumes_from_the_last_version_held() -> None:
    server = FlakyServer()
    updates: list[ViewUpdate] = []
    states: list[str] = []
    follower = Follower(server.watch, updates.append, lambda text, ok: states.append(text),
                        Backoff(start=0.001, cap=0.01))
    asyncio.run(follower.run())
    assert server.asked == [None, 2]
    assert [u.version for u in updates] == [0, 1, 2, 3, 4, 5]  # none missing, none twice
    assert updates[-1].view == VIEWS[5]
    assert any(s.startswith("reconnecting in") for s in states) and states[-1] == "game over"


def test_errors_that_retrying_cannot_fix_stop_the_follower() -> None:
    async def refused(from_version: int | None) -> AsyncIterator[RawUpdate]:
        raise LinkError("this seat token holds no seat in game g1", "bad_token", "PERMISSION_DENIED")
        yield  # an async generator

    states: list[str] = []
    follower = Follower(refused, lambda u: None, lambda text, ok: states.append(text))
    with pytest.raises(LinkError, match="holds no seat"):
        asyncio.run(follower.run())
    assert states[-1] == "stopped: this seat token holds no seat in game g1"


def test_backoff_doubles_up_to_its_cap() -> None:
    backoff = Backoff(start=1, cap=4, jitter=0)
    assert [backoff.next() for _ in range(5)] == [1, 2, 4, 4, 4]
    backoff.reset()
    assert backoff.next() == 1


def test_a_wrong_hash_mid_stream_is_followed_by_a_fresh_snapshot() -> None:
    asked: list[int | None] = []

    async def watch(from_version: int | None) -> AsyncIterator[RawUpdate]:
        asked.append(from_version)
        if len(asked) == 1:
            yield snapshot(0)
            yield RawUpdate(1, "0" * 64, "diff", diff(1).body)  # a diff whose hash does not match
            return
        last = snapshot(5)
        yield RawUpdate(5, last.view_hash, "snapshot", last.body, status="finished")

    updates: list[ViewUpdate] = []
    asyncio.run(Follower(watch, updates.append, lambda text, ok: None, Backoff(start=0.001)).run())
    assert asked == [None, None]  # the second connection asks for a snapshot, not for diffs after version 0
    assert [u.version for u in updates] == [0, 5] and updates[-1].view == VIEWS[5]
