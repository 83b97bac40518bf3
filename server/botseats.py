"""The server's own bots: they play their seats through `GameSession.submit`, like any player.

Whenever the game changes, the bots get a turn: a bot seat the game waits for acts, or (for the random bot,
answering a trade) one that may do something now. Each bot chooses on its own copy of the state in a
worker thread, so a slow strategy never stalls the server; if someone acted meanwhile its action is refused
as stale and it chooses again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bots.base import Bot
from server import errors

if TYPE_CHECKING:
    from server.session import GameSession


class BotSeats:
    """The bots of one game and the task that plays them."""

    def __init__(self, session: GameSession, bots: dict[int, Bot]) -> None:
        self.session = session
        self.bots = bots
        self._wanted = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.bots and self._task is None:
            self._task = asyncio.create_task(self._play(), name=f"bots-{self.session.game_id}")
            self._wanted.set()

    def wake(self) -> None:
        """The game changed: let the bots look at it."""
        if self.bots:
            self._wanted.set()

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def seat_to_act(self, actors: Sequence[int], legal: Mapping[int, Sequence[Any]]) -> int | None:
        """A bot seat the game waits for, else one with something it may do now (answering a trade)."""
        waited = [seat for seat in actors if seat in self.bots]
        if waited:
            return waited[0]
        return next((seat for seat in self.bots if legal[seat]), None)

    async def _play(self) -> None:
        think = self.session.record.bot_think_ms / 1000
        while True:
            await self._wanted.wait()
            self._wanted.clear()
            try:
                await self._moves(think)
            except errors.ApiError as error:  # a bot chose what the rules refuse: wait for the next change
                self.session.log.error("bot_refused", code=error.code, error=error.message)
            except Exception:
                self.session.log.exception("bot_failed")

    async def _moves(self, think: float) -> None:
        while (choice := await self.session.bot_choice()) is not None:
            seat, state, version = choice
            if think:
                await asyncio.sleep(think)
            action = await asyncio.to_thread(self.bots[seat].choose, self.session.game, state, seat)
            try:
                await self.session.submit(seat, action.text(), version)
            except errors.ApiError as error:
                if error.code != "stale_version":  # stale: someone acted first; choose again on the new state
                    raise
