"""Every game on the server: creating them, finding them, listing them, restoring them at start-up."""

from __future__ import annotations

import asyncio
import contextvars
import math
import secrets
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta

import structlog

from vegas_table.bots.registry import seat_problem
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.registry import check_config
from vegas_table.server import errors, restoring, seating
from vegas_table.server.finished import FinishedGames, Key, key_of
from vegas_table.server.limits import Limits
from vegas_table.server.matches import Matches
from vegas_table.server.records import ID_ALPHABET, ID_LENGTH, GameRecord, GameStore, SeatRecord, token_hash
from vegas_table.server.session import GameSession, Settings
from vegas_table.server.turntimer import checked_timer
from vegas_table.server.viewers import Status

log = structlog.get_logger("vegas.server")

CODE_LENGTH = 8  # a private game's join code: 31^8 (about 10^12) codes, read aloud like ids
MAX_THINK_MS = 10_000
SWEEP_SECONDS = 60.0  # how often waiting games are checked for expiry (more often with a short expiry)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class GameHub:
    """The games of one server, by id: the unfinished ones in memory, the finished ones on disk
    (`server.finished`)."""

    def __init__(self, store: GameStore, settings: Settings, matches: Matches, limits: Limits | None = None,
                 now: Callable[[], datetime] = _utc_now) -> None:
        self.store = store
        self.settings = settings
        self.matches = matches
        self.limits = limits or Limits()
        self.now = now
        self.sessions: dict[str, GameSession] = {}  # unfinished games
        self.finished = FinishedGames(store, self._open, self.limits.finished_kept)
        self.creating: Counter[tuple[str, bool]] = Counter()  # games being created, by owner and whether they wait
        self._sweeping: asyncio.Task[None] | None = None

    # ---------------------------------------------------------------------------------------- finding

    def get(self, game_id: str) -> GameSession:
        """An unfinished game (one dict lookup: every action comes this way); a finished one is over."""
        session = self.sessions.get(game_id)
        if session is None:
            raise errors.game_over(game_id) if self.finished.known(game_id) else errors.unknown_game(game_id)
        return session

    async def find(self, game_id: str) -> GameSession:
        """Any game, finished ones read from disk if they have left memory."""
        session = self.sessions.get(game_id)
        return session if session is not None else await self.finished.get(game_id)

    def _finished(self, session: GameSession) -> None:
        """A game just finished: from now on it is read from disk (after the last few kept)."""
        if self.sessions.pop(session.game_id, None) is not None:
            self.finished.add(session)

    async def page(self, include_finished: bool, size: int, after: Key | None) -> tuple[list[GameSession], Key | None]:
        """Up to `size` public games newest first, after the key `after` (None: from the newest); the key to
        continue from, or None at the end. Finished games come from the index and are read from disk."""
        unfinished = sorted((s for s in self.sessions.values()
                             if not s.record.private and (after is None or key_of(s) < after)),
                            key=key_of, reverse=True)[:size + 1]
        keys: list[tuple[Key, GameSession | None]] = [(key_of(s), s) for s in unfinished]
        if include_finished:
            keys += [(key, None) for key in self.finished.keys_before(after, size + 1)]
        keys.sort(key=lambda pair: pair[0], reverse=True)
        chosen, more = keys[:size], len(keys) > size
        sessions = await asyncio.gather(*(self.finished.listed(key[1]) if s is None else _ready(s)
                                          for key, s in chosen))
        return list(sessions), (chosen[-1][0] if more else None)

    # ---------------------------------------------------------------------------------------- creating

    async def create(self, game: str, rules: str, options: Sequence[str], players: int,
                     bots: Mapping[int, str], bot_think_ms: int | None, owner: str = "",
                     private: bool = False, turn_timer: float | None = None,
                     bot_turn_timer: float | None = None, host_hash: str = "",
                     code_hash: str | None = None) -> tuple[GameSession, str]:
        """A new game in the lobby, its bot seats taken; it starts at once if they are all bots. Returns it
        and its join code ("" unless private). `owner` is the creator's address, for its lobby quota. The
        turn timers (seconds, 0: none; server.turntimer) default to the server's settings. `host_hash`: of the
        host's token (server.handover); `code_hash`: a private game's code as another game has it (a rematch's).

        The game's place is reserved before anything is awaited, so concurrent creates never pass a limit."""
        config = GameConfig(game, rules, players, seed="", options=tuple(sorted(set(options))))
        rules_of = check_config(config)
        _check_bots(bots, players, game, self.settings.plugin_bots)
        think = self.settings.bot_think_ms if bot_think_ms is None else bot_think_ms
        if not 0 <= think <= MAX_THINK_MS:
            raise errors.bad_request(f"bot_think_ms is {think}; it must be between 0 and {MAX_THINK_MS}")
        timer, bot_timer = self._timers(turn_timer, bot_turn_timer, think if bots else 0)
        waits = len(bots) < players  # a game of bots only starts at once
        self._check_room(owner, waits)
        self.creating[owner, waits] += 1
        try:
            colours = rules_of.seat_names(config)
            seats = [SeatRecord(seat, colours[seat], player=f"{bots[seat]} bot" if seat in bots else "",
                                bot=bots.get(seat, "")) for seat in range(players)]
            code = "".join(secrets.choice(ID_ALPHABET) for _ in range(CODE_LENGTH)) if private and not code_hash else ""
            record = GameRecord(self._new_id(), game, rules, config.options, players,
                                self.now().isoformat(timespec="milliseconds"), secrets.token_hex(32), think, seats,
                                code_hash=code_hash or (token_hash(code) if code else ""), turn_timer=timer,
                                bot_turn_timer=bot_timer, host_hash=host_hash)
            await asyncio.to_thread(self.store.save, record)
            session = self._add(record)
            session.owner = owner
        finally:
            self.creating[owner, waits] -= 1
            if self.creating[owner, waits] <= 0:
                del self.creating[owner, waits]
        log.info("game_created", game_id=record.game_id, game=game, rules=rules, players=players,
                 bots=sorted(bots), commitment=record.commitment, private=private, turn_timer=timer,
                 bot_turn_timer=bot_timer)
        await seating.open_game(session)
        return session, code

    def _timers(self, turn_timer: float | None, bot_turn_timer: float | None, think_ms: int) -> tuple[float, float]:
        """The new game's turn timers (the server's defaults where not given); ApiError for one out of bounds,
        or for a bots' timer no longer than the pause they make before each move (they could never act)."""
        timer = checked_timer("turn_timer", self.settings.turn_timer if turn_timer is None else turn_timer)
        bot_timer = checked_timer("bot_turn_timer",
                                  self.settings.bot_turn_timer if bot_turn_timer is None else bot_turn_timer)
        if bot_timer and bot_timer <= think_ms / 1000:
            raise errors.bad_request(f"bot_turn_timer is {bot_timer:g} s, no longer than the bots' pause of "
                                     f"{think_ms} ms before each move: make it longer, or bot_think_ms shorter")
        return timer, bot_timer

    def _open(self, record: GameRecord) -> GameSession:
        return GameSession(record, self.store, self.settings, self.matches)

    def _add(self, record: GameRecord) -> GameSession:
        session = self._open(record)
        session.on_finished, session.now = self._finished, self._now
        self.sessions[record.game_id] = session
        return session

    def _now(self) -> datetime:
        return self.now()

    def _check_room(self, owner: str, waits: bool) -> None:
        """Refuse a new game if the server or the owner's address ("": nobody's) has no room for it: no more
        unfinished games, or (if it `waits` for players) no more waiting games. The refusal says what frees
        a place. Games being created count: their places are reserved."""
        limits = self.limits
        if limits.max_games and len(self.sessions) + self.creating.total() >= limits.max_games:
            raise errors.too_many_games(limits.max_games, self._frees(self._waiting()))
        if not owner:
            return
        mine = [s for s in self.sessions.values() if s.owner == owner]
        waiting = [s for s in mine if s.status is Status.WAITING]
        if limits.games_per_address:
            creating = self.creating[owner, True] + self.creating[owner, False]
            if len(mine) + creating >= limits.games_per_address:
                raise errors.too_many_own_games(limits.games_per_address, self._frees(waiting))
        waiting_after = len(waiting) + self.creating[owner, True] + 1
        if waits and limits.waiting_per_address and waiting_after > limits.waiting_per_address:
            raise errors.too_many_waiting(limits.waiting_per_address, self._frees(waiting))

    def _waiting(self, owner: str | None = None) -> list[GameSession]:
        return [s for s in self.sessions.values()
                if s.status is Status.WAITING and (owner is None or s.owner == owner)]

    def _frees(self, waiting: list[GameSession]) -> str:
        """When the first of `waiting` expires, as a refusal says it."""
        if not waiting or not self.limits.waiting_expiry:
            return "a waiting game is removed"
        first = min(s.record.lobby_changed() for s in waiting) + timedelta(seconds=self.limits.waiting_expiry)
        minutes = max(0.0, (first - self.now()).total_seconds() / 60)
        return f"at the latest when the oldest waiting game expires, in {math.ceil(minutes)} min, unless someone joins"

    def _new_id(self) -> str:
        while True:
            game_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
            if game_id not in self.sessions and not self.store.exists(game_id):
                return game_id

    # ---------------------------------------------------------------------------------------- expiring

    async def expire_waiting(self) -> list[str]:
        """Remove the waiting games whose lobby has not changed for `waiting_expiry` seconds; their ids."""
        if not self.limits.waiting_expiry:
            return []
        before = self.now() - timedelta(seconds=self.limits.waiting_expiry)
        gone = []
        for session in [s for s in self._waiting() if s.record.lobby_changed() < before]:
            if await restoring.expire(session, before):
                self.sessions.pop(session.game_id, None)
                gone.append(session.game_id)
        return gone

    async def _sweep_forever(self) -> None:
        every = min(SWEEP_SECONDS, self.limits.waiting_expiry / 4)
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire_waiting()
            except Exception:  # a disk that fails now may work at the next sweep; the server stays up
                log.exception("expiry_failed")

    # ---------------------------------------------------------------------------------------- lifetime

    async def restore_all(self) -> int:
        """Load every game of the data directory (before serving); return how many run or wait.

        Finished games are only indexed; waiting games that have expired meanwhile are removed."""
        records = await asyncio.to_thread(self.store.load_all)
        sessions = [self._add(record) for record in records]
        for session in sessions:
            session.on_finished = None  # a game found finished at start is only indexed, below
        outcomes = await asyncio.gather(*(restoring.restore(session) for session in sessions), return_exceptions=True)
        finished = []
        for session, outcome in zip(sessions, outcomes, strict=True):
            session.on_finished = self._finished
            if isinstance(outcome, BaseException):
                self.sessions.pop(session.game_id, None)
                self.finished.unrestored.add(session.game_id)
                log.error("restore_failed", game_id=session.game_id, exc_info=outcome)
                continue
            if session.status is Status.FINISHED:
                finished.append(self.sessions.pop(session.game_id))
                continue
            log.info("game_restored", game_id=session.game_id, status=session.status.name.lower(),
                     version=session.version)
        self.finished.add_restored(finished)
        await self.expire_waiting()
        return len(self.sessions)

    def start(self) -> None:
        """Start the bots of the running games, and the sweep that removes waiting games nobody joins."""
        for session in self.sessions.values():
            session.start_bots()
            session.start_clock()  # a restored game's clocks start again from the whole timer
        if self.limits.waiting_expiry and self._sweeping is None:
            self._sweeping = asyncio.get_running_loop().create_task(self._sweep_forever(),
                                                                    context=contextvars.Context())

    async def stop_bots(self) -> None:
        if self._sweeping is not None:
            self._sweeping.cancel()
        await asyncio.gather(*(s.stop_bots() for s in self.sessions.values()))

    async def close(self) -> None:
        """Close every replay file (after the last request: everything accepted is on disk already)."""
        await self.matches.close()


async def _ready(session: GameSession) -> GameSession:
    return session


def _check_bots(bots: Mapping[int, str], players: int, game: str, plugins: bool) -> None:
    for seat, kind in bots.items():
        if not 0 <= seat < players:
            raise errors.bad_request(f"bot seat {seat} does not exist: seats are 0..{players - 1}")
        problem = seat_problem(kind, game, plugins)
        if problem:
            raise errors.bad_request(problem)
