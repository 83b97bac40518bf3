"""The Lords search's fast playout policy, on positions built for each rule it follows."""

from __future__ import annotations

import random

from tests.bots.test_lords_greedy import early
from tests.engine.lords.position import blank as lords_blank
from tests.engine.lords.position import marker, money, tile
from vegas_table.bots.lords.playout import quick_action as lords_quick


def test_lords_playouts_build_in_the_colour_of_a_neighbouring_casino_they_boss() -> None:
    state = early(lords_blank("classic", 4, current="blue"))
    tile(state, "B1", "aqua", "blue", pips=5)
    marker(state, "B2", "blue")
    money(state, blue=20)
    assert lords_quick(state, 0, random.Random(0)).text() == "build B2 aqua"


def test_lords_playouts_sprawl_only_keeping_a_reserve() -> None:
    state = early(lords_blank("classic", 4, current="blue"))
    tile(state, "B1", "aqua", "blue", pips=5)
    money(state, blue=21)  # B2 costs 2 × $6m, and $10m must stay in hand
    assert lords_quick(state, 0, random.Random(0)).text() == "end"
    money(state, blue=22)
    assert lords_quick(state, 0, random.Random(0)).text() == "sprawl B1 B2"
