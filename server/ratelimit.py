"""Token buckets per connection and per address: a flood from one client is refused, everyone else is served.

A client that opens many connections is still one address, so each connection's bucket is paired with its
address's (shared by all that address's connections) when the connection is first seen: a request costs
one dict lookup and two refills.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from vegas_table.server.limits import address_of

SWEEP_SECONDS = 60.0


@dataclass(slots=True)
class _Bucket:
    rate: float  # tokens per second; 0: never empty
    burst: float
    tokens: float
    updated: float

    def full(self, now: float) -> bool:
        return self.rate <= 0 or self.tokens + (now - self.updated) * self.rate >= self.burst


@dataclass(slots=True)
class _Peer:
    connection: _Bucket
    address: _Bucket  # the same object for every connection of one address


class RateLimiter:
    """Allow `rate` requests per second per connection on average (bursts of up to `burst`), and
    `address_rate` (bursts of `address_burst`) per address, all its connections together.

    A rate of 0 disables that limit. Buckets of peers that have gone quiet are dropped now and then, so
    the tables stay as small as the set of active connections."""

    def __init__(self, rate: float, burst: int, address_rate: float = 0.0, address_burst: int = 0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.address_rate = address_rate
        self.address_burst = address_burst
        self.clock = clock
        self.peers: dict[str, _Peer] = {}
        self.addresses: dict[str, _Bucket] = {}
        self._next_sweep = clock() + SWEEP_SECONDS

    def refused(self, peer: str) -> str | None:
        """Take a request of `peer` into account: None if allowed, else the limit it hit ("connection" or
        "address"). A refused request uses up neither allowance."""
        if self.rate <= 0 and self.address_rate <= 0:
            return None
        now = self.clock()
        if now >= self._next_sweep:
            self._sweep(now)
        buckets = self.peers.get(peer)
        if buckets is None:
            buckets = self.peers[peer] = self._new_peer(peer, now)
        connection, address = buckets.connection, buckets.address  # refilled inline: this runs for every request
        if connection.rate > 0:
            connection.tokens = min(connection.burst, connection.tokens + (now - connection.updated) * connection.rate)
            connection.updated = now
            if connection.tokens < 1.0:
                return "connection"
        if address.rate > 0:
            address.tokens = min(address.burst, address.tokens + (now - address.updated) * address.rate)
            address.updated = now
            if address.tokens < 1.0:
                return "address"
        connection.tokens -= 1.0
        address.tokens -= 1.0
        return None

    def _new_peer(self, peer: str, now: float) -> _Peer:
        address = address_of(peer)
        shared = self.addresses.get(address)
        if shared is None:
            shared = self.addresses[address] = _Bucket(self.address_rate, float(self.address_burst),
                                                       float(self.address_burst), now)
        return _Peer(_Bucket(self.rate, float(self.burst), float(self.burst), now), shared)

    def _sweep(self, now: float) -> None:
        """Forget buckets that have refilled completely: their peers have been quiet long enough."""
        self.peers = {k: p for k, p in self.peers.items() if not (p.connection.full(now) and p.address.full(now))}
        kept = {id(p.address) for p in self.peers.values()}
        self.addresses = {k: b for k, b in self.addresses.items() if id(b) in kept or not b.full(now)}
        self._next_sweep = now + SWEEP_SECONDS
