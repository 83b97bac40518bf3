"""What can go wrong talking to a server, as one exception: the server's sentence, its stable code, and
whether asking again can help.

The server refuses with a gRPC status, a sentence, and trailing metadata `vegas-error` holding a stable
snake_case code (docs/API.md); on the `Act` stream the same three come inside a `Refusal`. Both become a
`VegasError` here, so callers test `error.code == "stale_version"` and never a gRPC type.
"""

from __future__ import annotations

import grpc

ERROR_METADATA_KEY = "vegas-error"
STATUS_BY_NUMBER = {status.value[0]: status for status in grpc.StatusCode}

# A dropped or refused connection, a server restarting, a game being re-played from its file (UNAVAILABLE
# `suspended`), no answer in time, a stream the server or the network cut: the same request may work later.
CONNECTION_STATUSES = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
                                 grpc.StatusCode.CANCELLED})
# RESOURCE_EXHAUSTED is retried only for the rate limit: too many games, or a message too large, are answers.
RATE_LIMITED = "rate_limited"
# Every refusal of the service carries its `vegas-error` code; these statuses without one come from gRPC's own
# core when a call breaks under it (a stream on a connection the server dropped: "Internal error from Core").
TRANSPORT_STATUSES = frozenset({grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN})


class VegasError(Exception):
    """A request the server refused, or could not be reached for.

    `message` is the server's sentence (or what went wrong with the connection), `code` the stable
    `vegas-error` code when there is one, `status` the gRPC status name, `retryable` whether the same
    request may succeed later (retry.py retries exactly these).
    """

    def __init__(self, message: str, code: str = "", status: str = "", retryable: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.retryable = retryable

    def __repr__(self) -> str:
        return f"VegasError({self.message!r}, code={self.code!r}, status={self.status!r})"


def is_retryable(status: grpc.StatusCode, code: str) -> bool:
    return (status in CONNECTION_STATUSES or (status in TRANSPORT_STATUSES and not code)
            or (status is grpc.StatusCode.RESOURCE_EXHAUSTED and code == RATE_LIMITED))


def refused(status: grpc.StatusCode, code: str, message: str) -> VegasError:
    if (status is grpc.StatusCode.UNAVAILABLE and code != "suspended") or (status in TRANSPORT_STATUSES and not code):
        message = f"the server cannot be reached ({message})"
    return VegasError(message, code, status.name, is_retryable(status, code))


def from_rpc_error(error: grpc.aio.AioRpcError | grpc.RpcError) -> VegasError:
    """The server's refusal (its sentence and `vegas-error` code), or what went wrong with the connection."""
    code = ""
    for key, value in error.trailing_metadata() or ():
        if key == ERROR_METADATA_KEY:
            code = str(value)
    status: grpc.StatusCode = error.code()
    return refused(status, code, error.details() or status.name.lower())


def from_refusal(status_number: int, code: str, message: str) -> VegasError:
    """A `Refusal` of the `Act` stream: the status SubmitAction would have ended with, as a VegasError."""
    status = STATUS_BY_NUMBER.get(status_number, grpc.StatusCode.UNKNOWN)
    return refused(status, code, message)


def connection_lost(why: str) -> VegasError:
    return VegasError(f"the server cannot be reached ({why})", "", grpc.StatusCode.UNAVAILABLE.name, True)
