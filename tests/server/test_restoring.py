"""A game's life in the data directory outside play (`server.restoring`), in-process: a game picked up where
its replay file stands (a torn last record dropped), a finished game known from its file alone and its views
loaded when first watched, and a lobby nobody joined removed from disk."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

import pytest

from vegas_table.engine.core.fairness import commitment
from vegas_table.server import errors, restoring, seating
from vegas_table.server.hub import GameHub
from vegas_table.server.matches import LocalMatches
from vegas_table.server.records import GameStore
from vegas_table.server.session import GameSession, Settings
from vegas_table.server.viewers import Status

T = TypeVar("T")
TORN = b'{"action":"end","events":[],"hash":"9f'  # the start of a record whose write was cut short
SETTINGS = Settings(fsync=False, reveal_timeout=0)


def hub_at(data: Path, settings: Settings = SETTINGS) -> GameHub:
    return GameHub(GameStore(data), settings, LocalMatches(fsync=False))


async def played(data: Path, actions: int, players: dict[int, str] | None = None) -> str:
    """A two-seat Lords game of the server at `data`, joined by `players` (seat: entropy commitment, "" for
    none; both seats plain if None), then `actions` actions on; its id, the server then stopped."""
    hub = hub_at(data)
    session, _ = await hub.create("lords", "classic", [], 2, {}, 0)
    for seat, promised in (players or {0: "", 1: ""}).items():
        await seating.join(session, f"player {seat}", seat, "" if promised else f"entropy {seat}", promised)
    for _ in range(actions):
        actor = session.actors[0]
        await session.submit(actor, session.audience.legal(actor)[-1].text, session.version)
    await hub.stop_bots()
    await hub.close()
    return session.game_id


async def finished(data: Path) -> tuple[str, int]:
    """A Las Vegas game of the server's random bots, played to its end; its id and last version."""
    hub = hub_at(data)
    session, _ = await hub.create("lasvegas", "base", [], 2, {0: "random", 1: "random"}, 0)
    while session.game_id in hub.sessions:  # the hub lets the game go when it ends
        await asyncio.sleep(0.01)
    await hub.stop_bots()
    await hub.close()
    return session.game_id, session.version


def reopened(data: Path, scenario: Callable[[GameSession], Awaitable[T]], game_id: str,
             settings: Settings = SETTINGS) -> T:
    """Run `scenario` on a fresh session of the stored game `game_id`, as a restarted server makes one."""
    async def run() -> T:
        store, matches = GameStore(data), LocalMatches(fsync=False)
        session = GameSession(store.load(game_id), store, settings, matches)
        try:
            return await scenario(session)
        finally:
            await session.stop_bots()
            await matches.close()
    return asyncio.run(run())


def in_hub(data: Path, scenario: Callable[[GameHub], Awaitable[T]]) -> T:
    async def run() -> T:
        hub = hub_at(data)
        try:
            return await scenario(hub)
        finally:
            await hub.stop_bots()
            await hub.close()
    return asyncio.run(run())


async def restored(session: GameSession) -> tuple[Status, int]:
    await restoring.restore(session)
    return session.status, session.version


def test_a_restored_game_goes_on_at_the_version_its_replay_file_ends_at(tmp_path: Path) -> None:
    game_id = asyncio.run(played(tmp_path, actions=3))
    assert reopened(tmp_path, restored, game_id) == (Status.RUNNING, 3)


def test_restoring_drops_a_torn_last_record_and_mends_the_file(tmp_path: Path) -> None:
    game_id = asyncio.run(played(tmp_path, actions=2))
    replay = tmp_path / "games" / game_id / "replay.jsonl"
    complete = replay.read_bytes()
    replay.write_bytes(complete + TORN)
    assert reopened(tmp_path, restored, game_id) == (Status.RUNNING, 2)
    assert replay.read_bytes() == complete


@pytest.mark.parametrize("header", ["torn", "missing"])
def test_a_game_whose_header_never_reached_the_disk_starts_again_with_the_same_header(
        tmp_path: Path, header: str) -> None:
    game_id = asyncio.run(played(tmp_path, actions=0))
    replay = tmp_path / "games" / game_id / "replay.jsonl"
    complete = replay.read_bytes()
    if header == "torn":
        replay.write_bytes(complete[:-50])
    else:
        replay.unlink()
    assert reopened(tmp_path, restored, game_id) == (Status.RUNNING, 0)
    assert replay.read_bytes() == complete


