"""Words that show, in the help pane, what any player at the table may look at but the panels have no room for.

    pile     the property discard pile, card by card, newest first ("Anyone can look through any discard pile")
    cards    the Underworld: the line with every card's words, its discards, and every player's cards
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vegas_table.client.render.lords import card_words, seat_name

LOOKS: dict[str, str] = {"pile": "the discard pile, card by card", "cards": "the Underworld cards in full"}


def look(word: str, view: Mapping[str, Any]) -> list[str] | None:
    """The lines `word` shows, or None if it is not a look word of this game."""
    if word == "pile":
        pile = list(reversed(view.get("discard_pile") or []))
        return [f"Discard pile ({len(pile)} cards, newest first): {' '.join(pile) or 'empty'}"]
    if word == "cards":
        return _cards(view)
    return None


def _cards(view: Mapping[str, Any]) -> list[str]:
    uw = view.get("underworld")
    if not uw:
        return ["This game is played without the Underworld (option underworld)."]
    lines = [f"Underworld: {uw['deck_left']} cards in the deck; line (oldest first):"]
    lines += [f"  {card['id']}: {card_words(card)} Printed: \"{card['text']}\"" for card in uw["line"]] or ["  (empty)"]
    lines.append(f"Underworld discards: {', '.join(uw['discards']) or 'none'}")
    for seat, hand in enumerate(uw["hands"]):
        held = "; ".join(card_words(c) + (f" [${c['money']}m on it]" if c.get("money") else "")
                         + (" (used this turn)" if c.get("used") else "") for c in hand)
        lines.append(f"{seat_name(view, seat)}: {held or 'no cards'}")
    return lines
