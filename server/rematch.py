"""Rematches and the results of finished games: what the lobby's history shows and where a table meets again.

A rematch is a new game with a finished game's game, rules, options, seats, bots, timers and privacy (a
private game's rematch opens with the same join code, which its players have already). Any player of the
finished game may ask (with their seat token); the first to ask makes it, and becomes its host; everyone
after gets that same game, which the finished game's summary names (`GameSummary.rematch`), so the other
players' clients can show the invitation. A game has at most one rematch, kept in its record on disk.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from pathlib import Path

import structlog

from vegas_table.engine.core.canonical import canonical_text
from vegas_table.replays.format import last_record
from vegas_table.server import errors
from vegas_table.server.hub import GameHub
from vegas_table.server.records import new_token, saved_change, token_hash
from vegas_table.server.session import GameSession
from vegas_table.server.viewers import Status

log = structlog.get_logger("vegas.server")

RESULTS_KEPT = 4096  # finished games' results held for the lobby's history (a few hundred bytes each)


class Rematches:
    """The rematches of one server's finished games; one lock, so two players asking at once meet in one game."""

    def __init__(self, hub: GameHub) -> None:
        self.hub = hub
        self.lock = asyncio.Lock()

    async def rematch(self, old: GameSession, token: str, owner: str) -> tuple[GameSession, str]:
        """The rematch of the finished game `old`, made now if nobody asked before; and the host token if this
        call made it ("" otherwise). ApiError for a game not over, or a token that holds none of its seats."""
        seat = old.seat_of(token)
        with old.refusing():
            old.lifecycle.rematch()
        async with self.lock:
            made = await self._made(old)
            if made is not None:
                return made, ""
            host = new_token()
            record = old.record
            session, _ = await self.hub.create(
                record.game, record.rules, record.options, record.players,
                {s.seat: s.bot for s in record.seats if s.bot}, record.bot_think_ms, owner=owner,
                private=record.private, turn_timer=record.turn_timer, bot_turn_timer=record.bot_turn_timer,
                host_hash=token_hash(host), code_hash=record.code_hash or None)
            async with saved_change(old.store, record):
                record.rematch = session.game_id
        log.info("rematch_created", game_id=old.game_id, rematch=session.game_id, seat=seat)
        return session, host

    async def _made(self, old: GameSession) -> GameSession | None:
        """The rematch already made for `old`, if it is still there (one nobody joined in time expires: then
        the next player to ask makes another)."""
        if not old.record.rematch:
            return None
        try:
            made = await self.hub.find(old.record.rematch)
        except errors.ApiError as error:
            if error.code != "unknown_game":
                raise
            return None
        return None if made.lifecycle.expired else made


_results: OrderedDict[Path, str] = OrderedDict()


def result_json(session: GameSession) -> str:
    """A finished game's result as its replay's end record has it (canonical JSON); "" for any other game.
    A finished replay never changes, so each is read once (the last few thousand kept)."""
    if session.status is not Status.FINISHED:
        return ""
    path = session.replay_path
    if path not in _results:
        record = last_record(path) if path.exists() else None
        if record is None or record.get("type") != "end":
            return ""
        _results[path] = canonical_text(record["result"])
        while len(_results) > RESULTS_KEPT:
            _results.popitem(last=False)
    _results.move_to_end(path)
    return _results[path]
