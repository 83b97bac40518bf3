"""Underworld cards as data: a TOML card file parsed into `CardDef`s, whose effects are a few primitives.

The engine interprets the primitives (`engine/lords/underworld.py`); a card is an entry in a file, never a
code path. The shipped deck is `underworld_cards.toml` beside this module (read once, as package data); a
game may instead carry the text of its own card file in `GameConfig.cards` (an owner of the printed cards
adds the rest of the deck that way), so the engine itself never opens a file a user names.

A card:

    [[card]]
    id = "july-4th-party"            # one word, used in actions: `acquire july-4th-party`
    name = "July 4th Party"
    cost = 5                         # $m paid to the bank to acquire it
    points = 0                       # end-of-game points (may be negative; not subject to breaks)
    copies = 2                       # how many are in the deck
    timing = "now"                   # now: effects then discard | keep: stays in front of you |
                                     # action: stays, and `use` it once a turn on your turn
    text = "..."                     # the card's words as players read them
    ruling = "..."                   # what the rulebook leaves open and this project chose ("" if nothing)
    on_acquire = [{ op = "score", value = 4 }]
    on_use = [...]                   # action cards: what `use` does
    use_cost = 1                     # action cards: $m paid to use it
    target = "your_die"              # action cards: "" | "your_die" | "casino" (the lot named with `use`)
    trigger = "strip"                # a property card colour (or "strip") that sets off on_trigger
    on_trigger = [...]
    discount = { action = "remodel", value = 2 }   # while held: $m off per tile built / space remodelled

Effect primitives (`op`, with `value` or `action`): gain (money from the bank), pay (to the bank, as much
as you can), score (points now, through the breaks), die (change the targeted die by value, kept within
1-6), reroll (reroll the value highest dice of the targeted casino), extra (one more `gamble` or
`acquire` this turn), pay_all (every casino pays and scores), hold (the bank puts value on this card:
it cannot be spent), release (take the money off this card), discard (this card goes to the discards).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from vegas_table.engine.core.errors import ConfigError
from vegas_table.engine.lords.board import CARD_COLOURS

OPS: dict[str, str] = {  # op -> what it needs: "value" (a whole number), "action" or ""
    "gain": "value", "pay": "value", "score": "value", "die": "value", "reroll": "value", "hold": "value",
    "extra": "action", "pay_all": "", "release": "", "discard": "",
}
EXTRA_ACTIONS = ("gamble", "acquire")
DISCOUNTABLE = ("build", "remodel")
TIMINGS = ("now", "keep", "action")
TARGETS = ("", "your_die", "casino")
MAX_TEXT = 200_000  # characters of a card file
MAX_CARDS = 200  # cards in a deck, copies counted
MAX_VALUE = 100
_FIELDS = {"id", "name", "cost", "points", "copies", "timing", "text", "ruling", "on_acquire", "on_use",
           "use_cost", "target", "trigger", "on_trigger", "discount"}


@dataclass(frozen=True, slots=True)
class Effect:
    """One primitive step of a card's effect."""

    op: str
    value: int = 0
    action: str = ""

    def text(self) -> str:
        return " ".join(str(x) for x in (self.op, self.value or "", self.action) if x != "")


@dataclass(frozen=True, slots=True)
class CardDef:
    """One kind of Underworld card (a deck holds `copies` of it)."""

    id: str
    name: str
    cost: int
    points: int
    copies: int
    timing: str
    text: str
    ruling: str = ""
    on_acquire: tuple[Effect, ...] = ()
    on_use: tuple[Effect, ...] = ()
    use_cost: int = 0
    target: str = ""
    trigger: str = ""
    on_trigger: tuple[Effect, ...] = ()
    discount_action: str = ""
    discount: int = 0


def _bad(where: str, why: str) -> ConfigError:
    return ConfigError("bad_cards", f"Underworld card file: {where}: {why}")


def _int(where: str, entry: dict[str, Any], key: str, low: int, default: int | None = None) -> int:
    value = entry.get(key, default)
    if type(value) is not int or not low <= value <= MAX_VALUE:
        raise _bad(where, f"{key} must be a whole number from {low} to {MAX_VALUE}, not {value!r}")
    return value


def _str(where: str, entry: dict[str, Any], key: str, choices: tuple[str, ...] | None = None) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or (choices is not None and value not in choices):
        allowed = f" (one of {', '.join(repr(c) for c in choices)})" if choices else ""
        raise _bad(where, f"{key} must be a string{allowed}, not {value!r}")
    return value


