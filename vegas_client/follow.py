"""Following one game: the Watch stream turned into whole views, kept across dropped connections.

`Follower.run(on_update)` streams the game through its `ViewTracker` until the game is over, handing each new
whole view to `on_update`. A connection that drops is opened again from the version held, so no update is
missed and none is applied twice; a gap or a wrong hash (`Resync`) is answered by asking for a snapshot.

Retrying follows the one policy (retry.py), one outage at a time: the policy's clock starts when a connection
is lost and stops once a new one works, so its timeout bounds each outage, never the game. A refusal that
retrying cannot mend (an unknown game, a wrong token) ends `run` with its VegasError.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
from collections.abc import AsyncGenerator, Callable
from dataclasses import replace

import structlog

from vegas_client.data import ViewUpdate
from vegas_client.errors import VegasError
from vegas_client.retry import FOREVER, RetryPolicy
from vegas_client.table import Table
from vegas_client.tracker import Resync, ViewTracker

log = structlog.get_logger("vegas_client.follow")

OnState = Callable[[str, bool], None]


class Follower:
    """Follows `game_id` as the seat of `token` ("" for a spectator) on `table`.

    `on_state(text, connected)` hears about the connection: "connecting", "live", "reconnecting: ...",
    "game over", "stopped: ...". Besides `run`, `start()` runs it in the background, and then `newest(after)`
    waits for the newest view past a version, and `async for update in follower` gives every update in order.
    """

    def __init__(self, table: Table, game_id: str, token: str = "", retry: RetryPolicy = FOREVER,
                 on_state: OnState | None = None) -> None:
        self.table = table
        self.game_id = game_id
        self.token = token
        self.retry = retry
        self.on_state = on_state or (lambda text, connected: None)
        self.tracker = ViewTracker()
        self.finished = False
        self.latest: ViewUpdate | None = None  # the newest update with a view (a lobby update has none)
        self.resyncs = 0
        self.reconnects = 0
        self._listeners: list[Callable[[ViewUpdate], None]] = []
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._runs = 0  # run() calls going on (its own task's, or a caller's)

    # ---- running

    async def run(self, on_update: Callable[[ViewUpdate], None] | None = None) -> None:
        """Follow the game to its end, calling `on_update` with each new whole view (synchronously, before the
        next diff changes that view in place)."""
        if on_update is not None:
            self._listeners.append(on_update)
        self._runs += 1
        try:
            while not self.finished:
                async for attempt in self.retry.attempts():  # one outage: a fresh clock
                    with attempt:
                        await self._connection()
        except VegasError as error:
            self.on_state(f"stopped: {error.message}", False)
            raise
        finally:
            self._runs -= 1
            self._changed.set()

    async def _connection(self) -> None:
        """One connection's worth of updates. Returns when the game is over, or when a connection that worked
        was lost or must resync (the caller opens the next with a fresh retry clock); raises the VegasError of
        a connection that never worked, for the policy to retry."""
        self.on_state("connecting", False)
        worked = False
        try:
            async for raw in self.table.watch(self.game_id, self.token, self.tracker.version):
                if not worked:
                    worked = True
                    self.on_state("live", True)
                if raw.lobby is not None:  # every seat taken: reveal the entropy this client committed to
                    await self.table.reveal_due(raw.lobby)
                try:
                    update = self.tracker.accept(raw)
                except Resync as why:
                    log.warning("resync", game_id=self.game_id, reason=str(why))
                    self.resyncs += 1
                    self.latest = None  # its view was the tracker's, patched half-way
                    await asyncio.sleep(self.retry.wait_initial)  # never a tight loop, even if resyncing repeats
                    return
                if update is not None:
                    self._publish(update)
                    if update.finished:
                        self.finished = True
                        self.on_state("game over", True)
                        return
        except VegasError as error:
            if not error.retryable or not worked:
                if error.retryable:
                    self.on_state(f"reconnecting: {error.message}", False)
                raise
            log.info("watch_dropped", game_id=self.game_id, reason=error.message, version=self.tracker.version)
            self.reconnects += 1
            self.on_state(f"reconnecting: {error.message}", False)

    def _publish(self, update: ViewUpdate) -> None:
        if update.view is not None:  # a lobby update (a seat's presence, say) must not hide the view before it
            self.latest = update
        for listener in list(self._listeners):
            listener(update)
        self._changed.set()

    # ---- in the background

    def listen(self, on_update: Callable[[ViewUpdate], None]) -> None:
        """Call `on_update` with every new whole view (as `run` does), also while running in the background."""
        self._listeners.append(on_update)

    @property
    def running(self) -> bool:
        return self._runs > 0 or (self._task is not None and not self._task.done())

    def start(self) -> None:
        """Run `run()` in a background task, unless it runs already (or the game is over); `stop()` ends it."""
        if not self.running and not self.finished:
            self._task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        """End the background task (its error, if it failed, is for `newest` to raise, not for this)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def __aenter__(self) -> Follower:
        self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def newest(self, after: int | None = None) -> ViewUpdate:
        """The newest update with a version past `after` (any, if None) once there is one: updates that came
        meanwhile are skipped, as a bot wants. Its view stays valid until the caller next awaits. The follower
        must be running (`start()`, `async with`, or someone's `run()`); raises its VegasError if it stopped on
        one, and RuntimeError if it is not running and holds no such update."""
        while True:
            latest = self.latest
            if latest is not None and latest.view is not None and (after is None or latest.version > after):
                return latest
            if not self.running:
                if self._task is not None and self._task.done():
                    self._task.result()
                raise RuntimeError(f"the follower of game {self.game_id} is not running (version held: "
                                   f"{self.tracker.version})")
            self._changed.clear()
            await self._changed.wait()

    async def reached(self, version: int, timeout: float) -> bool:
        """Whether the view held reaches `version` within `timeout` seconds (a background follower)."""
        with contextlib.suppress(TimeoutError, RuntimeError, VegasError):
            await asyncio.wait_for(self.newest(version - 1), timeout)
        return self.tracker.version is not None and self.tracker.version >= version

    async def __aiter__(self) -> AsyncGenerator[ViewUpdate, None]:
        """Every update in order, each with a view of its own (copied: safe to keep). Runs the follower in the
        background while the caller iterates; a follower already run by someone else hands its updates to
        `listen` instead."""
        if self.running:
            raise RuntimeError("this follower runs already: listen() to it, or follow with a Follower of your own")
        queue: asyncio.Queue[ViewUpdate] = asyncio.Queue()
        listener = lambda update: queue.put_nowait(replace(update, view=copy.deepcopy(update.view)))  # noqa: E731
        self._listeners.append(listener)
        self.start()
        task = self._task
        try:
            while task is not None and not (task.done() and queue.empty()):
                waiter = asyncio.ensure_future(queue.get())
                await asyncio.wait([waiter, task], return_when=asyncio.FIRST_COMPLETED)
                if waiter.done():
                    yield waiter.result()
                else:
                    waiter.cancel()
            if task is not None:
                task.result()
        finally:
            self._listeners.remove(listener)
            await self.stop()  # the caller stopped iterating: nobody reads what the stream would bring
