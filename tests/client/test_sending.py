"""What the player reads about an order: the action and its version, or the server's refusal as a sentence.
(Retrying across dropped connections is the client library's: tests/vegas_client/test_acting.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
import stamina

from tests.vegas_client.scripted import DROPPED, STALE, ScriptedTable
from vegas_client.acting import Seat
from vegas_client.data import ActionResult
from vegas_table.client.orders import Answer, Order, Propose, Submit
from vegas_table.client.sending import deliver


@pytest.fixture(autouse=True)
def no_waits() -> Iterator[None]:
    with stamina.set_testing(True, attempts=3):
        yield


def send(table: ScriptedTable, order: Order) -> tuple[str, str]:
    notice = asyncio.run(deliver(Seat(table.table(), "g", 1, "t"), order, 4))
    return notice.text, notice.level


def test_each_route_reaches_its_call_and_the_notice_names_the_version() -> None:
    table = ScriptedTable(outcomes=[ActionResult(5, "end"), ActionResult(6, "trade red>blue $1"),
                                    ActionResult(7, "accept 3")])
    assert send(table, Order("end", Submit("end"), note="e read as end")) == ("e read as end: end (version 5)",
                                                                               "notice")
    send(table, Order("trade red>blue $1", Propose("red>blue $1")))
    send(table, Order("accept 3", Answer(3, "accept")))
    assert [what for what, _ in table.sent] == ["end", "trade red>blue $1", "accept 3"]


def test_a_stale_version_says_the_game_moved_on() -> None:
    text, level = send(ScriptedTable(outcomes=[STALE]), Order("end", Submit("end")))
    assert level == "error" and "the game moved on while you chose" in text


def test_an_order_lost_with_the_connection_is_retried_and_its_success_shown() -> None:
    table = ScriptedTable(outcomes=[DROPPED, STALE])
    table.moves = {5: (1, "end")}
    assert send(table, Order("end", Submit("end"))) == ("end (version 5)", "notice")


def test_an_order_whose_answers_keep_getting_lost_is_reported_as_maybe_sent() -> None:
    text, level = send(ScriptedTable(outcomes=[DROPPED] * 3), Order("accept 3", Answer(3, "accept")))
    assert level == "error" and text.endswith("it may or may not have reached the server: watch the log")
