"""Turn timers: a seat the game waits for longer than its game allows gets its default action played.

A seat that never comes back (a closed laptop, a bot that died or thinks forever) must not hang its game.
A game may set a timer, in seconds per decision, for its players' seats and one for the server's own bot
seats (`GameRecord.turn_timer`, `bot_turn_timer`; 0: none). Each version that waits for a seat with a timer
starts that seat's clock afresh; when it runs out, the session plays the seat's `Game.default_action` at
that version through its ordinary `submit`, so the default is recorded and published like any action, and
a real action that arrives first wins (the default is then stale and dropped).

Clocks run on the event loop's monotonic time and are never written down: after a restart, or when a
suspended game has been re-played, they start again from the whole timer. Nothing fires for a game that
is suspended or over (the session stops its clock then).
"""

from __future__ import annotations

import asyncio
import contextvars
import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import NamedTuple

from vegas_table.server import errors

MAX_TURN_TIMER = 86_400.0  # seconds: a decision may be given at most a day
DEFAULT_BOT_TURN_TIMER = 30.0  # seconds per decision of the server's own bots, unless the game or the host says


class Clock(NamedTuple):
    """A running clock, as an update shows it: seconds left when it is sent, and the whole timer."""

    seat: int
    seconds_left: float
    seconds: float


def checked_timer(name: str, seconds: float) -> float:
    """`seconds` if it is a turn timer the server allows (0: none), else ApiError naming `name`."""
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_TURN_TIMER:
        raise errors.bad_request(f"{name} is {seconds:g} s; it must be 0 (no timer) or more, "
                                 f"up to {MAX_TURN_TIMER:g} s")
    return seconds


class TurnTimer:
    """The clocks of one game: those of the seats it waits for at its current version.

    `seconds` is each seat's timer (0 or absent: none); `expire(seat, version)` plays the seat's default.
    """

    def __init__(self, seconds: Mapping[int, float], expire: Callable[[int, int], Awaitable[None]]) -> None:
        self.seconds = {seat: float(s) for seat, s in seconds.items() if s > 0}
        self.expire = expire
        self.version: int | None = None  # the version the clocks run for (None: none run)
        self.deadlines: dict[int, float] = {}  # seat -> loop time its clock runs out
        self._alarm: asyncio.TimerHandle | None = None  # a timer handle costs less than a task per version
        self._task: asyncio.Task[None] | None = None  # plays the defaults once the alarm has gone off

    def restart(self, version: int, actors: Sequence[int]) -> None:
        """The game is at `version` and waits for `actors`: their clocks start from the whole timer."""
        self.stop()
        loop = asyncio.get_running_loop()
        now = loop.time()
        self.deadlines = {seat: now + self.seconds[seat] for seat in actors if seat in self.seconds}
        if self.deadlines:
            self.version = version
            # a context of its own: the default's log lines are not those of the request that started the clock
            self._alarm = loop.call_at(min(self.deadlines.values()), self._ring, version,
                                       context=contextvars.Context())

    def stop(self) -> None:
        """No clock runs (the game is suspended, over, or the server stops)."""
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.version, self.deadlines = None, {}

    def _ring(self, version: int) -> None:
        self._alarm = None
        self._task = asyncio.get_running_loop().create_task(self._run(version, dict(self.deadlines)))

    def clocks(self, version: int) -> list[Clock]:
        """The clocks running at `version`, with the seconds left now (none if the game has moved on)."""
        if version != self.version:
            return []
        now = asyncio.get_running_loop().time()
        return [Clock(seat, max(0.0, deadline - now), self.seconds[seat]) for seat, deadline in self.deadlines.items()]

    def seconds_left(self, seat: int, version: int) -> float | None:
        """What is left of `seat`'s clock at `version`; None if it has none running there."""
        return next((c.seconds_left for c in self.clocks(version) if c.seat == seat), None)

    async def _run(self, version: int, deadlines: dict[int, float]) -> None:
        """Wait for each clock in turn; the first default played moves the game on, which restarts the
        clocks (and so cancels this task)."""
        loop = asyncio.get_running_loop()
        for seat, deadline in sorted(deadlines.items(), key=lambda item: item[1]):
            await asyncio.sleep(max(0.0, deadline - loop.time()))
            await self.expire(seat, version)
