"""What the follower, the seat and their users need from a server: the `Table` protocol.

`vegas_client.Client` is the Table over gRPC; a test can hand the same code an in-memory table. Lobby calls
are retried by the table itself; `watch`, `submit`, `propose_trade` and `answer_trade` are one attempt each,
raising `VegasError`, because `Follower` and `Seat` retry them with what only they know (the version held,
whether an earlier try may have reached the server).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Protocol

from vegas_client.data import (
    ActionResult,
    Created,
    GameSummary,
    GameType,
    Joined,
    LegalAction,
    NewGame,
    Revealed,
    Update,
    VersionEvents,
)
from vegas_client.entropy import Entropies


class Table(Protocol):
    codes: dict[str, str]  # join codes of the private games this client knows, by game id: sent with requests
    entropies: Entropies  # of the seats this client holds (revealed by `reveal_due`), and the commitments seen
    async def game_types(self) -> list[GameType]: ...
    async def list_games(self, include_finished: bool = False) -> list[GameSummary]: ...
    async def get_game(self, game_id: str) -> GameSummary: ...
    async def create_game(self, spec: NewGame) -> Created: ...
    async def join_game(self, game_id: str, name: str, seat: int | None = None, entropy: str | None = None
                        ) -> Joined: ...
    async def reveal_due(self, summary: GameSummary) -> GameSummary | None: ...
    async def list_events(self, game_id: str, before_version: int | None = None) -> list[VersionEvents]: ...
    async def legal_actions(self, game_id: str, token: str) -> tuple[int, tuple[LegalAction, ...]]: ...
    async def replay(self, game_id: str) -> Revealed: ...
    def watch(self, game_id: str, token: str, from_version: int | None) -> AsyncIterator[Update]: ...
    async def submit(self, game_id: str, token: str, action: str, based_on_version: int) -> ActionResult: ...
    async def propose_trade(self, game_id: str, token: str, terms: str, request_id: str = "") -> ActionResult: ...
    async def answer_trade(self, game_id: str, token: str, trade_id: int, answer: str,
                           removes: Sequence[str] = (), request_id: str = "") -> ActionResult: ...
    async def close(self) -> None: ...
