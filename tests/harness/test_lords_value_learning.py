"""Learning a Lords of Vegas value: the recorded games are reproducible and say what the fit needs, and the
fit finds coefficients that are there and writes them where the bot reads them."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from harness.fit_lords_value import fit, rows, write
from harness.lords_value_data import play_game
from vegas_table.bots.lords import learned


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return play_game("classic", 2, "t1", explore=0.3)


def test_a_recorded_game_is_the_same_for_the_same_seed(game: dict[str, Any]) -> None:
    assert play_game("classic", 2, "t1", explore=0.3) == game


def test_every_turn_start_records_every_seats_features_and_the_game_its_outcome(game: dict[str, Any]) -> None:
    turns = [sample["turn"] for sample in game["samples"]]
    assert turns == sorted(set(turns)) and len(turns) > 10
    for sample in game["samples"]:
        assert len(sample["features"]) == len(sample["worth"]) == 2
        assert all(len(f) == len(learned.FEATURES) for f in sample["features"])
    best = max(game["points"])
    assert game["winners"] and all(game["points"][w] == best for w in game["winners"])


def test_rows_are_a_seats_features_less_its_strongest_opponents_with_the_final_margin() -> None:
    sample = {"turn": 1, "features": [[3.0, 1.0], [1.0, 1.0], [2.0, 0.0]], "worth": [5.0, 1.0, 4.0]}
    data = rows([{"players": 3, "points": [30, 20, 25], "winners": [0], "samples": [sample]}])
    assert data.x[0].tolist() == [1.0, 1.0] and data.margin[0] == 5 and data.won[0] == 1.0  # against seat 2
    assert data.x[1].tolist() == [-2.0, 0.0] and data.margin[1] == -10 and data.won[1] == 0.0  # against seat 0


def test_the_fit_finds_the_coefficients_that_made_the_margins() -> None:
    rng = random.Random(1)
    truth = [1.0, 0.3, -2.0]
    games = []
    for _ in range(200):
        feats = [[rng.uniform(0, 10) for _ in truth] for _ in range(2)]
        points = [round(100 * sum(c * f for c, f in zip(truth, mine, strict=True))) for mine in feats]
        winners = [s for s in range(2) if points[s] == max(points)]
        games.append({"players": 2, "points": points, "winners": winners,
                      "samples": [{"turn": 1, "features": feats, "worth": [0.0, 0.0]}]})
    assert np.allclose(fit(rows(games), ridge=0.0), [100 * c for c in truth], atol=0.5)


def test_the_coefficients_are_written_into_the_learned_module_as_numbers() -> None:
    text = Path(learned.__file__).read_text(encoding="utf-8")
    written = write(np.arange(len(learned.FEATURES), dtype=float) / 3, 5, text)
    tree = ast.parse(written)
    found = [n.value for n in ast.walk(tree) if isinstance(n, ast.AnnAssign) and
             isinstance(n.target, ast.Name) and n.target.id == "COEFFICIENTS"]
    fitted = ast.literal_eval(found[0])
    assert fitted[5] == pytest.approx([i / 3 for i in range(len(learned.FEATURES))], rel=1e-3)
    assert {n: fitted[n] for n in learned.COEFFICIENTS} == learned.COEFFICIENTS  # the others kept
    assert max(len(line) for line in written.splitlines()) <= 120
    assert around_coefficients(written) == around_coefficients(text)  # the rest as it was


def around_coefficients(text: str) -> tuple[str, str]:
    before, _, after = text.partition("COEFFICIENTS: dict")
    return before, after.split("\n}\n", 1)[1]
