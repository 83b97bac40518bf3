"""A game's life in the data directory outside play: picked up at start-up, known finished from its replay
file alone, and removed when it expired in the lobby.

At start-up every game of the data directory is restored where it stood (`restore`): a lobby waits again,
a reveal round goes on, a running game is re-played from its replay file. A finished game is only marked
finished (`load_finished`, also for one read again from disk after it left memory): its views are rebuilt
the first time someone watches it (`GameSession.subscribe`), so a server with many finished games starts
quickly and holds none of their views. A waiting game nobody joined in time leaves the disk too (`expire`),
so a restart does not bring it back.

These are functions over a session, as `server.handover`'s are: what they change is the session's.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from vegas_table.replays.format import Tail, last_record, read_tail
from vegas_table.server.lifecycle import Phase
from vegas_table.server.recovery import note_dropped
from vegas_table.server.seating import arm_reveals
from vegas_table.server.session import GameSession


async def restore(session: GameSession) -> None:
    """Pick the game up from the data directory (at start-up, before serving)."""
    phase = session.lifecycle.phase
    if phase is Phase.LOBBY:
        return
    if phase is Phase.REVEALING:  # the reveal round goes on, its time counted from the last join
        arm_reveals(session)
        return
    path = session.replay_path
    tail = await asyncio.to_thread(read_tail, path) if path.exists() else Tail(None, 0, 0)
    if tail.last is None:  # the server stopped between the last join and the header, or while writing it:
        await session.start()  # nobody saw the game yet, and its header comes out the same
        note_dropped(session.log, tail, path)
        return
    if _finished_by(session, tail.last):
        return
    await session.resume(tail)  # ended there, if the server stopped between the last action record and the end


async def load_finished(session: GameSession) -> bool:
    """Whether the game's replay file ends it; if so the game is finished, its views rebuilt only when someone
    watches it. Finished games are read this way at start-up and whenever someone asks for one that has left
    memory."""
    path = session.replay_path
    if not path.exists():
        return False
    return _finished_by(session, await asyncio.to_thread(last_record, path))


def _finished_by(session: GameSession, last: dict[str, Any] | None) -> bool:
    """Whether `last`, the replay file's last record, is its end record; if so, the game is finished."""
    if last is None or last.get("type") != "end":
        return False
    session.lifecycle.found_finished(int(last["seq"]) - 1)  # the end record follows the last action's
    return True


async def expire(session: GameSession, changed_before: datetime) -> bool:
    """Remove a waiting game whose lobby has not changed since `changed_before`, from disk too (so a restart
    does not bring it back); its watchers' streams end. False if it is no longer such a game."""
    async with session.lock:
        lobby_changed = session.record.lobby_changed()
        if not session.lifecycle.waiting or lobby_changed >= changed_before:
            return False
        await asyncio.to_thread(session.store.remove, session.game_id)
        session.carry_out(session.lifecycle.expire())
        session.log.info("game_expired", lobby_changed=lobby_changed.isoformat())
        return True
