"""Delivering one order to the server, safely across a dropped connection.

A turn action names the version it was chosen on, so the server never applies it twice: if the
connection drops, the client sends it again with the same version. A "stale version" answer to such a
retry means the first try went through when the stream shows this seat's very action at the next version.
Trades carry no version (any party may act on them at any moment); they carry a request id instead, the
same on every try, so the server answers a retry with the first answer rather than a second trade.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid

import structlog

from client.link import LinkError, TableLink
from client.orders import Order, Submit
from client.viewmodel import ClientModel, Notice

log = structlog.get_logger("client.sending")
ATTEMPTS = 3  # a turn action whose connection dropped is tried this many times in all
FIRST_RETRY = 0.5  # seconds before the first retry; doubling after


async def deliver(link: TableLink, model: ClientModel, order: Order, version: int) -> Notice:
    """Send `order`, chosen on `version`; the notice to show: what was done, or the server's refusal."""
    assert model.game_id is not None
    request_id = "" if isinstance(order.route, Submit) else uuid.uuid4().hex
    for attempt in range(ATTEMPTS):
        try:
            accepted = await link.send(model.game_id, model.token, order.route, version, request_id)
        except LinkError as error:
            if error.code == "stale_version" and attempt and await _made_it(model, order, version):
                return Notice(f"{order.action} (version {version + 1})", "notice")
            if error.retryable and attempt + 1 < ATTEMPTS:
                log.info("send_retry", action=order.action, reason=error.message)
                await asyncio.sleep(FIRST_RETRY * 2 ** attempt)
                continue
            return Notice(refusal_text(order, error), "error")
        done = f"{order.note}: " if order.note else ""
        return Notice(f"{done}{accepted.action} (version {accepted.version})", "notice")
    raise AssertionError("unreachable: the last attempt returns")


async def _made_it(model: ClientModel, order: Order, version: int) -> bool:
    """Whether the stream shows `order` as this seat's move at `version + 1` (waiting a moment for it)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(_version_reaches(model, version + 1), 2.0)
    return model.moves.get(version + 1) == (model.seat, order.action)


async def _version_reaches(model: ClientModel, version: int) -> None:
    while model.version is None or model.version < version:
        await asyncio.sleep(0.05)


def refusal_text(order: Order, error: LinkError) -> str:
    if error.code == "stale_version":
        return (f"{order.action}: the game moved on while you chose (someone acted); look again and press ↑ "
                "to send it again")
    if error.retryable:
        return f"{order.action}: {error.message}; tried {ATTEMPTS} times, it may or may not have reached the " \
            "server: watch the log"
    return error.message
