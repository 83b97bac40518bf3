"""gRPC channel options every client of a Vegas Table server uses: the terminal client and `vegas bot`."""

from __future__ import annotations

# A ping every 20 s (the server allows them at any rate: server.app.KEEPALIVE) notices within half a minute a
# connection whose network vanished without a word, so a client reconnects instead of waiting on a dead stream.
CLIENT_KEEPALIVE = [("grpc.keepalive_time_ms", 20_000), ("grpc.keepalive_timeout_ms", 10_000),
                    ("grpc.keepalive_permit_without_calls", 1)]
