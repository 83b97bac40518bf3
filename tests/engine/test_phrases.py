"""How events read in a log: counts agree with their nouns, and a laid-off bet says who got what."""

from __future__ import annotations

from vegas_table.engine.core.phrasebook import counted
from vegas_table.engine.lasvegas.events import SlotRanked
from vegas_table.engine.lasvegas.events import describe as las_vegas_says
from vegas_table.engine.lords.events import CasinoPaid, Gambled, describe

NAMES = ("Black", "Blue", "Green", "Purple")


def test_one_point_one_die_two_points_two_dice() -> None:
    assert [counted(1, "point"), counted(2, "point"), counted(1, "die", "dice"), counted(3, "die", "dice")] == \
        ["1 point", "2 points", "1 die", "3 dice"]
    assert describe(CasinoPaid(("A2",), "gold", 1, ((0, 2),), 0, 1), NAMES).endswith("Black is boss for 1 point")
    ranked = SlotRanked(((0, 1, 5, 0),), ())
    assert "Red (1 die, sum 5)" in las_vegas_says(ranked, ("Red", "Blue"))


def test_a_gamble_says_who_paid_and_who_took_the_bet() -> None:
    lost = Gambled(1, 0, ("C8",), 10, (3, 4), False, -10, 10)
    assert describe(lost, NAMES) == "Blue bet $10m and rolled 7 at Black's casino C8: lost $10m (Black took $10m)"
    laid_off = Gambled(1, 0, ("C8",), 10, (3, 4), True, -10, 5)
    assert describe(laid_off, NAMES).endswith("lost $10m (Black took $5m, the bank took $5m)")
    won = Gambled(1, 0, ("C8",), 10, (1, 1), True, 20, -10)
    assert describe(won, NAMES).endswith("won $20m (Black paid $10m, the bank paid $10m)")


def test_a_reorganization_states_no_placement_that_is_still_to_be_decided() -> None:
    from vegas_table.engine.lords.events import Reorganized

    event = Reorganized(3, ("A4", "A5", "B1"), 9, (("A4", 0, 4, 3), ("A5", 3, 3, 2), ("B1", 3, 1, 6)))
    assert describe(event, NAMES) == ("Purple reorganizes A4-A5-B1 for $9m: Black's die on A4 4→3, Purple rolled 6, "
                                      "2 for A5, B1")
