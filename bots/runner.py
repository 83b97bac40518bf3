"""Running a `Bot` at one seat of a game on a server, through the client library, until the game is over.

The same Bot class that plays in-process (bots.local) plays here unchanged, asked whenever its seat has
legal actions (the game waits for it, or a trade offered to it awaits its answer): its `Turn` is built from the
view the client library tracks (vegas_client.Follower: whole views, resumed across dropped connections)
and the legal actions the server sent with it, and its choice is played with vegas_client.Seat (retried on
its version, never applied twice). The runner decides on the newest view only: views that came while the
bot was thinking are skipped, and an action refused as stale is decided again on the view that made it
stale. A choice the server refuses as illegal, or a `choose` that raises, is logged and the decision's
default (the first legal action) is played instead, so a bot's bug does not stall the table. Following and
acting retry with the policy for bots (vegas_client.BOTS), so a server restart or SIGKILL is ridden out.

A bot that has offered a trade waits a while for the answers before it goes on (`bots.local.AnswerWait`).
Its turns name the seats people play (`GameInfo.people`, from the lobby's seat list), so it keeps the
table manners with them that the server's own bot seats keep (`bots.lords.manners`).
What the bot says of a choice (`Bot.reason`: why it refused an offer) goes on the runner's log (`bot_reason`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import structlog

from vegas_client import BOTS, Follower, GameSummary, RetryPolicy, Seat, Table, VegasError, ViewUpdate, wire
from vegas_client import LegalAction as ServerLegalAction
from vegas_table.bots.base import Bot, GameInfo, LegalAction, Turn
from vegas_table.bots.local import ANSWER_PATIENCE, AnswerWait, choice_text
from vegas_table.bots.random_bot import RandomBot

log = structlog.get_logger("vegas.bot")
STALE = "stale_version"


def turn_from(update: ViewUpdate, info: GameInfo) -> Turn:
    """The bot's `Turn` for a view the client library holds: the view, the server's legal actions and the
    seconds left on the seat's turn timer, if the game has one (`Turn.time_limit`)."""
    assert update.view is not None
    clock = update.clock(info.seat)
    return Turn(info, update.version, update.view, [legal_action(a) for a in update.legal],
                None if clock is None else clock.left())


def legal_action(option: ServerLegalAction) -> LegalAction:
    return LegalAction(option.text, option.low, option.high)


def people_of(summary: GameSummary, seat: int) -> frozenset[int]:
    """The seats of `summary` that people may play, for a bot at `seat`: every taken seat but its own that no
    server bot plays or stands in for. Another remote bot counts as a person, as the server counts it: the
    bot then keeps its table manners with it, which costs a bot nothing."""
    return frozenset(s.seat for s in summary.seats if s.taken and not s.bot and not s.stand_in and s.seat != seat)


