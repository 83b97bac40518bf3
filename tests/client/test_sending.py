"""Sending across a dropped connection: a turn action is retried on its version and never doubled."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from client import sending
from client.link import Accepted, LinkError
from client.orders import Answer, Order, Route, Submit
from client.sending import deliver
from client.viewmodel import ClientModel, ViewUpdate, apply_update

DROPPED = LinkError("the server cannot be reached (socket closed)", status="UNAVAILABLE", retryable=True)
STALE = LinkError("end: based on version 4, but the game is at version 5", "stale_version", "ABORTED")


class ScriptedLink:
    """Answers each send with the next scripted outcome (an error to raise, or an Accepted)."""

    def __init__(self, *outcomes: Any) -> None:
        self.outcomes = list(outcomes)
        self.sent: list[tuple[Route, int]] = []
        self.request_ids: list[str] = []

    async def send(self, game_id: str, token: str, route: Route, based_on_version: int,
                   request_id: str = "") -> Accepted:
        self.sent.append((route, based_on_version))
        self.request_ids.append(request_id)
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sending, "FIRST_RETRY", 0.001)


def model() -> ClientModel:
    return ClientModel(server="s", name="n", game_id="g", seat=1, token="t", version=4)


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_an_answer_lost_with_the_connection_is_retried_on_the_same_version() -> None:
    link = ScriptedLink(DROPPED, Accepted(5, "end", ()))
    notice = run(deliver(link, model(), Order("end", Submit("end")), 4))  # type: ignore[arg-type]
    assert notice.text == "end (version 5)" and notice.level == "notice"
    assert [v for _, v in link.sent] == [4, 4]


def test_a_stale_answer_to_a_retry_is_success_when_the_stream_shows_the_move() -> None:
    m = model()
    apply_update(m, ViewUpdate(5, {"game": "lords"}, move=(1, "end")))
    link = ScriptedLink(DROPPED, STALE)
    notice = run(deliver(link, m, Order("end", Submit("end")), 4))  # type: ignore[arg-type]
    assert notice.level == "notice" and notice.text == "end (version 5)"


def test_a_stale_answer_to_a_first_try_is_a_refusal() -> None:
    m = model()
    apply_update(m, ViewUpdate(5, {"game": "lords"}, move=(0, "build A2 gold")))
    notice = run(deliver(ScriptedLink(STALE), m, Order("end", Submit("end")), 4))  # type: ignore[arg-type]
    assert notice.level == "error" and "the game moved on while you chose" in notice.text


def test_a_trade_lost_with_the_connection_is_retried_with_the_same_request_id() -> None:
    link = ScriptedLink(DROPPED, Accepted(5, "accept 3", ()))
    notice = run(deliver(link, model(), Order("accept 3", Answer(3, "accept")), 4))  # type: ignore[arg-type]
    assert notice.text == "accept 3 (version 5)"
    first, again = link.request_ids
    assert first == again and len(first) == 32  # the server answers the retry with the first answer


def test_a_trade_whose_answers_keep_getting_lost_is_reported_as_maybe_sent() -> None:
    link = ScriptedLink(DROPPED, DROPPED, DROPPED)
    notice = run(deliver(link, model(), Order("accept 3", Answer(3, "accept")), 4))  # type: ignore[arg-type]
    assert len(link.sent) == sending.ATTEMPTS and len(set(link.request_ids)) == 1
    assert notice.level == "error" and notice.text.endswith("it may or may not have reached the server: watch the log")
