"""gRPC channel options every client of a Vegas Table server uses (the terminal client and `vegas bot`), and the
server's password, which they send with every call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import grpc

# A ping every 20 s (the server allows them at any rate: server.app.KEEPALIVE) notices within half a minute a
# connection whose network vanished without a word, so a client reconnects instead of waiting on a dead stream.
CLIENT_KEEPALIVE = [("grpc.keepalive_time_ms", 20_000), ("grpc.keepalive_timeout_ms", 10_000),
                    ("grpc.keepalive_permit_without_calls", 1)]


PASSWORD_METADATA = "vegas-password"  # the server's password (vegas serve --password-file), on every call


def read_password(path: Path, command: str) -> str:
    """The first line of the password file `path`; SystemExit with a sentence if it is missing or empty."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError) as error:
        raise SystemExit(f"{command}: cannot read the password file {path}: {error}") from None
    if not lines or not lines[0]:
        raise SystemExit(f"{command}: the password file {path} is empty: write the password on its first line")
    return lines[0]


def password_interceptors(password: str | None) -> list[grpc.aio.ClientInterceptor]:
    """Client interceptors that add the password to every call (none without a password)."""
    if password is None:
        return []
    metadata = ((PASSWORD_METADATA, password),)
    return [_UnaryUnary(metadata), _UnaryStream(metadata), _StreamStream(metadata)]


def _with(details: grpc.aio.ClientCallDetails, metadata: tuple[tuple[str, str], ...]) -> grpc.aio.ClientCallDetails:
    merged = grpc.aio.Metadata(*(details.metadata or ()), *metadata)
    return grpc.aio.ClientCallDetails(details.method, details.timeout, merged, details.credentials,
                                      details.wait_for_ready)


class _UnaryUnary(grpc.aio.UnaryUnaryClientInterceptor):  # type: ignore[misc]
    def __init__(self, metadata: tuple[tuple[str, str], ...]) -> None:
        self.metadata = metadata

    async def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        return await continuation(_with(details, self.metadata), request)


class _UnaryStream(grpc.aio.UnaryStreamClientInterceptor):  # type: ignore[misc]
    def __init__(self, metadata: tuple[tuple[str, str], ...]) -> None:
        self.metadata = metadata

    async def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        return await continuation(_with(details, self.metadata), request)


class _StreamStream(grpc.aio.StreamStreamClientInterceptor):  # type: ignore[misc]
    def __init__(self, metadata: tuple[tuple[str, str], ...]) -> None:
        self.metadata = metadata

    async def intercept_stream_stream(self, continuation: Any, details: Any, request_iterator: Any) -> Any:
        return await continuation(_with(details, self.metadata), request_iterator)
