"""Where the server's matches run (`Matches`): `LocalMatches`, in the server's own process.

A `GameSession` hands its match to a `Matches`: `LocalMatches` runs every `server.match.ServedMatch` in the
server's process. `play` returns once the action is on disk, and a failure to get it there is a
`RecordFailed`: the game is suspended until its session re-plays it from its replay file (`Matches.resume`).
(Worker processes, `vegas serve --workers`, were removed: the process that talks to clients does most of
the work of an action, its gRPC sends, so moving the matches out cost more CPU than it saved.)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Protocol

from vegas_table.engine.core.errors import EngineError
from vegas_table.server.match import MatchSpec, ServedMatch, Step, ms
from vegas_table.server.syncer import Syncer


class RecordFailed(Exception):
    """An action was applied but its record could not be written or made durable: the game must refuse
    everything until it is re-played from its replay file."""


class Matches(Protocol):
    """What a `GameSession` asks of the place its match runs. `play` returns once the action is durable."""

    async def start(self, spec: MatchSpec) -> Step: ...
    async def resume(self, spec: MatchSpec) -> list[Step]: ...  # also after a RecordFailed: the game is back
    async def final(self, spec: MatchSpec) -> Step: ...
    async def play(self, game_id: str, seat: int, action: str) -> Step: ...
    async def bot_action(self, game_id: str, seat: int, version: int,
                         time_limit: float | None = None) -> str | None: ...
    async def seat_bot(self, game_id: str, seat: int, kind: str) -> None: ...  # server.handover
    async def forget(self, game_id: str) -> None: ...
    async def close(self) -> None: ...


async def _done() -> None:
    return None


async def _failing_as_record(synced: Awaitable[None]) -> None:
    try:
        await synced
    except Exception as error:
        raise RecordFailed(f"fsync failed: {error!r}") from error


class LocalMatches:
    """Matches in the server's own process: the CPU work in the event loop (a thread would only fight it
    for the GIL), the fsyncs in a thread that syncs them in batches (`server.syncer`)."""

    def __init__(self, fsync: bool = True) -> None:
        self.fsync = fsync
        self.matches: dict[str, ServedMatch] = {}
        self.syncer: Syncer | None = None
        self.finals: asyncio.Semaphore | None = None

    async def start(self, spec: MatchSpec) -> Step:
        served, step = await asyncio.to_thread(ServedMatch.start, spec)
        self.matches[spec.game_id] = served
        await self._sync(served)
        return step

    async def resume(self, spec: MatchSpec) -> list[Step]:
        """The game re-played from its replay file (at start-up, or after its record failed: then the
        failed match's file is closed first)."""
        await self.forget(spec.game_id)
        served, steps = await asyncio.to_thread(ServedMatch.resume, spec)
        self.matches[spec.game_id] = served
        return steps

    async def final(self, spec: MatchSpec) -> Step:
        """A finished game's final views, re-played from its file, one game at a time: finished games leave
        memory, so someone watching one old game after another must not take more than one thread's share
        of the server (the thread still competes with the event loop for the GIL)."""
        if self.finals is None:
            self.finals = asyncio.Semaphore(1)
        async with self.finals:
            return await asyncio.to_thread(ServedMatch.final, spec)

    async def play(self, game_id: str, seat: int, action: str) -> Step:
        served = self.matches[game_id]
        try:
            recorded = served.record(seat, action)
        except EngineError:
            raise
        except Exception as error:
            raise RecordFailed(f"writing the record failed: {error!r}") from error
        started = time.perf_counter()
        synced = self._sync(served)  # the disk works while the loop works out the views
        try:
            step = served.views_after(recorded)
        except Exception as error:
            await synced
            raise RecordFailed(f"the views of the new version failed: {error!r}") from error
        await synced
        return step._replace(timings=step.timings._replace(fsync_ms=ms(time.perf_counter() - started)))

    def _sync(self, served: ServedMatch) -> Awaitable[None]:
        """Start making the match's replay file durable; await the result (RecordFailed if the disk fails)."""
        if not self.fsync:
            return _done()
        if self.syncer is None:
            self.syncer = Syncer(asyncio.get_running_loop())
        return _failing_as_record(self.syncer.submit(served.spec.replay_path))

    async def bot_action(self, game_id: str, seat: int, version: int,
                         time_limit: float | None = None) -> str | None:
        """The bot chooses on its own copy of the state, in a thread: a slow strategy never stalls the loop."""
        served = self.matches.get(game_id)
        if served is None or not served.playing_at(version) or seat not in served.bots:
            return None
        return await asyncio.to_thread(served.bot_choice, seat, served.bot_turn(seat, time_limit))

    async def seat_bot(self, game_id: str, seat: int, kind: str) -> None:
        served = self.matches.get(game_id)
        if served is not None:
            served.seat_bot(seat, kind)

    async def forget(self, game_id: str) -> None:
        served = self.matches.pop(game_id, None)
        if served is not None:
            served.close()

    async def close(self) -> None:
        for served in self.matches.values():
            served.close()
        self.matches.clear()
        if self.syncer is not None:
            await asyncio.to_thread(self.syncer.close)
