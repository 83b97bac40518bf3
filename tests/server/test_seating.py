"""The lobby of one game (`server.seating`), in-process: who gets which seat, what is refused, and when the
game starts: at the last join, at the last reveal, when the reveal round closes, or at once for bots only."""

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


def in_lobby(tmp_path: Path, scenario: Callable[[GameHub, GameSession], Awaitable[T]],
             bots: dict[int, str] | None = None, reveal_timeout: float = 0) -> T:
    """Run `scenario` on a new two-seat Lords game of an in-process hub (no reveal deadline unless given)."""
    async def run() -> T:
        hub = GameHub(GameStore(tmp_path), Settings(fsync=False, reveal_timeout=reveal_timeout),
                      LocalMatches(fsync=False))
        session, _ = await hub.create("lords", "classic", [], 2, bots or {}, 0)
        try:
            return await scenario(hub, session)
        finally:
            await hub.stop_bots()
            await hub.close()
    return asyncio.run(run())


def refusal_code(error: pytest.ExceptionInfo[errors.ApiError]) -> str:
    return error.value.code


def test_a_joiner_gets_the_seat_asked_for_or_else_the_first_free_one(tmp_path: Path) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> tuple[int, int, bool]:
        asked, token = await seating.join(session, "ann", 1, "a")
        first, _ = await seating.join(session, "bob", None, "b")
        return asked, first, session.seat_of(token) == asked

    assert in_lobby(tmp_path, scenario) == (1, 0, True)


@pytest.mark.parametrize(("seat", "code"), [(1, "seat_taken"), (2, "bad_request"), (-1, "bad_request")])
def test_a_seat_that_is_taken_or_does_not_exist_is_refused_and_nothing_is_saved(
        tmp_path: Path, seat: int, code: str) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> tuple[str, list[str]]:
        await seating.join(session, "ann", 1, "a")
        with pytest.raises(errors.ApiError) as refused:
            await seating.join(session, "bob", seat, "b")
        return refusal_code(refused), [s.player for s in hub.store.load(session.game_id).seats]

    assert in_lobby(tmp_path, scenario) == (code, ["", "ann"])


def test_the_last_join_starts_the_game_and_a_later_joiner_finds_no_free_seat(tmp_path: Path) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> tuple[Status, int, str]:
        await seating.join(session, "ann", None, "a")
        await seating.join(session, "bob", None, "b")
        with pytest.raises(errors.ApiError) as refused:
            await seating.join(session, "cy", None, "c")
        return session.status, session.version, refusal_code(refused)

    assert in_lobby(tmp_path, scenario) == (Status.RUNNING, 0, "no_free_seat")


def test_an_expired_lobby_refuses_joiners(tmp_path: Path) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> tuple[bool, str]:
        expired = await restoring.expire(session, session.record.lobby_changed() + timedelta(seconds=1))
        with pytest.raises(errors.ApiError) as refused:
            await seating.join(session, "ann", None, "a")
        return expired, refusal_code(refused)

    assert in_lobby(tmp_path, scenario) == (True, "expired")


def test_a_committed_seat_opens_the_reveal_round_and_its_reveal_starts_the_game(tmp_path: Path) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> list[Status]:
        statuses = []
        await seating.join(session, "ann", 0, "", entropy_commitment=commitment("secret"))
        statuses.append(session.status)
        await seating.join(session, "bob", 1, "b")
        statuses.append(session.status)
        await seating.reveal(session, 0, "secret")
        statuses.append(session.status)
        return statuses

    assert in_lobby(tmp_path, scenario) == [Status.WAITING, Status.REVEALING, Status.RUNNING]


@pytest.mark.parametrize(("entropy", "early", "code"), [("guess", False, "entropy_mismatch"),
                                                         ("secret", True, "not_revealing")])
def test_a_reveal_of_other_entropy_or_before_every_seat_is_taken_is_refused(
        tmp_path: Path, entropy: str, early: bool, code: str) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> tuple[str, Status]:
        await seating.join(session, "ann", 0, "", entropy_commitment=commitment("secret"))
        if not early:
            await seating.join(session, "bob", 1, "b")
        with pytest.raises(errors.ApiError) as refused:
            await seating.reveal(session, 0, entropy)
        return refusal_code(refused), session.status

    assert in_lobby(tmp_path, scenario) == (code, Status.WAITING if early else Status.REVEALING)


def test_closing_the_reveal_round_names_the_late_seat_withheld_and_starts_the_game(tmp_path: Path) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> tuple[bool, Status, list[bool], str]:
        await seating.join(session, "ann", 0, "", entropy_commitment=commitment("secret"))
        await seating.join(session, "bob", 1, "b")
        closed = await seating.close_reveals(session)
        with pytest.raises(errors.ApiError) as refused:
            await seating.reveal(session, 0, "secret")
        saved = hub.store.load(session.game_id)
        return closed, session.status, [s.withheld for s in saved.seats], refusal_code(refused)

    assert in_lobby(tmp_path, scenario) == (True, Status.RUNNING, [True, False], "reveal_closed")


def test_the_reveal_deadline_closes_the_round_by_itself(tmp_path: Path) -> None:
    """A deadline already passed closes the round at once: the task the last join armed starts the game."""
    async def scenario(hub: GameHub, session: GameSession) -> Status:
        await seating.join(session, "ann", 0, "", entropy_commitment=commitment("secret"))
        start, minutes = hub.now(), itertools.count(1)
        hub.now = lambda: start + timedelta(minutes=next(minutes))  # each read a minute on: 30 s are up at once
        await seating.join(session, "bob", 1, "b")
        while session.change is None:  # the round closes, then the game starts: both under the game's lock
            await asyncio.sleep(0.01)
        return session.status

    assert in_lobby(tmp_path, scenario, reveal_timeout=30) is Status.RUNNING


def test_opening_a_game_of_bots_only_starts_it(tmp_path: Path) -> None:
    async def scenario(hub: GameHub, session: GameSession) -> bool:
        return session.status is not Status.WAITING and session.change is not None

    assert in_lobby(tmp_path, scenario, bots={0: "random", 1: "random"})
