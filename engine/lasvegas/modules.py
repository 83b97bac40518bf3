"""The expansion modules of Las Vegas, each an option of the game (`GameConfig.options`), on or off.

Option names are the words a person types after `--option`; `Modules` is the parsed, typed form the rules
read, so no rule ever looks a string up in the options tuple.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

OPTIONS: tuple[str, ...] = ("biggies", "kickers", "minimums", "neutral", "notes100k", "rainbow", "slot")

@dataclass(frozen=True, slots=True)
class Modules:
    """Which modules a game uses."""

    biggies: bool = False
    kickers: bool = False
    minimums: bool = False
    neutral: bool = False
    notes100k: bool = False
    rainbow: bool = False
    slot: bool = False

    @classmethod
    def from_options(cls, options: Iterable[str]) -> Modules:
        return _modules(frozenset(options))


@cache
def _modules(chosen: frozenset[str]) -> Modules:
    return Modules(**{name: name in chosen for name in OPTIONS})
