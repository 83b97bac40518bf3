"""The Lords weights tuner: its points margin per deal, its steps, and a real duel on duplicate deals."""

from __future__ import annotations

import pytest

from harness.tune_lords import challenger, duel, margins, neighbours, paired
from vegas_table.arena.play import GameRecord
from vegas_table.arena.tournament import Scheduled
from vegas_table.bots.lords.value import Weights


def record(seats: tuple[str, ...], points: tuple[int, ...]) -> GameRecord:
    return GameRecord(0, seats, (0,), tuple({"points": p, "money": 0} for p in points), 10, 100)


def test_the_margin_is_averaged_over_a_deals_rotations_then_over_deals() -> None:
    records = [record(("a", "b"), (30, 20)), record(("b", "a"), (25, 25)), record(("a", "b"), (10, 30))]
    where = [Scheduled(0, 0, 0), Scheduled(0, 0, 1), Scheduled(0, 1, 0)]
    mean, error = margins(records, where, "a")
    assert mean == pytest.approx((5.0 + -20.0) / 2)  # deal 0: (10 + 0) / 2; deal 1: -20
    assert error == pytest.approx(12.5)  # the two deals' means differ by 25: sd 17.68, / sqrt 2


def test_steps_stay_in_range() -> None:
    assert [w.rivals for w in neighbours(Weights(), "rivals")] == [0.5]
    assert [w.contested for w in neighbours(Weights(contested=0.05), "contested")] == [0.15]


def test_a_duel_plays_every_rotation_of_its_deals_against_plain_greedy() -> None:
    result = duel(Weights(income=0.8), "classic", 2, 2, "t")
    assert result.games == 4 and 0.0 <= result.low <= result.share <= result.high <= 1.0
    plain = duel(Weights(), "classic", 2, 2, "t")  # measured like any other: the search's starting point
    assert plain.games == 4 and plain.weights == Weights()


def test_plain_greedy_as_a_challenger_has_a_name_of_its_own_that_reads_back_as_plain() -> None:
    assert challenger(Weights()) != "greedy"
    assert Weights.parse(challenger(Weights()).split("@", 1)[1]) == Weights()
    assert challenger(Weights(income=0.8)) == "greedy@income=0.8"


def test_two_challengers_are_compared_deal_by_deal_on_the_deals_both_played() -> None:
    gain, error, deals = paired({0: 5.0, 1: -20.0, 2: 3.0}, {0: 1.0, 1: -26.0, 3: 9.0})
    assert deals == 2
    assert gain == pytest.approx(5.0)  # deal 0: +4, deal 1: +6
    assert error == pytest.approx(1.0)  # the differences' sd 1.41, / sqrt 2
