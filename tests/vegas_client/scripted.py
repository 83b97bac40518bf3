"""Tables that follow a script, for the follower's and the seat's tests (only the calls they make)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any, cast

from vegas_client.data import ActionResult, Update, VersionEvents
from vegas_client.errors import VegasError
from vegas_client.table import Table

DROPPED = VegasError("the server cannot be reached (socket closed)", status="UNAVAILABLE", retryable=True)
RATE_LIMITED = VegasError("too many requests", "rate_limited", "RESOURCE_EXHAUSTED", True)
STALE = VegasError("end: based on version 4, but the game is at version 5", "stale_version", "ABORTED")
BAD_TOKEN = VegasError("this seat token holds no seat in game g1", "bad_token", "PERMISSION_DENIED")

Connection = Callable[[int | None], AsyncIterator[Update]]


class ScriptedTable:
    """`watch` runs the next scripted connection; `submit` and the trades answer with the next outcome (an
    error to raise, or a result); `list_events` shows `moves`."""

    def __init__(self, connections: list[Connection] | None = None, outcomes: list[Any] | None = None) -> None:
        self.connections = list(connections or [])
        self.outcomes = list(outcomes or [])
        self.asked: list[int | None] = []  # from_version of each Watch
        self.sent: list[tuple[str, Any]] = []  # (what, version or request id)
        self.moves: dict[int, tuple[int, str]] = {}

    def table(self) -> Table:
        return cast(Table, self)

    async def watch(self, game_id: str, token: str, from_version: int | None) -> AsyncIterator[Update]:
        self.asked.append(from_version)
        async for update in self.connections.pop(0)(from_version):
            yield update

    def _next(self) -> ActionResult:
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return cast(ActionResult, outcome)

    async def submit(self, game_id: str, token: str, action: str, based_on_version: int) -> ActionResult:
        self.sent.append((action, based_on_version))
        return self._next()

    async def propose_trade(self, game_id: str, token: str, terms: str, request_id: str = "") -> ActionResult:
        self.sent.append((f"trade {terms}", request_id))
        return self._next()

    async def answer_trade(self, game_id: str, token: str, trade_id: int, answer: str, removes: Any = (),
                           request_id: str = "") -> ActionResult:
        self.sent.append((f"{answer} {trade_id}", request_id))
        return self._next()

    async def reveal_due(self, summary: Any) -> Any:
        """The scripted games ask for no entropy."""
        return None

    async def list_events(self, game_id: str, before_version: int | None = None) -> list[VersionEvents]:
        return [VersionEvents(v, move, ()) for v, move in sorted(self.moves.items())
                if before_version is None or v < before_version]