def test_a_lobby_is_restored_as_it_waits(tmp_path: Path) -> None:
    async def lobby() -> str:
        hub = hub_at(tmp_path)
        session, _ = await hub.create("lords", "classic", [], 2, {}, 0)
        await seating.join(session, "ann", 0, "a")
        await hub.close()
        return session.game_id

    game_id = asyncio.run(lobby())
    assert reopened(tmp_path, restored, game_id) == (Status.WAITING, 0)
    assert not (tmp_path / "games" / game_id / "replay.jsonl").exists()


def test_a_restored_reveal_round_is_closed_when_its_time_is_up(tmp_path: Path) -> None:
    """Its time counts from the last join, before the restart: here long past, so the round closes at once."""
    game_id = asyncio.run(played(tmp_path, actions=0, players={0: commitment("secret"), 1: ""}))

    async def scenario(session: GameSession) -> tuple[Status, Status, list[bool]]:
        start, minutes = session.now(), itertools.count(1)
        session.now = lambda: start + timedelta(minutes=next(minutes))
        await restoring.restore(session)
        restored_as = session.status
        while session.change is None:  # the round closes, then the game starts: both under the game's lock
            await asyncio.sleep(0.01)
        return restored_as, session.status, [s.withheld for s in session.record.seats]

    restarted = Settings(fsync=False, reveal_timeout=30)
    assert reopened(tmp_path, scenario, game_id, restarted) == (Status.REVEALING, Status.RUNNING, [True, False])


def test_a_finished_game_is_known_from_its_file_and_its_views_are_loaded_when_first_watched(tmp_path: Path) -> None:
    game_id, last = asyncio.run(finished(tmp_path))

    async def scenario(session: GameSession) -> tuple[bool, Status, int, bool, tuple[str, int], bool]:
        known = await restoring.load_finished(session)
        status, version, unloaded = session.status, session.version, session.change is None
        _, first = await session.subscribe(None, None)
        return known, status, version, unloaded, (first[0].kind, first[0].version), session.finished_version is None

    assert reopened(tmp_path, scenario, game_id) == (True, Status.FINISHED, last, True, ("snapshot", last), True)


def test_a_game_whose_replay_does_not_end_it_is_not_finished(tmp_path: Path) -> None:
    game_id = asyncio.run(played(tmp_path, actions=1))

    async def scenario(session: GameSession) -> tuple[bool, int | None]:
        return await restoring.load_finished(session), session.finished_version

    assert reopened(tmp_path, scenario, game_id) == (False, None)


def test_a_lobby_expires_only_if_it_has_not_changed_since_the_time_given(tmp_path: Path) -> None:
    async def scenario(hub: GameHub) -> tuple[bool, bool, bool, str, bool]:
        session, _ = await hub.create("lords", "classic", [], 2, {}, 0)
        changed = session.record.lobby_changed()
        subscriber, _ = await session.subscribe(None, None)
        kept = await restoring.expire(session, changed)  # changed at that very time: not before it
        expired = await restoring.expire(session, changed + timedelta(seconds=1))
        with pytest.raises(errors.ApiError) as refused:
            await session.subscribe(None, None)
        woken = subscriber.queue.get_nowait() is None  # its stream wakes, finds the game gone and ends
        return kept, expired, hub.store.exists(session.game_id), refused.value.code, woken

    assert in_hub(tmp_path, scenario) == (False, True, False, "expired", True)


def test_a_game_that_started_does_not_expire(tmp_path: Path) -> None:
    async def scenario(hub: GameHub) -> tuple[bool, Status]:
        session, _ = await hub.create("lords", "classic", [], 2, {}, 0)
        for seat in range(2):
            await seating.join(session, f"player {seat}", seat, f"entropy {seat}")
        later = session.record.lobby_changed() + timedelta(days=1)
        return await restoring.expire(session, later), session.status

    assert in_hub(tmp_path, scenario) == (False, Status.RUNNING)
