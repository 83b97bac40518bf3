"""How events read in a game log: each game registers one sentence-maker per event class.

    PHRASES = Phrasebook()

    @PHRASES.says(Built)
    def _(e: Built, names: Sequence[str]) -> str:
        return f"{names[e.seat]} builds on {e.lot}"

    PHRASES.describe(event, names)   # "Blue builds on A2"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from vegas_table.engine.core.api import Event

E = TypeVar("E", bound=Event)
Sentence = Callable[[Any, Sequence[str]], str]


def counted(count: int, one: str, many: str = "") -> str:
    """`1 point`, `2 points`, `1 die`, `3 dice`: a count with its noun agreeing (`many` when not just +s)."""
    return f"{count} {one if count == 1 else many or one + 's'}"


class Phrasebook:
    """A sentence for every kind of event of one game."""

    def __init__(self) -> None:
        self._sentences: dict[type[Event], Sentence] = {}

    def says(self, cls: type[E]) -> Callable[[Callable[[E, Sequence[str]], str]], Callable[[E, Sequence[str]], str]]:
        """Register the decorated function as the sentence for events of class `cls`."""

        def register(fn: Callable[[E, Sequence[str]], str]) -> Callable[[E, Sequence[str]], str]:
            self._sentences[cls] = fn
            return fn

        return register

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """One line for a game log; `names` are the players' names by seat."""
        return self._sentences[type(event)](event, names)
