"""Every game on the server: creating them, finding them, listing them, restoring them at start-up."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime

import structlog

from bots.registry import bot_problem
from engine.core.api import GameConfig
from engine.registry import check_config
from server import errors
from server.cores import Cores
from server.records import GameRecord, GameStore, SeatRecord
from server.session import GameSession, Settings
from server.viewers import Status

log = structlog.get_logger("vegas.server")

ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: ids are read aloud across a room
ID_LENGTH = 6
MAX_THINK_MS = 10_000


class GameHub:
    """The games of one server, by id."""

    def __init__(self, store: GameStore, settings: Settings, cores: Cores, max_games: int = 1000) -> None:
        self.store = store
        self.settings = settings
        self.cores = cores
        self.max_games = max_games
        self.sessions: dict[str, GameSession] = {}
        cores.on_lost = self._games_lost

    def _games_lost(self, held: Callable[[str], bool]) -> None:
        """The place some matches ran is gone (a worker died): re-play each of its running games now."""
        for session in self.sessions.values():
            if held(session.game_id) and session.status is Status.RUNNING:
                session.suspend("match_lost")

    def get(self, game_id: str) -> GameSession:
        session = self.sessions.get(game_id)
        if session is None:
            raise errors.unknown_game(game_id)
        return session

    def listed(self, include_finished: bool) -> list[GameSession]:
        """Games newest first; finished ones only if asked."""
        sessions = [s for s in self.sessions.values() if include_finished or s.status is not Status.FINISHED]
        return sorted(sessions, key=lambda s: (s.record.created_at, s.game_id), reverse=True)

    async def create(self, game: str, rules: str, options: Sequence[str], players: int,
                     bots: Mapping[int, str], bot_think_ms: int | None) -> GameSession:
        """A new game in the lobby, its bot seats taken; it starts at once if they are all bots."""
        if sum(s.status is not Status.FINISHED for s in self.sessions.values()) >= self.max_games:
            raise errors.too_many_games(self.max_games)
        config = GameConfig(game, rules, players, seed="", options=tuple(sorted(set(options))))
        rules_of = check_config(config)
        _check_bots(bots, players, game)
        think = self.settings.bot_think_ms if bot_think_ms is None else bot_think_ms
        if not 0 <= think <= MAX_THINK_MS:
            raise errors.bad_request(f"bot_think_ms is {think}; it must be between 0 and {MAX_THINK_MS}")
        colours = rules_of.seat_names(config)
        seats = [SeatRecord(seat, colours[seat], player=f"{bots[seat]} bot" if seat in bots else "",
                            bot=bots.get(seat, "")) for seat in range(players)]
        record = GameRecord(self._new_id(), game, rules, config.options, players,
                            datetime.now(UTC).isoformat(timespec="milliseconds"), secrets.token_hex(32), think, seats)
        await asyncio.to_thread(self.store.save, record)
        session = GameSession(record, self.store, self.settings, self.cores)
        self.sessions[record.game_id] = session
        log.info("game_created", game_id=record.game_id, game=game, rules=rules, players=players,
                 bots=sorted(bots), commitment=record.commitment)
        await session.open()
        return session

    def _new_id(self) -> str:
        while True:
            game_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
            if game_id not in self.sessions and not self.store.exists(game_id):
                return game_id

    async def restore_all(self) -> int:
        """Load every game of the data directory (before serving); return how many run or wait.

        Games are re-played side by side (in the worker processes, with `--workers`)."""
        records = await asyncio.to_thread(self.store.load_all)
        sessions = [GameSession(record, self.store, self.settings, self.cores) for record in records]
        outcomes = await asyncio.gather(*(session.restore() for session in sessions), return_exceptions=True)
        for session, outcome in zip(sessions, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                log.error("restore_failed", game_id=session.game_id, exc_info=outcome)
                continue
            self.sessions[session.game_id] = session
            log.info("game_restored", game_id=session.game_id, status=session.status.name.lower(),
                     version=session.version)
        return sum(s.status is not Status.FINISHED for s in self.sessions.values())

    def start_bots(self) -> None:
        for session in self.sessions.values():
            session.start_bots()

    async def stop_bots(self) -> None:
        await asyncio.gather(*(s.stop_bots() for s in self.sessions.values()))

    async def close(self) -> None:
        """Close every replay file (after the last request: everything accepted is on disk already)."""
        await self.cores.close()


def _check_bots(bots: Mapping[int, str], players: int, game: str) -> None:
    for seat, kind in bots.items():
        if not 0 <= seat < players:
            raise errors.bad_request(f"bot seat {seat} does not exist: seats are 0..{players - 1}")
        problem = bot_problem(kind, game)
        if problem:
            raise errors.bad_request(problem)
