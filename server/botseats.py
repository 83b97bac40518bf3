"""The server's own bots: they play their seats through `GameSession.submit`, like any player.

Whenever the game changes, the bots get a turn: a bot seat a trade awaits answers it, else a bot seat the
game waits for acts. The bots themselves live with the match (`server.match`)
and choose on their own copy of the state, away from the event loop, so a slow strategy never stalls the
server; if someone acted meanwhile its action is refused as stale and it chooses again. A bot seat's turn
timer (`server.turntimer`) runs from the version that waits for it, the pause before the move included: a
bot still choosing when it runs out gets its default played (logged `bot_late`), and its late choice is
dropped as stale. Its `Turn.time_limit` says how many seconds it has left, so a search can budget.

Table manners with people, the seats no bot of the server plays: each bot is told which they are
(`GameInfo.people`, by `server.match`), and a bot that deals keeps its manners with them itself (Lords:
`bots.lords.manners`: one offer to each person a turn, none where the person gives something for nothing).
The seat does the waiting: a bot seat that has offered a trade lets its partners answer before it goes on
(`bots.local.AnswerWait`), as a remote bot does, but only a short while, since the offer's partner is a
person (a bot partner of the server's answers at once, `seat_to_ask`): `PERSON_PATIENCE` for a first offer,
enough to read a short offer and type `accept`; a person who let one run out unanswered is waited for only
`PERSON_HURRIED` on the next ones, by every bot seat of the game (they share who lapsed), until they answer
one. So a round of three bots whose offers a person ignores costs a few seconds, not three patiences; and
the offer stays open for the rest of the bot's turn, for a late answer (`python -m benchmarks.manners`).
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from vegas_table.bots.local import AnswerWait, seat_to_ask
from vegas_table.server import errors
from vegas_table.server.matches import RecordFailed

if TYPE_CHECKING:
    from vegas_table.server.session import GameSession

PERSON_PATIENCE = 6.0  # seconds a bot seat waits for the answers to its offer (at most half its turn clock)
PERSON_HURRIED = 1.0  # seconds it waits for a person who let an offer run out, until they answer one


class BotSeats:
    """The bots of one game and the task that plays them. The session owns them and they hold it weakly, so
    that a game that has left the hub is freed by reference counting alone (`server.weakcalls` says why)."""

    def __init__(self, session: GameSession, seats: Sequence[int]) -> None:
        self._session = weakref.ref(session)
        self.seats = tuple(seats)  # the server's bot seats, and the seats a bot stands in for (server.handover)
        self._wanted = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._answers: dict[int, AnswerWait] = {}  # each bot seat's wait for the answers to its offers
        self._lapsed: set[int] = set()  # the people who let a bot seat's offer run out, shared by the seats
        self._again: asyncio.TimerHandle | None = None  # the wake-up when such a wait ends

    @property
    def session(self) -> GameSession:
        session = self._session()
        if session is None:  # its owner alone calls it, and its task holds it while it plays
            raise RuntimeError("the bot seats of a game that is gone")
        return session

    def start(self) -> None:
        if self.seats and self._task is None:
            # a context of its own: the bots' log lines are not the request's that happened to start them
            self._task = asyncio.create_task(self._play(), name=f"bots-{self.session.game_id}",
                                             context=contextvars.Context())
            self._wanted.set()

    def stand_in(self, seat: int, playing: bool) -> None:
        """A bot now plays `seat` for its absent player (or, not `playing`, no longer): start looking at it."""
        others = tuple(s for s in self.seats if s != seat)
        self.seats = tuple(sorted((*others, seat))) if playing else others
        if playing:
            self.start()
            self.wake()

    def wake(self) -> None:
        """The game changed: let the bots look at it."""
        if self.seats:
            self._wanted.set()

    def cancel(self) -> None:
        """The game is over: the bots stop, and their task is let go (cancelled, it keeps its CancelledError,
        whose traceback holds its frames and so these seats: a cycle only the collector would free)."""
        self._wake_later(None)
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def stop(self) -> None:
        self._wake_later(None)
        if self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def seat_to_act(self, actors: Sequence[int], legal: Mapping[int, Sequence[Any]]) -> int | None:
        """A bot seat a trade awaits (its answer comes before the proposer goes on), else one the game waits
        for: `bots.local.seat_to_ask`, the rule in-process games follow too."""
        return seat_to_ask(actors, self.seats, lambda seat: bool(legal[seat]))

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
        session = self.session
        while (turn := session.bot_turn()) is not None:
            seat, version = turn
            waiting = self._answers_awaited(seat, version)
            if waiting > 0:
                self._wake_later(waiting)  # unless an answer (or any change) wakes the bots first
                return
            if think:
                await asyncio.sleep(think)
                if seat not in self.seats:
                    continue  # its player took the seat back meanwhile
            time_limit = session.timer.seconds_left(seat, version)
            try:
                action = await session.matches.bot_action(session.game_id, seat, version, time_limit)
            except RecordFailed:  # the match is not there to ask: the game is re-played
                session.suspend("bot_action_failed")
                return
            if action is None:
                return  # the game moved on meanwhile (or ended): the change wakes the bots again
            try:
                await session.submit(seat, action, version, bot=True)
            except errors.ApiError as error:
                if error.code != "stale_version":  # stale: someone acted first; choose again on the new state
                    raise

    def _answers_awaited(self, seat: int, version: int) -> float:
        """Seconds `seat` still waits for the answers to its open offers (0: none awaits, or patience ran out)."""
        wait = self._answers.get(seat)
        if wait is None:
            wait = self._answers[seat] = AnswerWait(PERSON_PATIENCE, PERSON_HURRIED, self._lapsed)
        return wait.left(self.session.audience.view(seat), seat, asyncio.get_running_loop().time(),
                         self.session.timer.seconds_left(seat, version))

    def _wake_later(self, seconds: float | None) -> None:
        """Wake the bots in `seconds` (None: not at all), instead of any wake-up set before."""
        if self._again is not None:
            self._again.cancel()
        self._again = None if seconds is None else asyncio.get_running_loop().call_later(seconds, self.wake)
