"""Opening a channel to a Vegas Table server: plaintext (the LAN default) or TLS, with the options every
client uses."""

from __future__ import annotations

from pathlib import Path

import grpc

# A ping every 20 s (the server allows them at any rate: server.app.KEEPALIVE) notices within half a minute a
# connection whose network vanished without a word, so a client reconnects instead of waiting on a dead stream.
# A server that went away is tried again at most 5 s apart (gRPC's default grows to 2 minutes), so a client
# finds a restarted server as soon as its own retries ask.
CLIENT_KEEPALIVE = [("grpc.keepalive_time_ms", 20_000), ("grpc.keepalive_timeout_ms", 10_000),
                    ("grpc.keepalive_permit_without_calls", 1),
                    ("grpc.initial_reconnect_backoff_ms", 250), ("grpc.max_reconnect_backoff_ms", 5_000)]


def open_channel(address: str, tls: bool = False, ca_file: Path | None = None,
                 options: list[tuple[str, int]] | None = None) -> grpc.aio.Channel:
    """A channel to `address` (HOST:PORT): plaintext, or TLS trusting the system's CAs (`tls`) or `ca_file`.
    `options` are added to the client's keepalive options (a test's own subchannel pool, say)."""
    every = CLIENT_KEEPALIVE + list(options or ())
    if not tls and ca_file is None:
        return grpc.aio.insecure_channel(address, options=every)
    roots = ca_file.read_bytes() if ca_file is not None else None
    return grpc.aio.secure_channel(address, grpc.ssl_channel_credentials(root_certificates=roots), options=every)
