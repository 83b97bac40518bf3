"""Las Vegas actions: small frozen dataclasses with a canonical text form that parses back.

    place 4            place every die you rolled showing 4 on casino 4
    place 4 slot       ... on the slot machine instead (slot machine module)
    kick red           answer to a kick: knock one of Red's dice off (`kick red biggie`, `kick white`)
    take 60            answer at the slot machine: take a $60k note

`parse_action` raises MalformedAction for text that is not an action at all; whether an action is legal
now is the rules' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vegas_table.engine.core.errors import MalformedAction

PLAYER_COLOURS = ("red", "blue", "green", "yellow", "black", "orange")  # by seat, as actions and views name them
WHITE_OWNER = "white"


@dataclass(frozen=True, slots=True)
class Place:
    verb: ClassVar[str] = "place"
    number: int
    slot: bool = False

    def text(self) -> str:
        return f"place {self.number} slot" if self.slot else f"place {self.number}"


@dataclass(frozen=True, slots=True)
class Kick:
    """Answer to a kick: the owner (a colour, or "white") and kind of the die the kicker knocks off."""

    verb: ClassVar[str] = "kick"
    owner: str
    biggie: bool = False

    def text(self) -> str:
        return f"kick {self.owner} biggie" if self.biggie else f"kick {self.owner}"


@dataclass(frozen=True, slots=True)
class Take:
    """Answer at the slot machine: the value ($k) of the note to take."""

    verb: ClassVar[str] = "take"
    value: int

    def text(self) -> str:
        return f"take {self.value}"


LasVegasAction = Place | Kick | Take

USAGE: dict[str, str] = {"place": "place NUMBER [slot]", "kick": "kick COLOUR [biggie] | kick white",
                         "take": "take VALUE"}

# The actions a legal-move list hands out, made once: comparing and hashing them is then cheap.
PLACE = {n: Place(n) for n in range(1, 7)}
PLACE_SLOT = {n: Place(n, True) for n in range(1, 7)}


def _bad(text: str, why: str) -> MalformedAction:
    return MalformedAction("malformed_action", f"{text.strip() or '(empty)'}: {why}")


def _number(text: str, word: str) -> int:
    if word not in ("1", "2", "3", "4", "5", "6"):
        raise _bad(text, f"{word} is not a number on a die (1-6)")
    return int(word)


def parse_action(text: str) -> LasVegasAction:
    """The action written as `text` (canonical, or with extra spaces and any letter case)."""
    words = text.lower().split()
    if not words:
        raise _bad(text, "no action given")
    verb, args = words[0], words[1:]
    if verb not in USAGE:
        raise _bad(text, f"unknown action {verb!r}; actions: {', '.join(USAGE)}")
    if verb == "place":
        if len(args) not in (1, 2) or (len(args) == 2 and args[1] != "slot"):
            raise _bad(text, f"usage: {USAGE['place']}")
        number = _number(text, args[0])
        return PLACE_SLOT[number] if len(args) == 2 else PLACE[number]
    if verb == "kick":
        if len(args) not in (1, 2) or (len(args) == 2 and args[1] != "biggie"):
            raise _bad(text, f"usage: {USAGE['kick']}")
        if args[0] not in (*PLAYER_COLOURS, WHITE_OWNER):
            raise _bad(text, f"{args[0]} is not a player colour ({', '.join(PLAYER_COLOURS)}) or white")
        if args[0] == WHITE_OWNER and len(args) == 2:
            raise _bad(text, "neutral dice have no biggie")
        return Kick(args[0], len(args) == 2)
    if len(args) != 1 or not args[0].lstrip("$").rstrip("k").isdigit() or len(args[0]) > 9:
        raise _bad(text, f"usage: {USAGE['take']} (the note's value in $ thousands, e.g. take 60)")
    return Take(int(args[0].lstrip("$").rstrip("k")))
