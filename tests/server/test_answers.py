"""A request id's answer is kept for retries: the same answer for the same request, a refusal for another
request under that id, and only the newest answers kept."""

from __future__ import annotations

import pytest

from vegas_table.server.answers import AnswerCache
from vegas_table.server.errors import ApiError
from vegas_table.server.viewers import Change


def change(version: int) -> Change:
    return Change(version, 0, "trade blue>red $5", (), (0,), False, "h")


def test_a_retried_request_gets_its_first_answer_again() -> None:
    answers = AnswerCache()
    answers.remember(0, "r1", "trade blue>red $5", change(7))
    assert (0, "r1") in answers and (1, "r1") not in answers
    assert answers.repeat(0, "r1", "trade blue>red $5") == change(7)


def test_an_id_used_for_another_request_is_refused_with_what_to_do() -> None:
    answers = AnswerCache()
    answers.remember(0, "r1", "trade blue>red $5", change(7))
    with pytest.raises(ApiError, match="was used for 'trade blue>red \\$5'; send 'withdraw 3' with an id of its own"):
        answers.repeat(0, "r1", "withdraw 3")


def test_only_the_newest_answers_are_kept() -> None:
    answers = AnswerCache(kept=2)
    for number in range(3):
        answers.remember(0, f"r{number}", "end", change(number))
    assert len(answers) == 2 and (0, "r0") not in answers and (0, "r2") in answers
