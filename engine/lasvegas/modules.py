"""The expansion modules of Las Vegas, each an option of the game (`GameConfig.options`), on or off.

Option names are the words a person types after `--option`; `Modules` is the parsed, typed form the rules
read, so no rule ever looks a string up in the options tuple.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

OPTIONS: tuple[str, ...] = ("biggies", "kickers", "minimums", "neutral", "notes100k", "rainbow", "slot")

OPTION_HELP: dict[str, str] = {
    "biggies": "each player replaces one die with a biggie, which counts as two dice",
    "kickers": "violet kicker dice knock one die off the casino they land on",
    "minimums": "each casino's minimum money depends on the number of players ($30k-$70k)",
    "neutral": "white neutral dice, rolled with your own, score as an imaginary extra player",
    "notes100k": "five $100k banknotes join the pile",
    "rainbow": "six rainbow cards join the pile: worth $40k when dealt, swapped for a real note before payout",
    "slot": "the slot machine: a seventh casino taking any number, once per number, with its own tie-breaks",
}


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
