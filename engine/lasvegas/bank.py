"""The banknotes: the pile's contents, what a casino must hold at the start of a round, how notes read.

Notes are whole numbers of $ thousands. A rainbow card is a card of the pile, not a note: it is `RAINBOW`
(0) wherever notes are listed, counts as $40k while casinos are filled and is swapped for a real note
before the payout (`payout.replace_rainbows`).
"""

from __future__ import annotations

from functools import cache

from vegas_table.engine.lasvegas.modules import Modules

RAINBOW = 0
RAINBOW_CARDS = 6  # the published expansion's count; the seed gives none
RAINBOW_SETUP_VALUE = 40

# value in $k -> how many notes of it (seed 002, "Game Components")
BASE_NOTES: dict[int, int] = {10: 6, 20: 8, 30: 8, 40: 6, 50: 6, 60: 5, 70: 5, 80: 5, 90: 5}
EXTRA_NOTES_100K = 5

BASE_MINIMUM = 50
MINIMUM_BY_PLAYERS: dict[int, int] = {2: 30, 3: 40, 4: 50, 5: 60, 6: 70}


def starting_pile(modules: Modules) -> list[int]:
    """Every card of the pile in a fixed order (lowest first), before the shuffle."""
    return list(_pile(modules.notes100k, modules.rainbow))


@cache
def _pile(notes100k: bool, rainbow: bool) -> tuple[int, ...]:
    pile = [value for value, count in sorted(BASE_NOTES.items()) for _ in range(count)]
    if notes100k:
        pile += [100] * EXTRA_NOTES_100K
    if rainbow:
        pile = [RAINBOW] * RAINBOW_CARDS + pile
    return tuple(pile)


def minimum(players: int, modules: Modules) -> int:
    """The money ($k) each casino must hold at the start of a round."""
    return MINIMUM_BY_PLAYERS[players] if modules.minimums else BASE_MINIMUM


def setup_value(card: int) -> int:
    """What a card counts for while casinos are filled."""
    return RAINBOW_SETUP_VALUE if card == RAINBOW else card


def display_order(cards: list[int]) -> list[int]:
    """Cards on a casino as players lay them out: highest first, a rainbow card where $40k would be."""
    if RAINBOW in cards:
        return sorted(cards, key=lambda card: (-setup_value(card), card))
    return sorted(cards, reverse=True)


def note_text(card: int) -> str:
    """'$60k', or 'rainbow card'."""
    return "rainbow card" if card == RAINBOW else f"${card}k"
