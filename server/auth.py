"""The server's optional password (`vegas serve --password-file`): for hosts who want only their friends in.

Every call but the health checks and reflection must carry it in the metadata `vegas-password`, or is
refused with UNAUTHENTICATED and a sentence before it reaches the service. It is compared in constant time (both sides
hashed first, so not even its length shows), and never logged.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Awaitable, Callable
from typing import Any

import grpc
import structlog
from grpc_health.v1 import health
from grpc_reflection.v1alpha import reflection

from vegas_table.common.password import PASSWORD_METADATA
from vegas_table.server import errors

log = structlog.get_logger("vegas.server")

# Calls that need no password: health checks, which load balancers and scripts ask, and reflection (`grpcurl
# list`, `describe`), which tells only what proto/vegas/v1/table.proto says to anyone who reads it: the services
# and their messages, nothing of any game (docs/SECURITY.md).
OPEN_PREFIXES = (f"/{health.SERVICE_NAME}/", f"/{reflection.SERVICE_NAME}/")


def _digest(password: str) -> bytes:
    return hashlib.sha256(password.encode("utf-8")).digest()


class PasswordCheck(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Refuse every call without the password, whatever its kind (a refusal of the same shape)."""

    def __init__(self, password: str) -> None:
        self.expected = _digest(password)

    def allows(self, metadata: Any) -> bool:
        given = next((value for key, value in metadata or () if key == PASSWORD_METADATA), "")
        if isinstance(given, bytes):
            given = given.decode("utf-8", "replace")
        return hmac.compare_digest(_digest(given), self.expected)

    async def intercept_service(self, continuation: Callable[[grpc.HandlerCallDetails], Awaitable[Any]],
                                details: grpc.HandlerCallDetails) -> Any:
        handler = await continuation(details)
        method = details.method
        if handler is None or method.startswith(OPEN_PREFIXES) or self.allows(details.invocation_metadata):
            return handler
        return _refusing(handler, method)


def _refusing(handler: grpc.RpcMethodHandler, method: str) -> grpc.RpcMethodHandler:
    """A handler of the same kind as `handler` that refuses with `password_required`."""
    refusal = errors.password_required()

    def refuse(context: grpc.aio.ServicerContext) -> None:
        log.info("request", rpc=method.rsplit("/", 1)[-1], peer=context.peer(), status=refusal.status.name,
                 code=refusal.code)
        errors.set_refusal(context, refusal)

    async def unary(request: Any, context: grpc.aio.ServicerContext) -> None:
        refuse(context)

    if handler.request_streaming and handler.response_streaming:
        return grpc.stream_stream_rpc_method_handler(unary)
    if handler.request_streaming:
        return grpc.stream_unary_rpc_method_handler(unary)
    if handler.response_streaming:
        return grpc.unary_stream_rpc_method_handler(unary)
    return grpc.unary_unary_rpc_method_handler(unary)