def _effects(where: str, entry: dict[str, Any], key: str) -> tuple[Effect, ...]:
    steps = entry.get(key, [])
    if not isinstance(steps, list):
        raise _bad(where, f"{key} must be a list of effects")
    effects = []
    for step in steps:
        if not isinstance(step, dict) or step.get("op") not in OPS:
            raise _bad(where, f"{key}: {step!r} is not an effect (op is one of {', '.join(OPS)})")
        need = OPS[step["op"]]
        if need == "value":
            effects.append(Effect(step["op"], value=_int(f"{where} {key}", step, "value", -6 if step["op"] == "die"
                                                         else 0)))
        elif need == "action":
            effects.append(Effect(step["op"], action=_str(f"{where} {key}", step, "action", EXTRA_ACTIONS)))
        else:
            effects.append(Effect(step["op"]))
    return tuple(effects)


def _card(index: int, entry: Any) -> CardDef:
    if not isinstance(entry, dict):
        raise _bad(f"card {index + 1}", "each [[card]] is a table")
    card_id = _str(f"card {index + 1}", entry, "id")
    where = f"card {card_id or index + 1}"
    if not card_id or len(card_id) > 40 or not all(c.isascii() and (c.isalnum() or c == "-") for c in card_id) \
            or card_id != card_id.lower():
        raise _bad(where, "id must be 1-40 lower-case letters, digits or '-' (it is typed in actions)")
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        raise _bad(where, f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(_FIELDS))})")
    discount = entry.get("discount", {})
    if not isinstance(discount, dict):
        raise _bad(where, "discount is a table { action = ..., value = ... }")
    card = CardDef(
        id=card_id, name=_str(where, entry, "name") or card_id, cost=_int(where, entry, "cost", 0),
        points=_int(where, entry, "points", -MAX_VALUE, 0), copies=_int(where, entry, "copies", 1, 1),
        timing=_str(where, entry, "timing", TIMINGS), text=_str(where, entry, "text"),
        ruling=_str(where, entry, "ruling"), on_acquire=_effects(where, entry, "on_acquire"),
        on_use=_effects(where, entry, "on_use"), use_cost=_int(where, entry, "use_cost", 0, 0),
        target=_str(where, entry, "target", TARGETS), trigger=_str(where, entry, "trigger", ("", *CARD_COLOURS)),
        on_trigger=_effects(where, entry, "on_trigger"),
        discount_action=_str(where, discount, "action", ("", *DISCOUNTABLE)) if discount else "",
        discount=_int(where, discount, "value", 0) if discount else 0,
    )
    _check_card(where, card)
    return card


def _check_card(where: str, card: CardDef) -> None:
    """Combinations that would make a card mean nothing or something the engine cannot do."""
    if card.timing == "action" and not card.on_use:
        raise _bad(where, "an action card needs on_use effects")
    if card.timing != "action" and (card.on_use or card.target or card.use_cost):
        raise _bad(where, "on_use, target and use_cost belong to action cards (timing = \"action\")")
    if bool(card.trigger) != bool(card.on_trigger):
        raise _bad(where, "trigger and on_trigger go together")
    if card.timing == "now" and (card.trigger or card.discount or card.points):
        raise _bad(where, "a card discarded at once (timing = \"now\") has no trigger, discount or points")
    targeted = {e.op for e in card.on_use} & {"die", "reroll"}
    if targeted and not card.target:
        raise _bad(where, "die and reroll effects act on the lot named with `use`: give the card a target")
    for effects in (card.on_acquire, card.on_trigger):
        if any(e.op in ("die", "reroll") for e in effects):
            raise _bad(where, "die and reroll effects need a target: use them in on_use only")


def parse_cards(text: str) -> tuple[CardDef, ...]:
    """The cards of a card file's text; ConfigError says what is wrong with it."""
    if len(text) > MAX_TEXT:
        raise _bad("the file", f"it is longer than {MAX_TEXT} characters")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as why:
        raise _bad("the file", f"not valid TOML ({why})") from None
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise _bad("the file", "it lists no cards (each card is a [[card]] table)")
    cards = tuple(_card(i, entry) for i, entry in enumerate(entries))
    ids = [c.id for c in cards]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise _bad(f"card {twice[0]}", "the same id is listed twice")
    if sum(c.copies for c in cards) > MAX_CARDS:
        raise _bad("the file", f"a deck holds at most {MAX_CARDS} cards, copies counted")
    return cards


@lru_cache(maxsize=16)  # a game's card file is parsed once, not at every decode; a few files at a time
def cards_for(text: str) -> tuple[CardDef, ...]:
    """The card definitions of a game: its own card file's text, or the shipped deck when that is ""."""
    return parse_cards(text or shipped_text())


@cache
def shipped_text() -> str:
    """The shipped card file, read once from this package's data."""
    return resources.files(__name__.rpartition(".")[0]).joinpath("underworld_cards.toml").read_text(encoding="utf-8")
