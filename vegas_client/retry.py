"""The one retry policy of every client: capped exponential backoff with jitter, by `stamina`.

Retried: what `VegasError.retryable` says may work later (a dropped or refused connection, a server
restarting, a game being re-played from its file, the rate limit). Never retried: an answer (a wrong token,
an illegal action, a stale version), which asking again cannot mend.

`timeout` bounds one outage, not a whole game: the follower and the seat start a fresh policy run each time
a connection has worked again (follow.py), so a bot that rode out one restart rides out the next as well.
People's clients retry for as long as they run (`FOREVER`); bots give up after an hour without a server
(`BOTS`), long enough for any restart and short enough that a forgotten bot does not spin for days.
`stamina.set_testing(True, attempts=N)` removes the waits in tests (stamina's testing mode).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import stamina

from vegas_client.errors import VegasError

T = TypeVar("T")


def retryable(error: Exception) -> bool:
    """The retry predicate: only a VegasError that says asking again may help."""
    return isinstance(error, VegasError) and error.retryable


@dataclass(frozen=True)
class RetryPolicy:
    """How long to keep trying through one outage (`timeout` seconds, None: for ever) and how fast: waits
    from `wait_initial` doubling up to `wait_max`, each plus up to `wait_jitter` at random (so a restarted
    server is not hit by every client at the same instant)."""

    timeout: float | None = None
    wait_initial: float = 0.1
    wait_max: float = 5.0
    wait_jitter: float = 0.5

    def attempts(self) -> AsyncIterator[Any]:
        """`async for attempt in policy.attempts(): with attempt: ...`: the block is run again while it raises
        a retryable VegasError, waiting between tries; anything else (or the timeout) propagates."""
        return stamina.retry_context(on=retryable, attempts=None, timeout=self.timeout,
                                     wait_initial=self.wait_initial, wait_max=self.wait_max,
                                     wait_jitter=self.wait_jitter).__aiter__()

    async def call(self, work: Callable[[], Awaitable[T]]) -> T:
        """`await work()`, retried as `attempts` says. The first try runs outside stamina (most calls need no
        retry, and setting one up costs more than a bot's action); if it fails retryably, its error is
        stamina's first attempt, so the waits that follow are the policy's."""
        try:
            return await work()
        except VegasError as error:
            if not error.retryable:
                raise
            failed: VegasError | None = error
        async for attempt in self.attempts():
            with attempt:
                if failed is not None:
                    first, failed = failed, None
                    raise first
                return await work()
        raise AssertionError("unreachable: stamina re-raises the last error")


FOREVER = RetryPolicy()  # people: their client keeps trying while it runs; they can quit it
BOTS = RetryPolicy(timeout=3600.0)  # a bot gives up after an hour without its server
