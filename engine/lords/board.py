"""The Lords of Vegas board: 48 lots in six blocks on both sides of The Strip.

Copied from the project's reference board data (two independent public implementations, checked against
the rulebook examples: A2 costs $6m with a 2, A5 costs $9m, D8 is a gold card). The engine carries its own
copy so that nothing reads a file at run time.

Lots are numbered 0-47 in the order below (A1..A6, B1..B6, C1..C12, D1..D9, E1..E6, F1..F9); the card of a
lot has the same number, and the End of Game card is 48.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

# Casino colours, in a fixed order used everywhere (legal actions, encodings). Company names in comments.
COLOURS: tuple[str, ...] = ("purple", "brown", "gold", "silver", "aqua")  # Albion Pioneer Sphinx Tivoli Vega
STRIP = 5  # the card "colour" of a card that pays The Strip
CARD_COLOURS: tuple[str, ...] = (*COLOURS, "strip")
TILES_PER_COLOUR = 9

# lot, price ($m), printed die, card colour, touches The Strip
_LOTS = """
A1 9 3 brown n|A2 6 2 purple n|A3 15 5 aqua y|A4 12 4 gold n|A5 9 3 silver n|A6 20 6 strip y
B1 15 5 gold y|B2 6 2 silver n|B3 9 3 purple n|B4 20 6 purple y|B5 9 3 aqua n|B6 12 4 brown n
C1 12 4 silver n|C2 9 3 gold n|C3 20 6 purple y|C4 6 2 brown n|C5 8 1 aqua n|C6 12 4 silver y
C7 6 2 gold n|C8 8 1 purple n|C9 12 4 brown y|C10 9 3 aqua n|C11 6 2 silver n|C12 15 5 gold y
D1 20 6 silver y|D2 9 3 brown n|D3 12 4 aqua n|D4 12 4 aqua y|D5 8 1 strip n|D6 6 2 purple n
D7 15 5 purple y|D8 6 2 gold n|D9 9 3 brown n
E1 9 3 brown n|E2 6 2 purple n|E3 15 5 aqua y|E4 12 4 silver n|E5 9 3 brown n|E6 20 6 gold y
F1 20 6 purple y|F2 9 3 silver n|F3 12 4 gold n|F4 12 4 gold y|F5 8 1 brown n|F6 6 2 aqua n
F7 15 5 aqua y|F8 6 2 strip n|F9 9 3 silver n
"""

BLOCK_WIDTH = 3


@dataclass(frozen=True, slots=True)
class Lot:
    """One lot of the board and its property card."""

    index: int
    name: str
    block: str
    row: int
    col: int
    price: int
    printed_die: int
    card_colour: int  # index into CARD_COLOURS; STRIP for the cards that pay The Strip
    touches_strip: bool
    neighbours: tuple[int, ...]  # lots sharing an edge, same block only, in index order

    @property
    def setup_cash(self) -> int:
        """Money this card gives in set-up: 10 minus the printed die ($20m minus both dice for two cards)."""
        return 10 - self.printed_die


def _parse_lots() -> tuple[Lot, ...]:
    rows = [entry.split() for entry in _LOTS.replace("\n", "|").split("|") if entry.strip()]
    place: dict[tuple[str, int, int], int] = {}
    for index, (name, *_) in enumerate(rows):
        number = int(name[1:])
        place[(name[0], (number - 1) // BLOCK_WIDTH + 1, (number - 1) % BLOCK_WIDTH + 1)] = index
    lots = []
    for (block, row, col), index in sorted(place.items(), key=lambda item: item[1]):
        name, price, die, colour, strip = rows[index]
        around = [(block, row - 1, col), (block, row, col - 1), (block, row, col + 1), (block, row + 1, col)]
        neighbours = tuple(sorted(place[p] for p in around if p in place))
        lots.append(Lot(index, name, block, row, col, int(price), int(die), CARD_COLOURS.index(colour),
                        strip == "y", neighbours))
    return tuple(lots)


LOTS: tuple[Lot, ...] = _parse_lots()
LOT_COUNT = len(LOTS)
END_OF_GAME = LOT_COUNT  # the card number of the End of Game card
LOT_BY_NAME: dict[str, int] = {lot.name: lot.index for lot in LOTS}
BLOCKS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F")
BLOCK_LOTS: dict[str, tuple[int, ...]] = {b: tuple(lot.index for lot in LOTS if lot.block == b) for b in BLOCKS}
BLOCK_OF: tuple[int, ...] = tuple(BLOCKS.index(lot.block) for lot in LOTS)
CLOSED_BLOCK_FOR_TWO = "F"


def lots_name(lots: Sequence[str]) -> str:
    """A casino (or any group of lots) by its lots, as the log and the screens name it: `C5-C6`, and the first
    lot and how many more for a long one, `A1+4`."""
    return "-".join(lots) if len(lots) <= 3 else f"{lots[0]}+{len(lots) - 1}"


def card_name(card: int) -> str:
    return "End of Game" if card == END_OF_GAME else LOTS[card].name


@lru_cache(maxsize=4096)
def frontier(lots: tuple[int, ...]) -> tuple[int, ...]:
    """The lots sharing an edge with a casino (or any group of lots) and not in it, in lot order: where it
    may sprawl. A function of the lots alone, so it is remembered (bots ask after every action)."""
    inside = set(lots)
    return tuple(sorted({near for lot in lots for near in LOTS[lot].neighbours if near not in inside}))
