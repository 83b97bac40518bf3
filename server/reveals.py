"""The reveal round of players' entropy (engine/core/fairness.py): who may reveal what, and the deadline.

A seat that joins with `entropy_commitment` keeps its entropy to itself until every seat is taken and so
every commitment is public (status REVEALING); it then reveals it (RevealEntropy), and the server takes it
only if its SHA-256 is the commitment. The game starts when every committed seat has revealed, or when the
server's reveal time (`Settings.reveal_timeout`, counted from the moment the last seat was taken) has
passed: a seat that has not revealed by then gets "" and is named in the replay header as having withheld.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable
from datetime import datetime

import grpc

from vegas_table.engine.core.fairness import commitment
from vegas_table.server.errors import ApiError
from vegas_table.server.records import GameRecord, SeatRecord

RETRY_SECONDS = 1.0  # after a failed attempt to close the round (the disk refused the record), try again


def reveal_refusal(record: GameRecord, seat: SeatRecord, entropy: str, timeout: float) -> ApiError | None:
    """Why `seat` may not reveal `entropy` now (None: it may, or it already has this very entropy in)."""
    if seat.withheld:
        return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "reveal_closed",
                        f"seat {seat.seat} of game {record.game_id} did not reveal its entropy within {timeout:g} s "
                        "of the last seat being taken; the game started with \"\" as its entropy")
    if seat.hidden and not record.full:
        free = sum(not s.taken for s in record.seats)
        return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_revealing",
                        f"game {record.game_id} still has {free} free seat(s): reveal your entropy once every seat "
                        "is taken and you have seen every seat's commitment (status REVEALING)")
    if commitment(entropy) != seat.committed:
        return ApiError(grpc.StatusCode.INVALID_ARGUMENT, "entropy_mismatch",
                        f"the SHA-256 of this entropy is {commitment(entropy)[:16]}…, not the commitment seat "
                        f"{seat.seat} made when joining ({seat.committed[:16]}…); send the entropy you committed to")
    return None


def awaiting_reveals(record: GameRecord, seconds_left: float | None) -> ApiError:
    """Acting (or asking for legal actions) while the round is open (`seconds_left`: None without a deadline)."""
    hidden = [s.seat for s in record.seats if s.hidden]
    when = "" if seconds_left is None else f" (at most {max(0, round(seconds_left))} s more)"
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_started",
                    f"game {record.game_id} has not started: seat(s) {', '.join(map(str, hidden))} have not "
                    f"revealed their entropy yet{when}")


class RevealDeadline:
    """The task that closes a game's reveal round when its time is up; a timeout of 0 sets none (the game
    waits for every reveal). What closes the round, and the time now, are handed over when it is armed
    (`server.seating`'s): the deadline holds nothing of its session's but its task while that waits."""

    def __init__(self, game_id: str, timeout: float) -> None:
        self.game_id = game_id
        self.timeout = timeout
        self._task: asyncio.Task[None] | None = None

    def seconds_left(self, since: datetime, now: datetime) -> float | None:
        if self.timeout <= 0:
            return None
        return self.timeout - (now - since).total_seconds()

    def arm(self, since: datetime, now: datetime, close: Callable[[], Awaitable[bool]]) -> None:
        """Run `close` `timeout` seconds after `since` (at once if that has passed by `now`), and again until it
        returns True: the round is closed (or was already)."""
        delay = self.seconds_left(since, now)
        if delay is not None and (self._task is None or self._task.done()):
            # a context of its own: its log lines are not the request's that happened to start it
            self._task = asyncio.get_running_loop().create_task(self._wait(delay, close),
                                                                name=f"reveal-{self.game_id}",
                                                                context=contextvars.Context())

    async def _wait(self, delay: float, close: Callable[[], Awaitable[bool]]) -> None:
        await asyncio.sleep(max(0.0, delay))
        while not await close():  # the seating logged why
            await asyncio.sleep(RETRY_SECONDS)

    def cancel(self) -> None:
        """The round closed with every reveal in, or the server stops. The cancelled task is let go: it keeps
        its CancelledError, whose traceback holds its frames and so this deadline and the session."""
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            self._task = None
