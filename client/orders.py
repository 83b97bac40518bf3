"""A player's command resolved to what the server is asked: which RPC, with what.

Turn actions and decisions go through `SubmitAction` with the version they were chosen on; trades have
their own RPCs because any party may act on them at any moment (docs/API.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Submit:
    action: str  # canonical text


@dataclass(frozen=True, slots=True)
class Propose:
    terms: str  # what follows "trade ": "blue>red $5, red>blue lot A3 [remove A1]"


@dataclass(frozen=True, slots=True)
class Answer:
    trade_id: int
    answer: str  # "accept" | "reject" | "withdraw"
    removes: tuple[str, ...] = ()


Route = Submit | Propose | Answer


@dataclass(frozen=True, slots=True)
class Order:
    """One canonical action of the game and how to send it; `note` tells the player how a shorthand read."""

    action: str
    route: Route
    note: str = ""


class CommandError(ValueError):
    """A command that cannot be sent: the message says what is wrong and what would be right.

    `incomplete` marks a command that is merely unfinished (`build A2`), which is no error while typing.
    """

    def __init__(self, message: str, incomplete: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.incomplete = incomplete
