"""Playing one seat of a game on a server through the client library, until the game is over.

The runner follows the game (vegas_client.Follower: whole views, resumed across dropped connections) and,
whenever the newest view waits for its seat, asks `choose` for an action and plays it (vegas_client.Seat:
retried on its version, never applied twice). It decides on the newest view only: views that came while
it was choosing are skipped, and an action refused as stale is simply chosen again on the view that made
it stale. Both follow the one retry policy (bots: `vegas_client.BOTS`), so a server restart is ridden out.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any

import structlog

from vegas_client import BOTS, Follower, LegalAction, RetryPolicy, Seat, Table, VegasError, ViewUpdate

log = structlog.get_logger("vegas.bot")
Choose = Callable[[ViewUpdate], str]  # the action (canonical text) to play on a view that waits for the seat


class SeatRunner:
    """Plays `seat` of `game_id` (with its secret `token`) on `table`, choosing with `choose`."""

    def __init__(self, table: Table, game_id: str, seat: int, token: str, choose: Choose, *,
                 retry: RetryPolicy = BOTS, think: float = 0.0,
                 on_submit: Callable[[int], None] | None = None) -> None:
        self.game_id = game_id
        self.seat = seat
        self.choose = choose
        self.think = think
        self.on_submit = on_submit  # hears the version an action is based on, just before it is sent
        self.follower = Follower(table, game_id, token, retry)
        self.acting = Seat(table, game_id, seat, token, self.follower, retry)
        self.refused = 0

    @property
    def actions(self) -> int:
        return self.acting.actions

    async def play(self) -> dict[str, Any]:
        """Play to the end of the game; the final view. Raises the VegasError of a refusal retrying cannot
        mend (an unknown game, a wrong token) or of an outage longer than the retry policy allows. Called
        again after it raised, it carries on from the view it holds."""
        after = self.follower.tracker.version
        try:
            while True:
                update = await self.follower.newest(after)
                after = update.version
                assert update.view is not None
                if update.finished:
                    return update.view
                if self.seat in update.actors and update.legal:
                    await self._act(update)
        finally:
            await self.follower.stop()

    async def _act(self, update: ViewUpdate) -> None:
        if self.think:
            await asyncio.sleep(self.think)
        action = self.choose(update)
        if self.on_submit is not None:
            self.on_submit(update.version)
        try:
            await self.acting.act(action, update.version)
        except VegasError as error:
            if error.code != "stale_version":
                raise
            self.refused += 1  # someone acted first (a trade, a decision): the newer view says what now


def random_text(legal: Sequence[LegalAction], rng: random.Random) -> str:
    """A uniformly random one of `legal`; a range becomes a uniformly random amount within it."""
    option = rng.choice(legal)
    return option.at(rng.randint(option.low, option.high)) if option.low is not None and option.high is not None \
        else option.text


def random_choice(rng: random.Random) -> Choose:
    """Chooses `random_text` of the legal actions the server sent with the view."""
    return lambda update: random_text(update.legal, rng)
