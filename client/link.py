"""What the client needs from a Vegas Table server, independent of the wire (gRPC in `grpc_link`).

The screens and the follower talk to a `TableLink`; `LinkError` carries the server's refusal sentence and
whether trying again later can help (a dropped connection) or not (a wrong token, an unknown game).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Protocol

from client.orders import Route
from client.viewmodel import GameRow, GameTypeRow, PastVersion


class LinkError(Exception):
    """A request the server refused or could not be reached for.

    `message` is the server's sentence (or what went wrong with the connection), `code` the stable
    `vegas-error` code when there is one, `status` the gRPC status name, `retryable` whether to try again.
    """

    def __init__(self, message: str, code: str = "", status: str = "", retryable: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.retryable = retryable


@dataclass(frozen=True, slots=True)
class RawUpdate:
    """One `Update` of the Watch stream as plain data: a snapshot, a diff or a lobby summary.

    A link may also yield `kind="connected"` (no data) as soon as the stream is up, because a viewer that
    resumes at the current version gets its first real update only with the next action.
    """

    version: int
    view_hash: str
    kind: str  # "snapshot" | "diff" | "lobby" | "connected"
    body: str = ""  # the view's JSON (snapshot) or the JSON Patch (diff)
    lobby: GameRow | None = None
    events: tuple[str, ...] = ()
    status: str = "running"
    move: tuple[int, str] | None = None


@dataclass(frozen=True, slots=True)
class Accepted:
    version: int
    action: str
    events: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Created:
    game_id: str
    commitment: str
    game: GameRow
    join_code: str = ""  # a private game's code: only those who have it may join or watch


@dataclass(frozen=True, slots=True)
class Joined:
    seat: int
    token: str
    game: GameRow


@dataclass(frozen=True, slots=True)
class Revealed:
    """A finished game's replay file and the revealed secrets (GetReplay)."""

    replay: bytes
    server_seed: str
    commitment: str
    entropies: tuple[str, ...]
    seed: str


@dataclass(frozen=True, slots=True)
class NewGame:
    game: str
    rules: str
    players: int
    bots: tuple[int, ...]  # seats the server's bots play
    options: tuple[str, ...] = ()
    bot_kind: str = "random"
    private: bool = False  # unlisted; joining and watching need the join code the server gives


class TableLink(Protocol):
    codes: dict[str, str]  # join codes of the private games this client knows, by game id: sent with requests
    async def game_types(self) -> list[GameTypeRow]: ...
    async def list_games(self, include_finished: bool = False) -> list[GameRow]: ...
    async def get_game(self, game_id: str) -> GameRow: ...
    async def create_game(self, spec: NewGame) -> Created: ...
    async def join_game(self, game_id: str, name: str, seat: int | None = None, entropy: str = "") -> Joined: ...
    def watch(self, game_id: str, token: str, from_version: int | None) -> AsyncIterator[RawUpdate]: ...
    async def past_versions(self, game_id: str, before_version: int) -> list[PastVersion]: ...
    async def send(self, game_id: str, token: str, route: Route, based_on_version: int,
                   request_id: str = "") -> Accepted: ...
    async def replay(self, game_id: str) -> Revealed: ...
    async def close(self) -> None: ...

