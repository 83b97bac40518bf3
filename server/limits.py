"""How much of the server one client may hold: the limits, and the count of open streams they bound.

A LAN game server is open to everyone who can reach its port, so no one address may fill the lobby, hold
thousands of streams or flood it with requests while the others wait. Each limit here has a `vegas serve`
flag and a refusal (RESOURCE_EXHAUSTED, `server.errors`) that names it and says when it frees; the table
is in docs/SECURITY.md. A limit of 0 turns it off.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from vegas_table.server import errors


@dataclass(frozen=True, slots=True)
class Limits:
    """Every per-client and server-wide bound (see `vegas serve --help` and docs/SECURITY.md)."""

    max_games: int = 1000  # unfinished games on the server (waiting or running)
    games_per_address: int = 100  # unfinished games (waiting or running, bots only included) one address created
    waiting_per_address: int = 10  # games waiting for players that one address has created and that wait still
    waiting_expiry: float = 1800.0  # seconds a waiting game stays in the lobby after its creation or last join
    streams_per_connection: int = 32  # open Watch and Act streams on one connection
    streams_per_address: int = 256  # open Watch and Act streams from one address, all its connections together
    rate: float = 100.0  # requests per second per connection (Act requests count one by one)
    burst: int = 200
    address_rate: float = 400.0  # requests per second per address, all its connections together
    address_burst: int = 800
    message_bytes: int = 16 * 1024  # a request message (a game's largest real request is a few hundred bytes)
    metadata_bytes: int = 8 * 1024  # a request's metadata
    finished_kept: int = 16  # finished games kept loaded, for the viewers who come right after the end


def address_of(peer: str) -> str:
    """The address part of a gRPC peer ("ipv4:10.0.0.7:51234" -> "ipv4:10.0.0.7"): one machine, whatever
    its connection. Peers that are not IP (unix sockets) are their own address."""
    if peer.startswith(("ipv4:", "ipv6:")):
        return peer.rsplit(":", 1)[0]
    return peer


class StreamCounter:
    """Open streams per connection and per address, so that neither can hold more than its limit.

    Counted when a stream opens and when it closes, never per message."""

    def __init__(self, per_connection: int, per_address: int) -> None:
        self.per_connection = per_connection
        self.per_address = per_address
        self.connections: Counter[str] = Counter()
        self.addresses: Counter[str] = Counter()

    def open(self, peer: str) -> None:
        """Count a new stream of `peer`; ApiError (RESOURCE_EXHAUSTED) if that would pass a limit."""
        address = address_of(peer)
        if self.per_connection and self.connections[peer] >= self.per_connection:
            raise errors.too_many_streams("connection", self.per_connection)
        if self.per_address and self.addresses[address] >= self.per_address:
            raise errors.too_many_streams("address", self.per_address)
        self.connections[peer] += 1
        self.addresses[address] += 1

    def close(self, peer: str) -> None:
        _decrement(self.connections, peer)
        _decrement(self.addresses, address_of(peer))


def _decrement(counts: Counter[str], key: str) -> None:
    """One fewer; keys at zero are removed, so the table is as small as the set of peers with streams."""
    if counts[key] <= 1:
        counts.pop(key, None)
    else:
        counts[key] -= 1