class SeatRunner:
    """Plays `info.seat` of `game_id` (with its secret `token`) on `table` with `bot`."""

    def __init__(self, table: Table, game_id: str, token: str, bot: Bot, info: GameInfo, *,
                 retry: RetryPolicy = BOTS, think: float = 0.0,
                 on_submit: Callable[[int], None] | None = None) -> None:
        self.game_id = game_id
        self.table = table
        self.bot = bot
        self.info = info
        self.think = think
        self.on_submit = on_submit  # hears the version an action is based on, just before it is sent
        self.follower = Follower(table, game_id, token, retry)
        self.seat = Seat(table, game_id, info.seat, token, self.follower, retry)
        self.started = False
        self.stale = 0  # actions refused because the game had moved on (someone else acted first)
        self.answers = AnswerWait(ANSWER_PATIENCE)
        self.defaults = 0  # choices the server refused, replaced by the decision's default
        self.people: frozenset[int] = frozenset()  # the seats no server bot plays, from the lobby's seat list
        self.follower.listen(self._seats_seen)

    @property
    def actions(self) -> int:
        return self.seat.actions

    async def play(self) -> dict[str, Any]:
        """Play to the end of the game; the seat's final view. Raises the VegasError of a refusal retrying
        cannot mend (an unknown game, a wrong token) or of an outage longer than the retry policy allows;
        called again after that, it carries on from the view it holds."""
        if not self.started:
            self.started = True
            # who plays which seat before the first turn (the stream's lobby updates keep it up to date)
            self.people = people_of(await self.table.get_game(self.game_id), self.info.seat)
            self.bot.on_game_start(self.info)
        after = None  # the newest view first, even if it is the one held: it may wait for this seat
        self.follower.start()
        try:
            while True:
                update = await self.follower.newest(after)
                after = update.version
                assert update.view is not None
                if update.finished:
                    self.bot.on_game_end(update.view)
                    return update.view
                if update.legal:  # the game waits for the seat, or a trade awaits its answer
                    if await self._answered(update):
                        continue  # an answer came (or another change): decide on the newer view
                    await self._act(update)
        finally:
            await self.follower.stop()

    def _seats_seen(self, update: ViewUpdate) -> None:
        if update.lobby is not None:
            self.people = people_of(update.lobby, self.info.seat)

    async def _answered(self, update: ViewUpdate) -> bool:
        """Whether a newer view came while offers of the seat's awaited answers; False at once when none does,
        or its patience has run out."""
        clock = update.clock(self.info.seat)
        left = self.answers.left(update.view or {}, self.info.seat, asyncio.get_running_loop().time(),
                                 None if clock is None else clock.left())
        return left > 0 and await self.follower.reached(update.version + 1, left)

    async def _act(self, update: ViewUpdate) -> None:
        if self.think:
            await asyncio.sleep(self.think)
            if self.follower.latest is not update:
                return  # the game moved on while the bot thought: decide on the newer view
        default = default_text(update)
        try:
            info = dataclasses.replace(self.info, people=self.people)  # table manners (`GameInfo.people`)
            action = choice_text(self.bot.choose(turn_from(update, info)))
        except Exception:  # a bug of the bot's (or a range returned without its amount): logged, not fatal
            log.exception("bot_choice_failed", game_id=self.game_id, seat=self.info.seat, played=default)
            self.defaults += 1
            action = default
        else:
            self._say_why(action)
        if self.on_submit is not None:
            self.on_submit(update.version)
        try:
            await self.seat.act(action, update.version)
        except VegasError as error:
            if error.code == STALE:
                self.stale += 1  # someone acted first (a trade, a decision): the newer view says what now
                return
            if error.status not in ("FAILED_PRECONDITION", "INVALID_ARGUMENT") or action == default:
                raise
            log.error("bot_choice_refused", game_id=self.game_id, seat=self.info.seat, action=action,
                      refusal=error.message, played=default)
            self.defaults += 1
            with contextlib.suppress(VegasError):  # stale by now, say: the next view decides again
                await self.seat.act(default, update.version)


    def _say_why(self, action: str) -> None:
        """The bot's reason for `action` (`Bot.reason`: why it refused an offer), on its own log: the API has
        no place for it, and the runner's log is what the person running the bot reads."""
        why = self.bot.reason()
        if why:
            log.info("bot_reason", game_id=self.game_id, seat=self.info.seat, action=action, reason=why)


def default_text(update: ViewUpdate) -> str:
    """The decision's default: the first legal action (a range at its lowest amount)."""
    first = update.legal[0]
    return first.at(first.low) if first.low is not None else first.text


def random_action(legal: Sequence[Any], rng: random.Random) -> str:
    """What the random bot picks, with `rng`, among legal actions as a server lists them (`vegas.v1`
    LegalAction messages): for harnesses and tests that drive seats over the bare API."""
    bot = RandomBot()
    bot.rng = rng
    turn = Turn(GameInfo("", "", 0, (), 0), 0, {}, [legal_action(wire.legal_action(a)) for a in legal])
    return choice_text(bot.choose(turn))
