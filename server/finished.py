"""Finished games live on disk, not in memory: a server that has hosted 100,000 games holds no more of them
than one that has hosted 20.

A game that finishes leaves the hub's table of sessions for this one. The last `kept_at_most` games
someone asked for stay loaded (the viewers of a game that just ended come right after its end); any other
is read again from its directory when someone asks (`GetGame`, `Watch`, `GetReplay`, `ListEvents`). Of the
public ones only the creation time and id are kept, sorted, so `ListGames` can page through them.
"""

from __future__ import annotations

import asyncio
import bisect
from collections import OrderedDict
from collections.abc import Callable, Iterable

from vegas_table.server import errors, restoring
from vegas_table.server.records import GameRecord, GameStore, well_formed_id
from vegas_table.server.session import GameSession

Key = tuple[str, str]  # (created_at, game_id): the order games are listed in, newest last


def key_of(session: GameSession) -> Key:
    return session.record.created_at, session.game_id


class FinishedGames:
    """The server's finished games: the few kept loaded, the index of the public ones, and reading any
    other from disk. `open_session` makes a session for a record (the hub's settings and matches)."""

    def __init__(self, store: GameStore, open_session: Callable[[GameRecord], GameSession],
                 kept_at_most: int = 16) -> None:
        self.store = store
        self.kept_at_most = kept_at_most
        self.open_session = open_session
        self.kept: OrderedDict[str, GameSession] = OrderedDict()  # least recently asked for first
        self.index: list[Key] = []  # the public ones, sorted
        self.unrestored: set[str] = set()  # games on disk that failed to restore at start (logged then)

    def add(self, session: GameSession) -> None:
        """A game that just finished: indexed if public, and kept (its viewers are about to come)."""
        if not session.record.private:
            bisect.insort(self.index, key_of(session))
        self._keep(session)

    def add_restored(self, sessions: Iterable[GameSession]) -> None:
        """The finished games found at start-up: indexed (sorted once), not kept (nobody asked yet)."""
        self.index.extend(key_of(s) for s in sessions if not s.record.private)
        self.index.sort()

    def known(self, game_id: str) -> bool:
        """Whether `game_id` is a finished game, by what is in memory and whether its directory is there."""
        return game_id in self.kept or (game_id not in self.unrestored and well_formed_id(game_id)
                                        and self.store.exists(game_id))

    async def get(self, game_id: str) -> GameSession:
        """The finished game `game_id`, kept from now on as the most recently asked for."""
        session = self.kept.get(game_id)
        if session is None:
            session = await self._read(game_id)
            self._keep(session)
        else:
            self.kept.move_to_end(game_id)
        return session

    async def listed(self, game_id: str) -> GameSession:
        """The finished game `game_id` for a page of ListGames: not kept if it had to be read (a listing
        would push out the games viewers just watched)."""
        kept = self.kept.get(game_id)
        return kept if kept is not None else await self._read(game_id)

    def keys_before(self, after: Key | None, count: int) -> list[Key]:
        """The keys of the `count` newest public finished games older than `after` (None: the newest)."""
        stop = len(self.index) if after is None else bisect.bisect_left(self.index, after)
        return self.index[max(0, stop - count):stop]

    async def _read(self, game_id: str) -> GameSession:
        """From disk; unknown if it is not there, or there but not finished (it failed to restore at start)."""
        if game_id in self.unrestored or not well_formed_id(game_id) or not self.store.exists(game_id):
            raise errors.unknown_game(game_id)
        try:
            session = self.open_session(await asyncio.to_thread(self.store.load, game_id))
            finished = await restoring.load_finished(session)
        except (OSError, ValueError, KeyError, TypeError):  # removed meanwhile (an expired lobby game), unreadable
            raise errors.unknown_game(game_id) from None
        if not finished:
            raise errors.unknown_game(game_id)
        return session

    def _keep(self, session: GameSession) -> None:
        self.kept[session.game_id] = session
        self.kept.move_to_end(session.game_id)
        while len(self.kept) > self.kept_at_most:
            self.kept.popitem(last=False)
