"""The spread of the Lords win chance: the fit finds the spread that made the results, and the rows read the
share of the draws left back from the features."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from harness.fit_lords_spread import SpreadRows, calibration, fit, left_share, log_loss
from vegas_table.bots.lords import learned


def features(money: float, left: float) -> list[float]:
    found = [0.0] * len(learned.FEATURES)
    found[learned.FEATURES.index("money")] = money
    found[learned.FEATURES.index("money_x_left")] = money * left
    return found


def test_the_share_of_the_draws_left_is_read_back_from_a_part_the_seat_holds() -> None:
    assert left_share(features(20.0, 0.25)) == pytest.approx(0.25)
    casinos = [0.0] * len(learned.FEATURES)
    casinos[learned.FEATURES.index("casinos")] = 8.0
    casinos[learned.FEATURES.index("casinos_x_left")] = 6.0
    assert left_share(casinos) == pytest.approx(0.75)
    assert left_share([0.0] * len(learned.FEATURES)) == 0.0


def made_up_games(truth: tuple[float, float, float], count: int) -> list[dict[str, Any]]:
    """Games of one turn start each, whose winner was drawn by the win chance under `truth`."""
    rng = random.Random(3)
    games = []
    for _ in range(count):
        left, margin = rng.random(), rng.gauss(0.0, 25.0)
        spread = truth[0] + truth[1] * min(left, truth[2])
        chance = 0.5 * (1 + math.erf(margin / spread / math.sqrt(2)))
        winner = 0 if rng.random() < chance else 1
        sample = {"turn": 1, "features": [features(10.0, left), features(12.0, left)], "worth": [margin, 0.0]}
        games.append({"players": 2, "points": [30, 20] if winner == 0 else [20, 30], "winners": [winner],
                      "samples": [sample]})
    return games


def test_the_fit_finds_the_spread_that_drew_the_winners() -> None:
    truth = (5.0, 60.0, 0.5)
    data = SpreadRows.of(made_up_games(truth, 3000))
    assert data.left[0] == data.left[1] and data.hand[0] == -data.hand[1]  # both seats of a turn start
    found = fit(data, passes=3)
    assert log_loss(data, found) <= log_loss(data, truth) + 1e-3
    for at in (0.05, 0.3, 0.8):  # the spread itself, across the game, within a fifth
        assert found[0] + found[1] * min(at, found[2]) == pytest.approx(truth[0] + truth[1] * min(at, truth[2]),
                                                                          rel=0.2)
    assert log_loss(data, found) < math.log(2)
    table = calibration(data, found)
    assert table[0].startswith("| draws left") and len(table) == 2 + 5
