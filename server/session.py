"""One game on the server: its lobby, its recorded match, its viewers and its bots.

Everything that changes a game goes through `GameSession.submit` while holding the game's lock, so a
game's actions are applied strictly one at a time and in order (many games still run side by side). The
engine, the replay record and the new views run in the event loop (they are CPU work: a worker thread would
only fight the loop for the GIL), and only the fsync waits in a worker thread, so a slow disk holds up this
game alone. Nothing is published before the record is on disk, and readers in the loop never see half an
update.

Bots seated by the server (`server.botseats`) play through the same `submit` as everyone else.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

from bots.registry import make_bot
from engine.core.api import Event, Game
from engine.core.canonical import canonical_bytes
from engine.core.errors import EngineError
from engine.core.match import Match
from engine.registry import get_game
from replays.format import end_record, read_replay
from replays.recorder import RecordedMatch
from server import errors
from server.botseats import BotSeats
from server.diff import EncodeMemo, PatchMemo
from server.records import GameRecord, GameStore, fsync_file, token_hash
from server.viewers import Change, EventLine, LegalAction, Status, Subscriber, Viewer, ViewerLog, ViewUpdate

log = structlog.get_logger("vegas.server")

# fsyncs of different games wait on the disk side by side (the kernel commits them together), so they get
# threads of their own rather than queueing behind the default executor's few.
FSYNC_THREADS = ThreadPoolExecutor(max_workers=32, thread_name_prefix="fsync")


@dataclass(frozen=True, slots=True)
class Settings:
    """How the server runs its games (see `vegas serve --help`)."""

    window: int = 128  # versions of diffs kept per viewer, so reconnecting clients get only what they missed
    queue_capacity: int = 256  # updates a subscriber may lag behind before it is resynced with a snapshot
    bot_think_ms: int = 0  # default pause before each bot move
    fsync: bool = True


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


class GameSession:
    """A game from the lobby to its end; see the module docstring."""

    def __init__(self, record: GameRecord, store: GameStore, settings: Settings) -> None:
        self.record = record
        self.store = store
        self.settings = settings
        self.game: Game[Any] = get_game(record.game)
        self.lock = asyncio.Lock()
        self.recorded: RecordedMatch | None = None
        self.logs: dict[Viewer, ViewerLog] = {}
        self.change: Change | None = None
        self.finished_version: int | None = None  # set for a finished game whose views are not loaded
        self.subscribers: set[Subscriber] = set()
        self.failed = False
        self.log = log.bind(game_id=record.game_id)
        self.bot_seats = BotSeats(self, {s.seat: make_bot(s.bot, f"{record.game_id}:{s.seat}")
                                         for s in record.seats if s.bot})

    # ------------------------------------------------------------------------------------------ reading

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def status(self) -> Status:
        if self.finished_version is not None or (self.change and self.change.finished):
            return Status.FINISHED
        return Status.RUNNING if self.change is not None else Status.WAITING

    @property
    def version(self) -> int:
        if self.finished_version is not None:
            return self.finished_version
        return self.change.version if self.change else 0

    @property
    def actors(self) -> tuple[int, ...]:
        return self.change.actors if self.change else ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.colour for s in self.record.seats)

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

    # ------------------------------------------------------------------------------------------- lobby

    async def join(self, name: str, seat: int | None, entropy: str) -> tuple[int, str]:
        """Give `name` a seat and its token; start the game if that was the last free seat."""
        return await asyncio.shield(self._join(name, seat, entropy))

    async def _join(self, name: str, seat: int | None, entropy: str) -> tuple[int, str]:
        async with self.lock:
            chosen = self._free_seat(seat)
            token = secrets.token_urlsafe(24)
            record = self.record.seats[chosen]
            record.player, record.token_hash, record.entropy = name, token_hash(token), entropy
            try:
                await asyncio.to_thread(self.store.save, self.record)
            except Exception:
                record.player, record.token_hash, record.entropy = "", "", ""
                raise
            self.log.info("seat_taken", seat=chosen, player=name)
            self._publish_lobby()
            if self.record.full:
                await self._start()
        return chosen, token

    async def open(self) -> None:
        """Start the game if its seats are all taken already (a game of bots only), and its bots."""
        async with self.lock:
            if self.record.full and self.change is None and self.finished_version is None:
                await self._start()
        self.start_bots()

    def _free_seat(self, seat: int | None) -> int:
        if self.status is not Status.WAITING:
            raise errors.no_free_seat(self.game_id)
        if seat is None:
            return next(s.seat for s in self.record.seats if not s.taken)
        if not 0 <= seat < self.record.players:
            raise errors.bad_request(f"seat {seat} does not exist: game {self.game_id} has seats "
                                     f"0..{self.record.players - 1}")
        if self.record.seats[seat].taken:
            raise errors.seat_taken(self.game_id, seat)
        return seat

    def _publish_lobby(self) -> None:
        update = ViewUpdate("lobby", 0, "", "", None)
        for subscriber in self.subscribers:
            subscriber.offer(update)

    async def _start(self) -> None:
        """Every seat is taken: derive the seed, write the replay header, show everyone version 0."""
        change, logs = await asyncio.to_thread(self._open_match)
        self._begin(change, logs)
        self.log.info("game_started", seed_commitment=self.record.commitment, players=self.record.players)

    def _open_match(self) -> tuple[Change, dict[Viewer, ViewerLog]]:
        match = Match(self.game, self.record.config())
        meta = {"game_id": self.game_id, "commitment": self.record.commitment, "entropies": self.record.entropies,
                "players": [s.player for s in self.record.seats]}
        self.recorded = RecordedMatch(match, self.replay_path, fsync=False, meta=meta,
                                      end_meta={"server_seed": self.record.server_seed})
        if self.settings.fsync:
            fsync_file(self.replay_path)
            self.store.sync_entries(self.game_id)
        change = self._change(match, None, "", match.opening)
        return change, self._fresh_logs(match)

    def _fresh_logs(self, match: Match) -> dict[Viewer, ViewerLog]:
        version, viewers, encoded = len(match.history), self._viewers(), EncodeMemo()
        views = self.game.views(match.state, viewers)
        return {viewer: ViewerLog(view, version, self.settings.window, self._legal(match, viewer), encoded)
                for viewer, view in zip(viewers, views, strict=True)}

    def _advance_logs(self, logs: dict[Viewer, ViewerLog], match: Match, change: Change) -> dict[Viewer, ViewUpdate]:
        """Every viewer's log taken to `change`, the match's current version; each viewer's diff update.

        The views come from one `Game.views` call, so what they share is encoded and diffed once."""
        viewers, memos = list(logs), (EncodeMemo(), PatchMemo())
        views = self.game.views(match.state, viewers)
        return {viewer: logs[viewer].advance(view, change, self._legal(match, viewer), memos)
                for viewer, view in zip(viewers, views, strict=True)}

    def _legal(self, match: Match, viewer: Viewer) -> tuple[LegalAction, ...]:
        """What `viewer`'s seat may do now (nothing for a spectator), sent along with its updates."""
        if viewer is None or match.over:
            return ()
        return tuple(LegalAction.of(option) for option in match.legal_actions(viewer))

    def _viewers(self) -> list[Viewer]:
        return [None, *range(self.record.players)]

    def _begin(self, change: Change, logs: dict[Viewer, ViewerLog]) -> None:
        self.logs, self.change = logs, change
        for subscriber in self.subscribers:
            subscriber.offer(logs[subscriber.viewer].snapshot(change))
        self._log_events(change)
        self._after_change()

    # ------------------------------------------------------------------------------------------ playing

    async def submit(self, seat: int, text: str, based_on: int | None) -> Change:
        """Apply `seat`'s action if `based_on` (when given) is the current version; ApiError otherwise.

        Shielded: a client that hangs up mid-request cannot interrupt an action half applied."""
        action = self.game.parse_action(text)
        return await asyncio.shield(self._submit(seat, action, based_on))

    async def _submit(self, seat: int, action: Any, based_on: int | None) -> Change:
        async with self.lock:
            self._check_playable()
            if based_on is not None and based_on != self.version:
                raise errors.stale_version(based_on, self.version)
            started = time.perf_counter()
            events = self._record(seat, action)
            written = time.perf_counter()
            await self._sync_replay()
            synced = time.perf_counter()
            change = self._next_version(seat, events)
            self.log.info("action", version=change.version, seat=seat, action=change.action,
                          apply_ms=_ms(written - started), fsync_ms=_ms(synced - written),
                          views_ms=_ms(time.perf_counter() - synced))
            self._log_events(change)
            self._after_change()
            return change

    def _record(self, seat: int, action: Any) -> list[Event]:
        """Apply the action and write its replay record (not yet fsynced); refusals raise and change nothing."""
        assert self.recorded is not None
        try:
            return self.recorded.play(seat, action)
        except EngineError:
            raise
        except Exception:
            self._fail("record_failed")
            raise

    async def _sync_replay(self) -> None:
        """fsync the replay file in a worker thread: the disk's latency holds up this game only."""
        if not self.settings.fsync:
            return
        try:
            await asyncio.get_running_loop().run_in_executor(FSYNC_THREADS, fsync_file, self.replay_path)
        except Exception:
            self._fail("fsync_failed")
            raise

    def _fail(self, event: str) -> None:
        """The state is ahead of the replay file: refuse everything until a restart reloads the file."""
        self.failed = True
        self.log.exception(event)

    @property
    def replay_path(self) -> Path:
        return self.store.replay_path(self.game_id)

    def _check_playable(self) -> None:
        if self.failed:
            raise errors.suspended(self.game_id)
        if self.status is Status.WAITING:
            raise errors.not_started(self.game_id, sum(not s.taken for s in self.record.seats))
        if self.status is Status.FINISHED:
            raise errors.game_over(self.game_id)

    def _next_version(self, seat: int, events: list[Event]) -> Change:
        """The recorded action's version: every viewer's new view and diff, handed to every subscriber."""
        assert self.recorded is not None
        match = self.recorded.match
        change = self._change(match, seat, match.history[-1].action, events, self.recorded.state_hash)
        updates = self._advance_logs(self.logs, match, change)
        self.change = change
        for subscriber in self.subscribers:
            subscriber.offer(updates[subscriber.viewer])  # never waits: a full queue means a snapshot later
        return change

    def _change(self, match: Match, seat: int | None, action: str, events: list[Event],
                state_hash: str | None = None) -> Change:
        """The version `match` is at, made by `seat`'s `action` (`state_hash`: its hash, if known already)."""
        lines = tuple(EventLine(self.game.describe(e, self.names), canonical_bytes(e.to_json()).decode("utf-8"))
                      for e in events)
        return Change(len(match.history), seat, action, lines, match.actors(), match.over,
                      state_hash or match.state_hash())

    def _log_events(self, change: Change) -> None:
        for event in change.events:
            self.log.info("game_event", version=change.version, text=event.text)

    def _after_change(self) -> None:
        if self.status is Status.FINISHED:
            self.log.info("game_over", version=self.version)
            for viewer_log in self.logs.values():
                viewer_log.diffs.clear()  # nobody can resume a finished game's stream: its final view says all
            if self.recorded is not None:
                self.recorded.close()
                self.recorded = None
            self.bot_seats.cancel()
        else:
            self.bot_seats.wake()

    def legal_actions(self, seat: int) -> tuple[int, tuple[LegalAction, ...]]:
        """The seat's legal actions at the current version (kept with its view, so no lock is needed)."""
        self._check_playable()
        return self.version, self.logs[seat].legal

    # ------------------------------------------------------------------------------------------ viewers

    async def subscribe(self, viewer: Viewer, from_version: int | None) -> tuple[Subscriber, list[ViewUpdate]]:
        """Open a stream for `viewer`: its first updates, and a queue for everything after them.

        The first updates are taken and the subscriber registered without yielding to the event loop in
        between, so no version is missed or sent twice."""
        if self.finished_version is not None:
            await self._load_finished()
        subscriber = Subscriber(viewer, self.settings.queue_capacity)
        self.subscribers.add(subscriber)
        return subscriber, self._first_updates(viewer, from_version)

    def _first_updates(self, viewer: Viewer, from_version: int | None) -> list[ViewUpdate]:
        if self.change is not None and from_version is not None:
            diffs = self.logs[viewer].diffs_after(from_version)
            if diffs is not None:
                return diffs
        return [self.snapshot(viewer)]

    def snapshot(self, viewer: Viewer) -> ViewUpdate:
        """The viewer's whole current view (the lobby while the game waits for players)."""
        if self.change is None:
            return ViewUpdate("lobby", 0, "", "", None)
        return self.logs[viewer].snapshot(self.change)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        self.subscribers.discard(subscriber)

    # ---------------------------------------------------------------------------------------------- bots

    def start_bots(self) -> None:
        if self.status is not Status.FINISHED:
            self.bot_seats.start()

    async def stop_bots(self) -> None:
        await self.bot_seats.stop()

    def close(self) -> None:
        """Release the replay file (the server is stopping; everything accepted is already on disk)."""
        if self.recorded is not None:
            self.recorded.close()

    async def bot_choice(self) -> tuple[int, Any, int] | None:
        """For `BotSeats`: a bot seat with something to do, a copy of the state to choose on, the version."""
        async with self.lock:
            if self.recorded is None or self.failed or self.status is not Status.RUNNING:
                return None
            seat = self.bot_seats.seat_to_act(self.actors, {s: self.logs[s].legal for s in self.bot_seats.bots})
            if seat is None:
                return None
            return seat, self.game.clone(self.recorded.match.state), self.version

    # ---------------------------------------------------------------------------------------- restoring

    def restore(self) -> None:
        """Pick the game up from the data directory (blocking: called once at start-up, off the loop)."""
        if not self.record.full:
            return
        if not self.replay_path.exists():
            change, logs = self._open_match()  # the server stopped between the last join and the header
            self.logs, self.change = logs, change
            return
        replay = read_replay(self.replay_path)
        if replay.end is not None:
            self.finished_version = len(replay.actions)
            return
        self.change, self.logs = self._resume(self.record, len(replay.actions))

    def _resume(self, record: GameRecord, total: int) -> tuple[Change, dict[Viewer, ViewerLog]]:
        """Re-apply the replay's actions, keeping every viewer's diffs of the last `window` versions."""
        keep_from = max(0, total - self.settings.window)
        logs: dict[Viewer, ViewerLog] = {}
        change: Change | None = None

        def on_move(match: Match, events: list[Event], state_hash: str) -> None:
            nonlocal change, logs
            version = len(match.history)
            if version == keep_from:
                logs = self._fresh_logs(match)
            elif version > keep_from:
                move = match.history[-1]
                change = self._change(match, move.seat, move.action, events, state_hash)
                self._advance_logs(logs, match, change)

        match = replay_match(self.game, self.replay_path, on_move)
        if change is None:  # no action yet
            change = self._change(match, None, "", match.opening)
        self.recorded = RecordedMatch(match, self.replay_path, fsync=False,
                                      end_meta={"server_seed": record.server_seed})
        if match.over:  # the server stopped between the last action record and the end record
            self._write_missing_end(match)
            change = self._change(match, match.history[-1].seat, match.history[-1].action, [])
        return change, logs

    def _write_missing_end(self, match: Match) -> None:
        assert self.recorded is not None and match.result is not None
        self.recorded.writer.append(end_record(len(match.history) + 1, match.result.to_json(), match.state_hash(),
                                               self.game.encode(match.state),
                                               {"server_seed": self.record.server_seed}))
        fsync_file(self.replay_path)
        self.recorded.close()
        self.recorded = None

    async def _load_finished(self) -> None:
        """A finished game restored lazily: rebuild its final views the first time someone watches it."""
        async with self.lock:
            if self.finished_version is None:
                return
            match = await asyncio.to_thread(replay_match, self.game, self.replay_path)
            self.logs = self._fresh_logs(match)
            last = match.history[-1] if match.history else None
            self.change = self._change(match, last.seat if last else None, last.action if last else "", [])
            self.finished_version = None


def replay_match(game: Game[Any], path: Path,
                 on_move: Callable[[Match, list[Event], str], None] | None = None) -> Match:
    """The match a replay file records, re-applied action by action and checked against every state hash;
    `on_move` sees the match after its set-up and after each action, with the events and the state hash."""
    replay = read_replay(path)
    match = Match(game, replay.config)
    if match.state_hash() != replay.header["hash"]:
        raise ValueError(f"{path}: the set-up no longer gives the recorded state (engine changed?)")
    if on_move is not None:
        on_move(match, match.opening, replay.header["hash"])
    for record in replay.actions:
        events = match.play(record["seat"], record["action"])
        if match.state_hash() != record["hash"]:
            raise ValueError(f"{path}: action {record['seq']} ({record['action']}) no longer gives the recorded "
                             "state (engine changed?)")
        if on_move is not None:
            on_move(match, events, record["hash"])
    return match
