"""Delivering one order to the server, and the sentence the player sees about it.

How an action survives a dropped connection (retried on its version, never applied twice; trades with one
request id for every try) is the client library's `Seat` (vegas_client.acting); this only routes the order
to it and words the outcome.
"""

from __future__ import annotations

from vegas_client.acting import Seat
from vegas_client.data import ActionResult
from vegas_client.errors import VegasError
from vegas_table.client.orders import Answer, Order, Propose, Submit
from vegas_table.client.viewmodel import Notice


async def deliver(seat: Seat, order: Order, version: int) -> Notice:
    """Send `order`, chosen on `version`; the notice to show: what was done, or the server's refusal."""
    try:
        result = await _send(seat, order, version)
    except VegasError as error:
        return Notice(refusal_text(order, error), "error")
    done = f"{order.note}: " if order.note else ""
    return Notice(f"{done}{result.action} (version {result.version})", "notice")


async def _send(seat: Seat, order: Order, version: int) -> ActionResult:
    route = order.route
    if isinstance(route, Submit):
        return await seat.act(route.action, version)
    if isinstance(route, Propose):
        return await seat.propose(route.terms)
    assert isinstance(route, Answer)
    return await seat.answer(route.trade_id, route.answer, route.removes)


def refusal_text(order: Order, error: VegasError) -> str:
    if error.code == "stale_version":
        return (f"{order.action}: the game moved on while you chose (someone acted); look again and press ↑ "
                "to send it again")
    if error.retryable:
        return f"{order.action}: {error.message}; it may or may not have reached the server: watch the log"
    return error.message
