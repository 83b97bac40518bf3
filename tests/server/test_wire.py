"""A version's Watch update is serialised once per viewer and shared by every stream of that viewer
(`convert.update_bytes`), and the bytes say what `convert.update` says, the running clocks as they stand."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.server import convert, seating
from vegas_table.server.hub import GameHub
from vegas_table.server.matches import LocalMatches
from vegas_table.server.records import GameStore
from vegas_table.server.session import GameSession, Settings
from vegas_table.server.viewers import Subscriber, WatchUpdate


def without_clocks(message: pb.Update) -> pb.Update:
    copy = pb.Update()
    copy.CopyFrom(message)
    del copy.clocks[:]
    return copy


def last_queued(subscriber: Subscriber) -> WatchUpdate | None:
    item = None
    while not subscriber.queue.empty():
        item = subscriber.queue.get_nowait()
    return item


async def started_game(tmp_path: Path, turn_timer: float) -> tuple[GameHub, GameSession]:
    hub = GameHub(GameStore(tmp_path), Settings(fsync=False), LocalMatches(fsync=False))
    session, _ = await hub.create("lords", "classic", [], 2, {}, 0, turn_timer=turn_timer)
    for seat in range(2):
        await seating.join(session, f"player {seat}", seat, f"entropy {seat}")
    return hub, session


def test_every_stream_of_a_viewer_sends_the_same_bytes_which_parse_as_its_update(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        hub, session = await started_game(tmp_path, turn_timer=0)
        streams = {viewer: [(await session.subscribe(viewer, None))[0] for _ in range(3)] for viewer in (None, 0, 1)}
        actor = session.actors[0]
        await session.submit(actor, session.audience.legal(actor)[-1].text, session.version)  # a diff for everyone
        seen = {}
        for viewer, subscribers in streams.items():
            items = [last_queued(subscriber) for subscriber in subscribers]  # after lobby updates (presence)
            assert all(item is not None and item.kind == "diff" for item in items)
            sent = [convert.update_bytes(session, item, viewer) for item in items if item is not None]
            seen[str(viewer)] = (sent, convert.update(session, items[0], viewer) if items[0] else None)
        kept = len(session.audience.wire.kept)
        await hub.close()
        return {"seen": seen, "kept": kept}

    result = asyncio.run(scenario())
    for sent, whole in result["seen"].values():
        assert sent[0] is sent[1] is sent[2]  # made once, the very same bytes for every stream
        assert pb.Update.FromString(sent[0]) == whole
    assert result["kept"] == 3


def test_the_shared_bytes_carry_the_clocks_as_they_stand_when_each_is_sent(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[bytes], pb.Update, list[int]]:
        hub, session = await started_game(tmp_path, turn_timer=600)
        item = session.snapshot(None)
        sent = [convert.update_bytes(session, item, None) for _ in range(2)]
        whole, actors = convert.update(session, item, None), list(session.actors)
        await hub.close()
        return sent, whole, actors

    sent, whole, actors = asyncio.run(scenario())
    for data in sent:
        message = pb.Update.FromString(data)
        assert without_clocks(message) == without_clocks(whole)
        assert [(c.seat, c.seconds) for c in message.clocks] == [(seat, 600) for seat in actors]
        assert all(0 < c.seconds_left <= 600 for c in message.clocks)
