"""A small blocking facade over the asyncio library, for scripts and notebooks.

    from vegas_client.sync import connect
    with connect("localhost:50051") as table:
        joined = table.join_game(game_id, "Ann")
        for update in table.follow(game_id, joined.token):
            ...

The asyncio `Client` runs on an event loop in a background thread of its own; each method hands it a
coroutine and waits for the result, so the caller needs no event loop (a notebook's own loop is untouched).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from vegas_client.acting import Seat
from vegas_client.client import Client, client_for
from vegas_client.data import (
    ActionResult,
    Created,
    GameSummary,
    GameType,
    Joined,
    LegalAction,
    NewGame,
    Revealed,
    VersionEvents,
    ViewUpdate,
)
from vegas_client.follow import Follower
from vegas_client.retry import FOREVER, RetryPolicy

T = TypeVar("T")


class SyncClient:
    """The blocking twin of `Client` (same methods, same errors); `close()` it, or use it in a `with`."""

    def __init__(self, address: str, *, tls: bool = False, ca_file: Path | None = None, password: str | None = None,
                 retry: RetryPolicy = FOREVER) -> None:
        self.retry = retry
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="vegas-client", daemon=True)
        self.thread.start()

        async def make() -> Client:  # the channel belongs to the loop it is made on
            return client_for(address, tls=tls, ca_file=ca_file, password=password, retry=retry)

        self.client = self._run(make())

    def _run(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result()

    def game_types(self) -> list[GameType]:
        return self._run(self.client.game_types())

    def list_games(self, include_finished: bool = False) -> list[GameSummary]:
        return self._run(self.client.list_games(include_finished))

    def get_game(self, game_id: str) -> GameSummary:
        return self._run(self.client.get_game(game_id))

    def create_game(self, spec: NewGame) -> Created:
        return self._run(self.client.create_game(spec))

    def join_game(self, game_id: str, name: str, seat: int | None = None, entropy: str | None = None) -> Joined:
        return self._run(self.client.join_game(game_id, name, seat, entropy))

    def list_events(self, game_id: str, before_version: int | None = None) -> list[VersionEvents]:
        return self._run(self.client.list_events(game_id, before_version))

    def legal_actions(self, game_id: str, token: str) -> tuple[int, tuple[LegalAction, ...]]:
        return self._run(self.client.legal_actions(game_id, token))

    def replay(self, game_id: str) -> Revealed:
        return self._run(self.client.replay(game_id))

    def follow(self, game_id: str, token: str = "") -> Iterator[ViewUpdate]:
        """Every update of the game until it is over (each view a copy of its own), reconnecting as needed."""
        updates = Follower(self.client, game_id, token, self.retry).__aiter__()

        async def step() -> ViewUpdate:
            return await updates.__anext__()

        try:
            while True:
                try:
                    yield self._run(step())
                except StopAsyncIteration:
                    return
        finally:
            self._run(updates.aclose())

    def act(self, game_id: str, seat: int, token: str, action: str, version: int) -> ActionResult:
        """`Seat.act` for one action: retried across dropped connections, never applied twice."""
        return self._run(Seat(self.client, game_id, seat, token, retry=self.retry).act(action, version))

    def propose(self, game_id: str, seat: int, token: str, terms: str) -> ActionResult:
        return self._run(Seat(self.client, game_id, seat, token, retry=self.retry).propose(terms))

    def answer(self, game_id: str, seat: int, token: str, trade_id: int, answer: str,
               removes: Sequence[str] = ()) -> ActionResult:
        return self._run(Seat(self.client, game_id, seat, token, retry=self.retry).answer(trade_id, answer, removes))

    def close(self) -> None:
        if self.loop.is_running():
            self._run(self.client.close())
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()

    def __enter__(self) -> SyncClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(address: str, *, tls: bool = False, ca_file: Path | None = None, password: str | None = None,
            retry: RetryPolicy = FOREVER) -> SyncClient:
    """A SyncClient of the server at `address` (HOST:PORT); use it in a `with` block."""
    return SyncClient(address, tls=tls, ca_file=ca_file, password=password, retry=retry)
