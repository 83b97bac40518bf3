"""The answers a game gave to requests that carry a request id (trade offers and answers), kept so that a
client retrying one after a lost reply gets that answer again, and nothing is applied twice."""

from __future__ import annotations

from collections import OrderedDict

from vegas_table.server import errors
from vegas_table.server.viewers import Change

ANSWERS_KEPT = 256  # requests per game whose answers are kept for retries (the oldest go first)


class AnswerCache:
    """(seat, request id) -> the request's text and the change it made, the last `kept` of them."""

    def __init__(self, kept: int = ANSWERS_KEPT) -> None:
        self.kept = kept
        self._answers: OrderedDict[tuple[int, str], tuple[str, Change]] = OrderedDict()

    def __contains__(self, key: tuple[int, str]) -> bool:
        return key in self._answers

    def __len__(self) -> int:
        return len(self._answers)

    def repeat(self, seat: int, request_id: str, text: str) -> Change:
        """The change the first request with this id made; ApiError if that request said something else."""
        first_text, change = self._answers[(seat, request_id)]
        if first_text != text:
            raise errors.bad_request(f"request_id {request_id!r} was used for {first_text!r}; send {text!r} "
                                     "with an id of its own")
        return change

    def remember(self, seat: int, request_id: str, text: str, change: Change) -> None:
        self._answers[(seat, request_id)] = (text, change)
        while len(self._answers) > self.kept:
            self._answers.popitem(last=False)
