"""The engine's own copy of the board agrees with the reference board data, and the score track with the book."""

from __future__ import annotations

import csv
from pathlib import Path

from vegas_table.engine.lords.board import CARD_COLOURS, COLOURS, LOTS, TILES_PER_COLOUR
from vegas_table.engine.lords.track import STOPS, advance, next_stop

REFERENCE = Path(__file__).parent / "data" / "lords_of_vegas_lots.csv"


def test_every_lot_matches_the_reference_data() -> None:
    rows = list(csv.DictReader(REFERENCE.open()))
    assert [r["lot"] for r in rows] == [lot.name for lot in LOTS]
    for row, lot in zip(rows, LOTS, strict=True):
        assert (lot.block, lot.row, lot.col) == (row["block"], int(row["row"]), int(row["col"]))
        assert (lot.price, lot.printed_die) == (int(row["price_musd"]), int(row["printed_die"]))
        assert CARD_COLOURS[lot.card_colour] == row["card_color"]
        assert lot.touches_strip == (row["touches_strip"] == "yes")
        assert lot.setup_cash == int(row["setup_cash_musd"])


def test_nine_cards_of_each_colour_and_four_that_pay_the_strip() -> None:
    colours = [CARD_COLOURS[lot.card_colour] for lot in LOTS]
    assert all(colours.count(c) == TILES_PER_COLOUR for c in COLOURS)
    assert colours.count("strip") == 3  # A6, D5, F8; the End of Game card is the 4th


def test_lots_are_adjacent_only_inside_a_block() -> None:
    for lot in LOTS:
        for near in lot.neighbours:
            other = LOTS[near]
            assert other.block == lot.block and abs(other.row - lot.row) + abs(other.col - lot.col) == 1
            assert lot.index in other.neighbours


def test_the_track_ends_on_the_instant_win_space() -> None:
    assert STOPS[-1] == 90 and next_stop(90) is None and next_stop(8) == 10
    assert advance(81, 30) == 90 and advance(0, 0) == 0
