"""Acting for one seat, safely across dropped connections.

A turn action names the version it was chosen on, so the server never applies it twice: when the connection
drops, `Seat.act` sends it again with the same version (on a new `Act` stream). A `stale_version` answer to
such a retry means the first try went through exactly when the game shows this seat's very action at the
next version (the follower's view, or the server's list of recent versions); then it counts as done.
Trades carry no version (any party may act on them at any moment); they carry a request id instead, the
same on every try, so the server answers a retry with the first answer rather than making a second trade.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence

import structlog

from vegas_client.data import ActionResult
from vegas_client.errors import VegasError
from vegas_client.follow import Follower
from vegas_client.retry import FOREVER, RetryPolicy
from vegas_client.table import Table

log = structlog.get_logger("vegas_client.acting")
STALE = "stale_version"
FOLLOWER_WAIT = 5.0  # seconds to wait for the follower to show the version a retried action would have made


class Seat:
    """Acts as seat `seat` (with its secret `token`) in `game_id`. Give it the game's running `follower`
    where there is one: a retried action refused as stale is then checked against the view as it arrives."""

    def __init__(self, table: Table, game_id: str, seat: int, token: str, follower: Follower | None = None,
                 retry: RetryPolicy = FOREVER) -> None:
        self.table = table
        self.game_id = game_id
        self.seat = seat
        self.token = token
        self.follower = follower
        self.retry = retry
        self.actions = 0

    async def act(self, action: str, version: int) -> ActionResult:
        """Play `action` (canonical text) chosen on `version`; its result, or the server's VegasError refusal.
        A dropped connection or a suspended game is retried as the policy says; a stale version on a retry
        is success when the game shows this very action of this seat at `version + 1`."""
        tries = 0

        async def once() -> ActionResult:
            nonlocal tries
            tries += 1
            try:
                return await self.table.submit(self.game_id, self.token, action, version)
            except VegasError as error:
                if error.code == STALE and tries > 1:
                    made = await self._made_it(action, version + 1)
                    if made is not None:
                        log.info("retry_found_applied", game_id=self.game_id, seat=self.seat, version=version + 1)
                        return made
                raise

        result = await self._retried(once, action)
        self.actions += 1
        return result

    async def propose(self, terms: str) -> ActionResult:
        """Propose a trade (`terms`: what follows "trade "), once, however often it is sent."""
        request_id = uuid.uuid4().hex
        return await self._retried(lambda: self.table.propose_trade(self.game_id, self.token, terms, request_id),
                                   f"trade {terms}")

    async def answer(self, trade_id: int, answer: str, removes: Sequence[str] = ()) -> ActionResult:
        """Accept, reject or withdraw trade `trade_id` (`removes`: lots given up to make room, on accepting)."""
        request_id = uuid.uuid4().hex
        return await self._retried(lambda: self.table.answer_trade(self.game_id, self.token, trade_id, answer,
                                                                   removes, request_id), f"{answer} {trade_id}")

    async def _retried(self, once: Callable[[], Awaitable[ActionResult]], action: str) -> ActionResult:
        async def logged() -> ActionResult:
            try:
                return await once()
            except VegasError as error:
                if error.retryable:
                    log.info("act_retry", game_id=self.game_id, seat=self.seat, action=action, reason=error.message)
                raise

        return await self.retry.call(logged)

    async def _made_it(self, action: str, version: int) -> ActionResult | None:
        """This seat's `action` as the move that made `version`, if the game shows it; else None."""
        move = None
        if self.follower is not None and await self.follower.reached(version, FOLLOWER_WAIT):
            move = self.follower.tracker.moves.get(version)
        if move is None:  # no follower, or it started on a later snapshot: ask the server's recent versions
            try:
                listed = await self.table.list_events(self.game_id, before_version=version + 1)
            except VegasError:
                return None
            move = next((v.move for v in listed if v.version == version), None)
        return ActionResult(version, action) if move == (self.seat, action) else None
