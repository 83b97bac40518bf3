"""One game on the server: which game it is, its lock, what it is at, and the one path that changes it once it
runs; its match runs in `server.match`, and what its viewers are shown is its `server.audience.Audience`.

What stage the game is at, and what happens at each step of its life, is its `Lifecycle` (`server.lifecycle`):
a pure state machine the session tells what happened and asks what to do; the session keeps the lock, the
I/O and publishing, and carries out the machine's answers (`carry_out`).

Everything that changes a running game goes through `GameSession.submit` while holding the game's lock, so a
game's actions are applied strictly one at a time and in order (many games still run side by side). The
match itself (rules, replay file, every viewer's new view and diff) runs in a `Matches` (`server.matches`): an
action is on disk before `Matches.play` returns, nothing is published before that, and readers in the event
loop never see half an update.

Bots seated by the server (`server.botseats`) play through the same `submit` as everyone else, and so do
the turn timers (`server.turntimer`) when a seat is too slow. A record that fails suspends the game until it
is re-played from its replay file (`suspend`, `server.recovery`).

What happens around play has modules of its own, functions over a session that take its lock: the lobby and
the reveal round, which end in `start` (`server.seating`); picking the game up from the data directory at
start-up, knowing a finished one from its replay file, removing a lobby nobody joined (`server.restoring`);
seats handed to the server's bots (`server.handover`). They import this module; it imports none of them.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import assert_never

import structlog

from vegas_table.engine.core.canonical import canonical_text
from vegas_table.engine.core.errors import EngineError
from vegas_table.replays.format import Tail, read_tail
from vegas_table.server import errors
from vegas_table.server.answers import AnswerCache
from vegas_table.server.audience import Audience
from vegas_table.server.botseats import BotSeats
from vegas_table.server.lifecycle import GameEffect, Lifecycle, Moment, Phase, Refused
from vegas_table.server.match import MatchSpec, Step, Timings
from vegas_table.server.matches import Matches, RecordFailed
from vegas_table.server.records import GameRecord, GameStore
from vegas_table.server.recovery import Recovery, note_dropped
from vegas_table.server.reveals import RevealDeadline, awaiting_reveals
from vegas_table.server.tuning import settle_long_lived
from vegas_table.server.turntimer import DEFAULT_BOT_TURN_TIMER, Clock, TurnTimer
from vegas_table.server.viewers import Change, EventLine, LegalAction, Status, Subscriber, Viewer, WatchUpdate
from vegas_table.server.weakcalls import weak_method

log = structlog.get_logger("vegas.server")


@dataclass(frozen=True, slots=True)
class Settings:
    """How the server runs its games (see `vegas serve --help`)."""

    window: int = 128  # versions of diffs kept per viewer, so reconnecting clients get only what they missed
    queue_capacity: int = 256  # updates a subscriber may lag behind before it is resynced with a snapshot
    bot_think_ms: int = 0  # default pause before each bot move
    plugin_bots: bool = False  # the bot seats may play installed vegas.bots entry points (never module:Class)
    turn_timer: float = 0.0  # default seconds per decision of a player's seat (0: no timer; server.turntimer)
    bot_turn_timer: float = DEFAULT_BOT_TURN_TIMER  # default seconds per decision of the server's bot seats
    fsync: bool = True
    reveal_timeout: float = 120.0  # seconds the committed seats have to reveal their entropy once every seat is taken


def _utc_now() -> datetime:
    return datetime.now(UTC)


def status_of(phase: Phase) -> Status:
    """What the API calls a phase: a start that failed still waits, and so does an expired game (its streams
    end); a suspended game still runs."""
    match phase:
        case Phase.LOBBY | Phase.STARTING | Phase.EXPIRED:
            return Status.WAITING
        case Phase.REVEALING:
            return Status.REVEALING
        case Phase.RUNNING | Phase.SUSPENDED:
            return Status.RUNNING
        case Phase.FINISHED:
            return Status.FINISHED
        case _:
            assert_never(phase)


def moment_of(step: Step) -> Moment:
    """What the lifecycle keeps of a version the match made."""
    return Moment(step.change.version, step.change.actors, step.change.finished, step.defaults)


class GameSession:
    """A game from the lobby to its end: its identity, lock and state; see the module docstring."""

    def __init__(self, record: GameRecord, store: GameStore, settings: Settings, matches: Matches) -> None:
        self.record = record
        self.store = store
        self.settings = settings
        self.matches = matches
        self.lock = asyncio.Lock()
        self.lifecycle = Lifecycle.of_record(record.full, record.revealing)
        self.audience = Audience(settings.window, settings.queue_capacity, (s.seat for s in record.seats if s.bot))
        self.log = log.bind(game_id=record.game_id)
        lifecycle = self.lifecycle  # not `self`: what the session owns holds no reference back to it
        self.recovery = Recovery(self.lock, lambda: lifecycle.suspended, weak_method(self._recover), self.log)
        self.bot_seats = BotSeats(self, [s.seat for s in record.seats if s.bot or s.stand_in])
        self._forgetting: asyncio.Task[None] | None = None
        self.answered = AnswerCache()  # trade requests' answers, for retries
        self.owner = ""  # the address that created the game (its lobby quota); "" once restored
        self.on_finished: Callable[[GameSession], None] | None = None  # the hub lets finished games go
        self.now: Callable[[], datetime] = _utc_now  # the hub's clock, for the lobby's expiry
        self.reveals = RevealDeadline(record.game_id, settings.reveal_timeout)
        self.timer = TurnTimer({s.seat: record.timer_of(s.seat) for s in record.seats}, weak_method(self._time_out))

    # ------------------------------------------------------------------------------------------ reading

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def change(self) -> Change | None:
        """The current version's change (None before the game starts)."""
        return self.audience.change

    @property
    def status(self) -> Status:
        return status_of(self.lifecycle.phase)

    @property
    def version(self) -> int:
        return self.lifecycle.version

    @property
    def actors(self) -> tuple[int, ...]:
        return self.lifecycle.actors

    @property
    def finished_version(self) -> int | None:
        """A finished game's last version while its views are not loaded (None for any other game)."""
        return self.version if self.lifecycle.unloaded else None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.colour for s in self.record.seats)

    @property
    def replay_path(self) -> Path:
        return self.store.replay_path(self.game_id)

    def seat_of(self, token: str) -> int:
        """The seat `token` holds; ApiError if it holds none (or is empty: a spectator)."""
        if not token:
            raise errors.spectator(self.game_id)
        for seat in self.record.seats:
            if seat.holds(token):
                return seat.seat
        raise errors.bad_token(self.game_id)

    def viewer_of(self, token: str) -> Viewer:
        return self.seat_of(token) if token else None

    def check_code(self, code: str) -> None:
        """A private game shows itself only to those who have its join code; ApiError for anyone else."""
        if self.record.private and not self.record.opens_with(code):
            raise errors.private_game(self.game_id)

    def check_viewer(self, token: str, code: str) -> Viewer:
        """The viewer `token` makes (a spectator if empty); a private game wants a seat token or its code."""
        viewer = self.viewer_of(token)
        if viewer is None:
            self.check_code(code)
        return viewer

    # ----------------------------------------------------------------------------------------- starting

    def spec(self) -> MatchSpec:
        """What the match needs to start or resume, wherever it runs."""
        record = self.record
        meta = {"game_id": self.game_id, **record.fairness_meta(), "players": [s.player for s in record.seats]}
        return MatchSpec(self.game_id, record.config(), self.names, self.replay_path, meta,
                        {"server_seed": record.server_seed},
                        {s.seat: s.bot or s.stand_in for s in record.seats if s.bot or s.stand_in},
                        self.settings.window, frozenset(self.timer.seconds),
                        frozenset(s.seat for s in record.seats if s.stand_in))

    async def start(self) -> None:
        """Every seat is taken (`server.seating`; or a restored game whose header was never written,
        `server.restoring`): derive the seed, write the replay header, show everyone version 0."""
        step = await self.matches.start(self.spec())
        if self.settings.fsync:
            await asyncio.to_thread(self.store.sync_entries, self.game_id)
        self._begin(step)
        self.log.info("game_started", seed_commitment=self.record.commitment, players=self.record.players)

    def _begin(self, step: Step) -> None:
        effects = self.lifecycle.started(moment_of(step))
        self.audience.begin(step)
        self._log_events(step.change)
        self.carry_out(effects)
        settle_long_lived()

    # ------------------------------------------------------------------------------------------ playing

    async def submit(self, seat: int, text: str, based_on: int | None, request_id: str = "",
                     late: bool = False, bot: bool = False) -> Change:
        """Apply `seat`'s action if `based_on` (when given) is the current version; ApiError otherwise.
        A `request_id` this seat already used gets that request's answer again, and nothing is applied.
        `late`: the action is the seat's default, played because its turn timer ran out (the events say so).
        `bot`: the server's bot chose it, and it is stale if the seat has since gone back to its player.
        The session logs the action's one line (`action`).

        Shielded: a client that hangs up mid-request cannot interrupt an action half applied."""
        change, timings = await asyncio.shield(self._submit(seat, text, based_on, request_id, late, True, bot))
        if timings is not None:
            self.log.info("action", version=change.version, seat=seat, action=change.action, **timings._asdict())
        return change

    async def submit_request(self, seat: int, text: str, based_on: int | None,
                             request_id: str = "") -> tuple[Change, Timings | None]:
        """`submit` for a client's request, whose one log line says what it did: the session logs nothing,
        and gives the timings of the action it applied (None for a repeated request's answer). The events
        are logged at debug: a busy server writes one line per action."""
        return await asyncio.shield(self._submit(seat, text, based_on, request_id, False, False))

    async def _submit(self, seat: int, text: str, based_on: int | None, request_id: str, late: bool,
                      own: bool, bot: bool = False) -> tuple[Change, Timings | None]:
        async with self.lock:
            if bot and seat not in self.bot_seats.seats:  # its player took the seat back (server.handover)
                raise errors.stale_version(self.version, self.version)
            if request_id and (seat, request_id) in self.answered:
                return self._answered_before(seat, request_id, text), None
            with self.refusing():
                self.lifecycle.check_playable()
            if based_on is not None and based_on != self.version:
                raise errors.stale_version(based_on, self.version)
            try:
                step = await self.matches.play(self.game_id, seat, text)
            except EngineError:
                raise
            except RecordFailed as error:
                self.suspend("record_failed")
                raise errors.suspended(self.game_id) from error
            if late:
                step = self._ran_out_of_time(step, seat)
            effects = self.lifecycle.moved(moment_of(step))
            change = self._publish(step)
            if request_id:
                self.answered.remember(seat, request_id, text, change)
            self._log_events(change, own)
            self.carry_out(effects)
            return change, step.timings

    def _ran_out_of_time(self, step: Step, seat: int) -> Step:
        """`step`, made by `seat`'s default action, with an event first that says why; logged."""
        change = step.change
        seconds = self.timer.seconds[seat]
        event = "bot_late" if self.record.seats[seat].bot else "turn_timed_out"
        self.log.info(event, seat=seat, version=change.version - 1, action=change.action, seconds=seconds)
        line = EventLine(f"{self.names[seat]} ran out of time: {change.action}",
                         canonical_text({"action": change.action, "kind": "turn_timed_out", "seat": seat,
                                         "seconds": seconds}))
        return step._replace(change=change._replace(events=(line, *change.events)))

    async def _time_out(self, seat: int, version: int) -> None:
        """`seat`'s clock ran out at `version` (`server.turntimer`): play its default action there. A real
        action that came first made the default stale: it is dropped."""
        action = self.lifecycle.default_due(seat, version)
        if action is None:
            return
        try:
            await self.submit(seat, action, version, late=True)
        except errors.ApiError as error:
            if error.code not in {"stale_version", "suspended", "game_over"}:  # these: the game moved on
                self.log.error("turn_timer_refused", seat=seat, version=version, code=error.code,
                               error=error.message)
        except Exception:
            self.log.exception("turn_timer_failed", seat=seat, version=version)

    def clocks(self, version: int) -> list[Clock]:
        """The turn timers running at `version`, with the seconds left now (none once it is not current)."""
        return self.timer.clocks(version)

    def _answered_before(self, seat: int, request_id: str, text: str) -> Change:
        change = self.answered.repeat(seat, request_id, text)
        self.log.info("request_repeated", seat=seat, version=change.version)
        return change

    def _publish(self, step: Step) -> Change:
        """Make `step` the current version and show it to everyone."""
        self.audience.publish(step)
        return step.change

    def _log_events(self, change: Change, own: bool = True) -> None:
        """The events of a version, a line each: at info for what the server does by itself (the set-up, its
        bots' and the turn timers' actions), at debug for a client's action, whose request's line says it."""
        method = self.log.info if own else self.log.debug
        for event in change.events:
            method("game_event", version=change.version, text=event.text)

    # --------------------------------------------------------------------------------------- lifecycle

    def carry_out(self, effects: Iterable[GameEffect]) -> None:
        """Do what the lifecycle answered a transition with, in its order (`server.lifecycle.GameEffect`)."""
        for effect in effects:
            match effect:
                case GameEffect.RUN_CLOCKS:
                    self.timer.restart(self.version, self.actors)
                case GameEffect.STOP_CLOCKS:
                    self.timer.stop()
                case GameEffect.WAKE_BOTS:
                    self.bot_seats.wake()
                case GameEffect.RESYNC:
                    self.audience.resync()
                case GameEffect.END_GAME:
                    self.log.info("game_over", version=self.version)
                    self.audience.finish()
                    self.timer.stop()
                    self.bot_seats.cancel()
                    self._forgetting = asyncio.ensure_future(self.matches.forget(self.game_id))  # the match is done
                    if self.on_finished is not None:
                        self.on_finished(self)
                case GameEffect.RECOVER:
                    self.recovery.start()
                case GameEffect.CLOSE_STREAMS:
                    self.audience.close_streams()
                    self.bot_seats.cancel()  # a lobby's bots wait too: their task would keep them, in a cycle
                case _:
                    assert_never(effect)

    @contextmanager
    def refusing(self) -> Iterator[None]:
        """Around a transition a request asks for: its refusal raised as the API's error (its code names which)."""
        try:
            yield
        except Refused as refused:
            raise self._refusal(refused) from None

    def _refusal(self, refused: Refused) -> errors.ApiError:
        match refused.code:
            case "not_started":
                return errors.not_started(self.game_id, sum(not s.taken for s in self.record.seats))
            case "awaiting_reveals":
                left = self.reveals.seconds_left(self.record.lobby_changed(), self.now())
                return awaiting_reveals(self.record, left)
            case "suspended":
                return errors.suspended(self.game_id)
            case "game_over":
                return errors.game_over(self.game_id)
            case "expired":
                return errors.expired(self.game_id)
            case "no_free_seat":
                return errors.no_free_seat(self.game_id)
            case "not_running":
                return errors.not_running(self.game_id, self.status.name.lower())
            case "not_finished":
                return errors.not_finished(self.game_id)
            case _:
                assert_never(refused.code)

    def recent_changes(self, before_version: int | None) -> list[Change]:
        """The kept changes (the last `window` versions of a running game) before `before_version`; none
        once the game is over (its replay has them all)."""
        return [] if self.status is Status.FINISHED else self.audience.recent_changes(before_version)

    def legal_actions(self, seat: int) -> tuple[int, tuple[LegalAction, ...]]:
        """The seat's legal actions at the current version (kept with its view, so no lock is needed)."""
        with self.refusing():
            self.lifecycle.check_playable()
        return self.version, self.audience.legal(seat)

    # --------------------------------------------------------------------------------------- suspending

    def suspend(self, event: str) -> None:
        """The state may be ahead of the replay file: refuse everything until the game is re-played from its
        file (`server.recovery`, which runs `_recover`). Logs `event`, with the exception being handled if
        there is one. The clocks stop until the game is re-played."""
        effects = self.lifecycle.suspend()
        if sys.exc_info()[1] is not None:
            self.log.exception(event)
        else:
            self.log.error(event)
        self.carry_out(effects)

    async def _recover(self) -> None:
        """Re-play the game from its replay file and carry on from there: every subscriber gets a snapshot
        of what is now the current version."""
        effects = self.lifecycle.recovered(await self._replay(await asyncio.to_thread(read_tail, self.replay_path)))
        self.log.info("game_recovered", version=self.version)
        self.carry_out(effects)

    async def resume(self, tail: Tail) -> None:
        """At start-up (`server.restoring`): re-play the game from its replay file, and end it there if the file
        does (but for its end record, which the re-play wrote)."""
        self.carry_out(self.lifecycle.restored(await self._replay(tail)))

    async def _replay(self, tail: Tail) -> Moment:
        """Re-play the game from its replay file (after a failure, or at start-up) and take what the resumed
        match gives: the views whole, then recent diffs; `tail` is the file as it was before, so that a torn
        last record the re-play dropped is logged."""
        steps = await self.matches.resume(self.spec())
        self.audience.load(steps)
        note_dropped(self.log, tail, self.replay_path)
        return moment_of(steps[-1])

    # ------------------------------------------------------------------------------------------ viewers

    async def subscribe(self, viewer: Viewer, from_version: int | None) -> tuple[Subscriber, list[WatchUpdate]]:
        """Open a stream for `viewer` (`Audience.subscribe`), once a finished game's views are loaded."""
        if self.lifecycle.expired:
            raise errors.expired(self.game_id)
        if self.lifecycle.unloaded:
            await self._load_finished()
        return self.audience.subscribe(viewer, from_version)

    async def _load_finished(self) -> None:
        """A finished game restored lazily: rebuild its final views the first time someone watches it."""
        async with self.lock:
            if not self.lifecycle.unloaded:
                return
            self.audience.load([await self.matches.final(self.spec())])
            self.lifecycle.loaded()

    def snapshot(self, viewer: Viewer) -> WatchUpdate:
        """The viewer's whole current view (the lobby while the game waits for players)."""
        return self.audience.snapshot(viewer)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """A stream closed: the others see its seat go away if it was the seat's last (while it matters)."""
        self.audience.unsubscribe(subscriber, announce=self.status is not Status.FINISHED)

    # ---------------------------------------------------------------------------------------------- bots

    def start_bots(self) -> None:
        if not self.lifecycle.finished:
            self.bot_seats.start()

    async def stop_bots(self) -> None:
        """The server stops: nothing plays for anyone any more (bots, turn timers, the reveal deadline)."""
        self.reveals.cancel()
        self.timer.stop()
        await self.bot_seats.stop()

    def start_clock(self) -> None:
        """Start the clocks of the seats a game restored at start-up waits for, from their whole timers (the
        lifecycle starts them at every version after that)."""
        if self.lifecycle.playing:
            self.carry_out((GameEffect.RUN_CLOCKS,))

    def bot_turn(self) -> tuple[int, int] | None:
        """For `BotSeats`: a bot seat with something to do, and the version it would act on."""
        if not self.lifecycle.playing:
            return None
        seat = self.bot_seats.seat_to_act(self.actors, {s: self.audience.legal(s) for s in self.bot_seats.seats})
        return None if seat is None else (seat, self.version)
