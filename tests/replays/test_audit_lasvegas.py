"""The Las Vegas audit against a small game computed by hand, the exact luck of a roll, and the golden games."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from tests.golden.regenerate import GOLDEN
from vegas_table.engine import GameConfig
from vegas_table.replays.audit import audit_replay
from vegas_table.replays.audit.lasvegas import LasVegasAudit, audit_lasvegas, expected_largest_group, largest_group
from vegas_table.replays.format import read_replay

CONFIG = GameConfig("lasvegas", "base", 2, "hand", ("neutral",))
NAMES = ["Red", "Blue"]

# Red rolls 3 3 5 and a white 3; Blue rolls 1 2 4 6. Casino 3 pays Red $60k and the white dice $20k;
# casino 6 pays Blue $90k and $10k. The round ends.
ROUND = [
    {"kind": "dice_rolled", "seat": 0, "dice": [3, 3, 5], "extra": [["white", 3]]},
    {"kind": "dice_rolled", "seat": 1, "dice": [1, 2, 4, 6], "extra": []},
    {"kind": "casino_paid", "casino": "3", "dice": [[0, 2], [-1, 1]], "cancelled": [],
     "payouts": [[0, 60], [-1, 20]], "returned": []},
    {"kind": "casino_paid", "casino": "6", "dice": [[1, 1]], "cancelled": [], "payouts": [[1, 90], [1, 10]],
     "returned": [30]},
    {"kind": "round_ended", "round": 1, "money": [60, 100]},
]


def final(money: list[int], notes: list[int]) -> dict[str, Any]:
    return {"seats": [{"money": m, "notes": n} for m, n in zip(money, notes, strict=True)]}


def test_money_by_casino_and_the_white_dice_share() -> None:
    audit = audit_lasvegas(CONFIG, NAMES, [(0, []), (1, ROUND)], final([60, 100], [1, 2]))
    assert audit.income == [{"3": 60}, {"6": 100}] and audit.notes == [1, 2] and audit.white == 20
    assert audit.rounds == [[60, 100]] and audit.reconciliation == []


def test_a_note_missing_from_the_events_does_not_reconcile() -> None:
    audit = audit_lasvegas(CONFIG, NAMES, [(0, ROUND)], final([60, 150], [1, 3]))
    assert audit.reconciliation == ["Blue: the events add up to $100k but the final state holds $150k",
                                    "Blue: the events count 2 banknotes but the final state holds 3"]


def test_luck_of_each_roll_against_its_exact_expectation() -> None:
    audit = audit_lasvegas(CONFIG, NAMES, [(0, ROUND)], final([60, 100], [1, 2]))
    red, blue = audit.rolls
    # Red's own dice 3 3 5: a pair (2) against 53/36 for three dice; Blue's 1 2 4 6: 1 against 197/108.
    assert (red.rolls, red.dice, red.groups, red.expected) == (1, 3, 2, Fraction(53, 36))
    assert (blue.dice, blue.groups, blue.expected) == (4, 1, Fraction(197, 108))
    assert sorted(audit.faces) == [1, 2, 3, 3, 3, 4, 5, 6]  # the white 3 counts for the fairness test


@pytest.mark.parametrize("dice", range(1, 6))
def test_the_expected_largest_group_is_the_average_over_every_roll(dice: int) -> None:
    rolls = list(product(range(1, 7), repeat=dice))
    assert expected_largest_group(dice) == Fraction(sum(largest_group(r) for r in rolls), len(rolls))


@pytest.mark.parametrize("spec", [s for s in GOLDEN if s.game == "lasvegas"], ids=lambda spec: spec.name)
def test_golden_games_reconcile(spec: Any) -> None:
    audit = audit_replay(read_replay(spec.path))
    assert isinstance(audit, LasVegasAudit) and audit.reconciliation == [] and audit.finished
    assert len(audit.rounds) == 4 and audit.dice_test.dice > 0 and audit.timeline.score is None
    assert sum(len(t.rows) for t in audit.tables()) > 0
