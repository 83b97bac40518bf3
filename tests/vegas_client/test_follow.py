"""Following a game: drops resumed from the version held, resyncs from a snapshot, one retry clock per outage."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator

import pytest
import stamina

from tests.vegas_client.scripted import BAD_TOKEN, DROPPED, ScriptedTable
from tests.vegas_client.views import VIEWS, diff, snapshot
from vegas_client.data import Update, ViewUpdate
from vegas_client.errors import VegasError
from vegas_client.follow import Follower

CONNECTED = Update(0, "", "connected")


@pytest.fixture(autouse=True)
def no_waits() -> Iterator[None]:
    """stamina's testing mode: no waits, and at most 3 attempts for each outage."""
    with stamina.set_testing(True, attempts=3):
        yield


def stream(first: int, last: int, drop_after: int | None = None, refuse: bool = False):  # type: ignore[no-untyped-def]
    """A connection: versions `first`..`last` (a snapshot if asked without a version), the last finishing the
    game; `drop_after`: the connection is lost after that version; `refuse`: it never opens."""

    async def connection(from_version: int | None) -> AsyncIterator[Update]:
        if refuse:
            raise DROPPED
        yield CONNECTED
        start = first
        if from_version is None:
            yield snapshot(first, status="finished" if first == last else "running")
            start = first + 1
        for version in range(max(start, (from_version or 0) + 1), last + 1):
            yield diff(version, status="finished" if version == last else "running")
            if version == drop_after:
                raise DROPPED

    return connection


def follow(table: ScriptedTable) -> tuple[list[ViewUpdate], list[str]]:
    updates: list[ViewUpdate] = []
    states: list[str] = []
    follower = Follower(table.table(), "g1", on_state=lambda text, ok: states.append(text))
    asyncio.run(follower.run(lambda update: updates.append(update)))
    return updates, states


def test_a_dropped_stream_resumes_from_the_last_version_held() -> None:
    table = ScriptedTable([stream(0, 5, drop_after=2), stream(0, 5)])
    updates, states = follow(table)
    assert table.asked == [None, 2]
    assert [u.version for u in updates] == [0, 1, 2, 3, 4, 5]  # none missing, none twice
    assert updates[-1].view == VIEWS[5] and updates[-1].finished
    assert "live" in states and any(s.startswith("reconnecting") for s in states) and states[-1] == "game over"


def test_each_outage_gets_a_retry_clock_of_its_own() -> None:
    # At most 3 attempts per outage (the fixture): two outages of 2 failed attempts each are ridden out,
    # because the connection that worked in between starts the next outage afresh.
    table = ScriptedTable([stream(0, 5, refuse=True), stream(0, 5, refuse=True), stream(0, 5, drop_after=2),
                           stream(0, 5, refuse=True), stream(0, 5, refuse=True), stream(0, 5)])
    updates, _ = follow(table)
    assert [u.version for u in updates] == [0, 1, 2, 3, 4, 5] and table.asked == [None, None, None, 2, 2, 2]


def test_an_outage_longer_than_the_policy_allows_ends_the_follower() -> None:
    table = ScriptedTable([stream(0, 5, drop_after=1)] + [stream(0, 5, refuse=True)] * 3)
    with pytest.raises(VegasError, match="cannot be reached"):
        follow(table)


def test_errors_that_retrying_cannot_fix_stop_the_follower_at_once() -> None:
    async def refused(from_version: int | None) -> AsyncIterator[Update]:
        raise BAD_TOKEN
        yield  # an async generator

    table = ScriptedTable([refused])
    states: list[str] = []
    follower = Follower(table.table(), "g1", "token", on_state=lambda text, ok: states.append(text))
    with pytest.raises(VegasError, match="holds no seat"):
        asyncio.run(follower.run())
    assert table.asked == [None] and states[-1] == "stopped: this seat token holds no seat in game g1"


def test_a_wrong_hash_mid_stream_is_followed_by_a_fresh_snapshot() -> None:
    async def wrong(from_version: int | None) -> AsyncIterator[Update]:
        yield snapshot(0)
        yield Update(1, "0" * 64, "diff", diff(1).body)  # a diff whose hash does not match

    table = ScriptedTable([wrong, stream(5, 5)])
    updates, _ = follow(table)
    assert table.asked == [None, None]  # the second connection asks for a snapshot, not for diffs after 0
    assert [u.version for u in updates] == [0, 5] and updates[-1].view == VIEWS[5]


def test_newest_skips_to_the_latest_view_and_iteration_gives_every_view_a_copy() -> None:
    async def scenario() -> tuple[ViewUpdate, list[ViewUpdate]]:
        table = ScriptedTable([stream(0, 5)])
        follower = Follower(table.table(), "g1")
        every = [update async for update in follower]
        return await follower.newest(2), every

    newest, every = asyncio.run(scenario())
    assert newest.version == 5 and newest.finished
    assert [u.view for u in every] == VIEWS  # each kept its own view, though the tracker patches in place


def test_a_caller_that_stops_iterating_stops_the_stream() -> None:
    async def endless(from_version: int | None) -> AsyncIterator[Update]:
        yield snapshot(0)
        await asyncio.Event().wait()

    async def scenario() -> tuple[bool, bool]:
        follower = Follower(ScriptedTable([endless]).table(), "g1")
        updates = follower.__aiter__()
        assert (await updates.__anext__()).version == 0
        running = follower.running
        await updates.aclose()  # what `break` leads to (sync.follow calls it at once)
        return running, follower.running

    assert asyncio.run(scenario()) == (True, False)


def test_a_lobby_update_after_a_view_does_not_hide_that_view() -> None:
    """A seat's presence changes (a lobby update, no view) right after the snapshot a bot is to act on: the
    bot still finds the snapshot. It once replaced it, and a bot pinned to its own core waited for ever."""

    async def presence_after_snapshot(from_version: int | None) -> AsyncIterator[Update]:
        yield snapshot(0)
        yield Update(0, "", "lobby", status="running")
        await asyncio.Event().wait()

    async def scenario() -> ViewUpdate:
        follower = Follower(ScriptedTable([presence_after_snapshot]).table(), "g1")
        follower.start()
        try:
            await asyncio.sleep(0)  # let the stream deliver both updates before anyone asks
            for _ in range(5):
                await asyncio.sleep(0)
            return await asyncio.wait_for(follower.newest(), 10)
        finally:
            await follower.stop()

    update = asyncio.run(scenario())
    assert update.version == 0 and update.view == VIEWS[0]
