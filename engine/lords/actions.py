"""Lords of Vegas actions: small frozen dataclasses with a canonical text form that parses back.

    build A2 gold          sprawl A2 A5         remodel A2 brown     reorg A2      raise A2
    gamble B4 10           end
    acquire july-4th-party use accountant C3 use private-jet             (option underworld)
    remove C5              place 6 A5           layoff yes|no                     (answers to decisions)
    trade blue>red $5, red>blue lot A3, yellow>red die B4, red>blue card accountant [remove A1 ...]
    trade black>blue $5, blue>black die C1, black does remodel C1 aqua, black>blue die C1
                                             (a step the current player performs now, in order)
    accept 3 [remove A1 ...]      reject 3      withdraw 3

A casino is named by any of its lots. `parse_action` raises MalformedAction for text that is not an
action at all; whether an action is legal is the rules' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vegas_table.engine.core.errors import MalformedAction
from vegas_table.engine.lords.board import COLOURS, LOT_BY_NAME
from vegas_table.engine.lords.state import Transfer


@dataclass(frozen=True, slots=True)
class Build:
    verb: ClassVar[str] = "build"
    lot: str
    colour: str

    def text(self) -> str:
        return f"build {self.lot} {self.colour}"


@dataclass(frozen=True, slots=True)
class Sprawl:
    verb: ClassVar[str] = "sprawl"
    from_lot: str
    lot: str

    def text(self) -> str:
        return f"sprawl {self.from_lot} {self.lot}"


@dataclass(frozen=True, slots=True)
class Remodel:
    verb: ClassVar[str] = "remodel"
    lot: str
    colour: str

    def text(self) -> str:
        return f"remodel {self.lot} {self.colour}"


@dataclass(frozen=True, slots=True)
class Reorganize:
    verb: ClassVar[str] = "reorg"
    lot: str

    def text(self) -> str:
        return f"reorg {self.lot}"


@dataclass(frozen=True, slots=True)
class Raise:
    verb: ClassVar[str] = "raise"
    lot: str

    def text(self) -> str:
        return f"raise {self.lot}"


@dataclass(frozen=True, slots=True)
class Gamble:
    verb: ClassVar[str] = "gamble"
    lot: str
    bet: int

    def text(self) -> str:
        return f"gamble {self.lot} {self.bet}"


@dataclass(frozen=True, slots=True)
class Acquire:
    """Option underworld: buy the card `card` (its id) from the face-up line."""

    verb: ClassVar[str] = "acquire"
    card: str

    def text(self) -> str:
        return f"acquire {self.card}"


@dataclass(frozen=True, slots=True)
class UseCard:
    """Option underworld: use one of your action cards, on `lot` if it targets a die or a casino."""

    verb: ClassVar[str] = "use"
    card: str
    lot: str = ""

    def text(self) -> str:
        return f"use {self.card} {self.lot}" if self.lot else f"use {self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    verb: ClassVar[str] = "end"

    def text(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Remove:
    """Answer to remove_marker / remove_die: the lot whose marker or die you take back."""

    verb: ClassVar[str] = "remove"
    lot: str

    def text(self) -> str:
        return f"remove {self.lot}"


@dataclass(frozen=True, slots=True)
class Place:
    """Answer to place_die: put your reorganized die showing `pips` on `lot`."""

    verb: ClassVar[str] = "place"
    pips: int
    lot: str

    def text(self) -> str:
        return f"place {self.pips} {self.lot}"


@dataclass(frozen=True, slots=True)
class Layoff:
    """Answer to layoff: the House lays off half the bet to the bank, or not."""

    verb: ClassVar[str] = "layoff"
    layoff: bool

    def text(self) -> str:
        return f"layoff {'yes' if self.layoff else 'no'}"


@dataclass(frozen=True, slots=True)
class ProposeTrade:
    verb: ClassVar[str] = "trade"
    transfers: tuple[Transfer, ...]
    removes: tuple[str, ...] = ()

    def text(self) -> str:
        return f"trade {', '.join(t.text() for t in self.transfers)}{_removes(self.removes)}"


@dataclass(frozen=True, slots=True)
class AcceptTrade:
    verb: ClassVar[str] = "accept"
    trade: int
    removes: tuple[str, ...] = ()

    def text(self) -> str:
        return f"accept {self.trade}{_removes(self.removes)}"


@dataclass(frozen=True, slots=True)
class RejectTrade:
    verb: ClassVar[str] = "reject"
    trade: int

    def text(self) -> str:
        return f"reject {self.trade}"


@dataclass(frozen=True, slots=True)
class WithdrawTrade:
    verb: ClassVar[str] = "withdraw"
    trade: int

    def text(self) -> str:
        return f"withdraw {self.trade}"


LordsAction = (Build | Sprawl | Remodel | Reorganize | Raise | Gamble | Acquire | UseCard | EndTurn | Remove | Place
               | Layoff | ProposeTrade | AcceptTrade | RejectTrade | WithdrawTrade)

USAGE: dict[str, str] = {
    "build": "build LOT COLOUR", "sprawl": "sprawl FROM_LOT LOT", "remodel": "remodel LOT COLOUR",
    "reorg": "reorg LOT", "raise": "raise LOT", "gamble": "gamble LOT BET",
    "acquire": "acquire CARD", "use": "use CARD [LOT]", "end": "end",
    "remove": "remove LOT", "place": "place PIPS LOT", "layoff": "layoff yes|no",
    "trade": "trade GIVER>RECEIVER ITEM[, ...] [remove LOT ...] (ITEM: $N, lot LOT, die LOT or card CARD; "
             "or PLAYER does ACTION)",
    "accept": "accept TRADE [remove LOT ...]", "reject": "reject TRADE", "withdraw": "withdraw TRADE",
}


def _removes(lots: tuple[str, ...]) -> str:
    return f" remove {' '.join(lots)}" if lots else ""


def _bad(text: str, why: str) -> MalformedAction:
    return MalformedAction("malformed_action", f"{text.strip() or '(empty)'}: {why}")


def _lot(text: str, word: str) -> str:
    name = word.upper()
    if name not in LOT_BY_NAME:
        raise _bad(text, f"{word} is not a lot (lots are A1-A6, B1-B6, C1-C12, D1-D9, E1-E6, F1-F9)")
    return name


def _colour(text: str, word: str) -> str:
    colour = word.lower()
    if colour not in COLOURS:
        raise _bad(text, f"{word} is not a casino colour (one of {', '.join(COLOURS)})")
    return colour


def _card(text: str, word: str) -> str:
    card = word.lower()
    if len(card) > 40 or not all(c.isascii() and (c.isalnum() or c == "-") for c in card):
        raise _bad(text, f"{word!r} is not a card id (like july-4th-party: letters, digits and '-')")
    return card


def _number(text: str, word: str, what: str) -> int:
    if not word.isdigit() or len(word) > 9:
        raise _bad(text, f"{what} must be a whole number, not {word!r}")
    return int(word)


def _split_removes(text: str, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
    if "remove" not in words:
        return words, ()
    at = words.index("remove")
    lots = tuple(_lot(text, w) for w in words[at + 1:])
    if not lots:
        raise _bad(text, "'remove' must be followed by the lots you give up")
    return words[:at], lots


TRADE_ACTIONS = ("build", "sprawl", "remodel", "reorg", "raise", "gamble", "acquire", "use")  # `X does ACTION`


def _does(text: str, words: list[str]) -> Transfer:
    """`black does remodel C1 aqua`: an action the current player performs as a step of the trade."""
    if len(words) < 3 or words[2].lower() not in TRADE_ACTIONS:
        raise _bad(text, f"{' '.join(words)!r}: a trade step 'PLAYER does ACTION' names one of "
                   f"{', '.join(TRADE_ACTIONS)}")
    action = parse_action(" ".join(words[2:]))
    return Transfer(words[0].lower(), "", "action", action=action.text())


def _transfer(text: str, part: str) -> Transfer:
    words = part.split()
    if len(words) >= 2 and words[1].lower() == "does":
        return _does(text, words)
    if len(words) not in (2, 3) or words[0].count(">") != 1:
        raise _bad(text, f"{part.strip()!r} is not a transfer (GIVER>RECEIVER $N | lot LOT | die LOT | card CARD)")
    giver, receiver = (w.lower() for w in words[0].split(">"))
    if len(words) == 2:
        if not words[1].startswith("$"):
            raise _bad(text, f"{part.strip()!r}: money is written $N")
        return Transfer(giver, receiver, "money", amount=_number(text, words[1][1:], "an amount"))
    item = words[1].lower()
    if item == "card":
        return Transfer(giver, receiver, item, card=_card(text, words[2]))
    if item not in ("lot", "die"):
        raise _bad(text, f"{part.strip()!r}: a trade item is $N, 'lot LOT', 'die LOT' or 'card CARD'")
    return Transfer(giver, receiver, item, lot=_lot(text, words[2]))


def parse_action(text: str) -> LordsAction:
    """The action written as `text` (canonical or with extra spaces and any letter case)."""
    words = text.split()
    if not words:
        raise _bad(text, "no action given")
    verb, args = words[0].lower(), words[1:]
    arity = {"build": 2, "sprawl": 2, "remodel": 2, "reorg": 1, "raise": 1, "gamble": 2, "acquire": 1, "end": 0,
             "remove": 1, "place": 2, "layoff": 1, "reject": 1, "withdraw": 1}
    if verb not in USAGE:
        raise _bad(text, f"unknown action {verb!r}; actions: {', '.join(USAGE)}")
    if verb in arity and len(args) != arity[verb]:
        raise _bad(text, f"usage: {USAGE[verb]}")
    if verb == "build":
        return Build(_lot(text, args[0]), _colour(text, args[1]))
    if verb == "sprawl":
        return Sprawl(_lot(text, args[0]), _lot(text, args[1]))
    if verb == "remodel":
        return Remodel(_lot(text, args[0]), _colour(text, args[1]))
    if verb == "reorg":
        return Reorganize(_lot(text, args[0]))
    if verb == "raise":
        return Raise(_lot(text, args[0]))
    if verb == "gamble":
        return Gamble(_lot(text, args[0]), _number(text, args[1].lstrip("$"), "a bet"))
    if verb == "acquire":
        return Acquire(_card(text, args[0]))
    if verb == "use":
        if len(args) not in (1, 2):
            raise _bad(text, f"usage: {USAGE['use']}")
        return UseCard(_card(text, args[0]), _lot(text, args[1]) if len(args) == 2 else "")
    if verb == "end":
        return EndTurn()
    if verb == "remove":
        return Remove(_lot(text, args[0]))
    if verb == "place":
        return Place(_number(text, args[0], "pips"), _lot(text, args[1]))
    if verb == "layoff":
        if args[0].lower() not in ("yes", "no"):
            raise _bad(text, "usage: layoff yes|no")
        return Layoff(args[0].lower() == "yes")
    if verb in ("reject", "withdraw"):
        number = _number(text, args[0], "a trade number")
        return RejectTrade(number) if verb == "reject" else WithdrawTrade(number)
    if verb == "accept":
        rest, removes = _split_removes(text, args)
        if len(rest) != 1:
            raise _bad(text, f"usage: {USAGE['accept']}")
        return AcceptTrade(_number(text, rest[0], "a trade number"), removes)
    rest, removes = _split_removes(text, args)
    parts = " ".join(rest).split(",")
    if not rest:
        raise _bad(text, f"usage: {USAGE['trade']}")
    return ProposeTrade(tuple(_transfer(text, p) for p in parts), removes)
