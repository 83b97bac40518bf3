"""A token bucket per peer: a flood of requests from one connection is refused, everyone else is served."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """Allow `rate` requests per second per key on average, and bursts of up to `burst`.

    A rate of 0 disables the limit. Buckets of peers that have gone quiet are dropped now and then, so
    the table stays as small as the set of active connections.
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, _Bucket] = {}
        self._next_sweep = clock() + 60.0

    def allow(self, key: str) -> bool:
        if self.rate <= 0:
            return True
        now = self.clock()
        if now >= self._next_sweep:
            self._sweep(now)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.updated) * self.rate)
        bucket.updated = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def _sweep(self, now: float) -> None:
        """Forget buckets that have refilled completely: their peers have been quiet long enough."""
        full_after = self.burst / self.rate
        self.buckets = {k: b for k, b in self.buckets.items() if now - b.updated < full_after}
        self._next_sweep = now + 60.0
