"""Fitting how far a Lords of Vegas margin can still move: the spread behind `bots.lords.turns.win_chance`.

The turn search (`lookahead@chance=1`) scores a sample by the seat's chance to win rather than by its value's
margin over the best opponent: the chance that a normal change of spread s leaves that margin above zero,
Phi(margin / s). The spread narrows as the end nears, s = a + b * min(left, c), `left` being the share of the
draws still to come (`bots.lords.turns.SPREAD`). This fits a, b and c by the likelihood of who won, over
every seat at every turn start of games of greedy against itself (`harness.lords_value_data`, the rows
`harness.fit_lords_value` reads), the last `--holdout` share of the games kept out of the fit, and prints
how well the fitted chance foretells the held-out games: its log loss against a coin's, and the chance it
gave against the share won, by stretch of the game. Needs numpy (the dev environment's).

    python -m harness.fit_lords_spread lv1.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from harness.fit_lords_value import Array, rows
from vegas_table.bots.lords import learned
from vegas_table.bots.lords.turns import Spread, win_chance


class SpreadRows(NamedTuple):
    """One row per seat and turn start, as `harness.fit_lords_value` reads them: the hand-set margin over the
    strongest opponent, the share of the win, and the share of the draws still to come."""

    hand: Array
    won: Array
    left: Array

    @classmethod
    def of(cls, games: list[dict[str, Any]]) -> SpreadRows:
        fitted = rows(games)
        left = [left_share(features) for game in games for sample in game["samples"]
                for features in sample["features"]]
        return cls(fitted.hand, fitted.won, np.array(left))


def left_share(features: list[float]) -> float:
    """The share of the draws still to come, read back from a seat's features: `bots.lords.value.features`
    pairs each part that changes as the game goes with that part times the share. 0 when the seat holds none
    of those parts, which happens only before it holds money."""
    for name in ("money", "casinos", "dice", "lots", "largest"):
        part = features[learned.FEATURES.index(name)]
        if part:
            return float(features[learned.FEATURES.index(f"{name}_x_left")] / part)
    return 0.0


def chances(data: SpreadRows, spread: Spread) -> Array:
    """The win chance each row's hand-set margin gives under `spread` (a, b, c), as the bot computes it."""
    chance = np.vectorize(lambda margin, left: win_chance(margin, left, False, spread), otypes=[np.float64])
    found: Array = chance(data.hand, data.left)
    return found


def log_loss(data: SpreadRows, spread: Spread) -> float:
    """The mean negative log likelihood of the results (a shared win counts half) under `spread`."""
    p = np.clip(chances(data, spread), 1e-9, 1 - 1e-9)
    return -float(np.mean(data.won * np.log(p) + (1 - data.won) * np.log(1 - p)))


def golden(loss: Callable[[float], float], low: float, high: float, steps: int = 40) -> float:
    """The minimum of a one-dimensional `loss` on [low, high], by golden-section search."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    for _ in range(steps):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if loss(c) < loss(d):
            b = d
        else:
            a = c
    return (a + b) / 2


def fit(data: SpreadRows, passes: int = 4) -> Spread:
    """The spread of the least log loss on `data`: each constant in turn, `passes` times over."""
    spread = [6.0, 80.0, 0.6]
    bounds = [(0.5, 40.0), (0.0, 300.0), (0.05, 1.0)]
    for _ in range(passes):
        for index, (low, high) in enumerate(bounds):
            def loss(value: float, index: int = index) -> float:
                trial = list(spread)
                trial[index] = value
                return log_loss(data, (trial[0], trial[1], trial[2]))
            spread[index] = golden(loss, low, high)
    return spread[0], spread[1], spread[2]


def calibration(data: SpreadRows, spread: Spread, stretches: int = 5) -> list[str]:
    """The held-out table: by stretch of the game (share of the draws left), the rows, the mean chance given
    and the share won, for the rows the chance puts ahead (above a half)."""
    p = chances(data, spread)
    lines = ["| draws left | rows ahead | chance given | share won |", "| --- | ---: | ---: | ---: |"]
    edges = np.linspace(0.0, 1.0, stretches + 1)
    for low, high in itertools.pairwise(edges):
        chosen = (data.left >= low) & ((data.left < high) | (high == 1.0)) & (p > 0.5)
        if chosen.any():
            lines.append(f"| {low:.0%}-{high:.0%} | {int(chosen.sum())} | {float(np.mean(p[chosen])):.1%} | "
                         f"{float(np.mean(data.won[chosen])):.1%} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="+", help="JSON-lines files of harness.lords_value_data")
    parser.add_argument("--holdout", type=float, default=0.2, help="share of the games kept out of the fit")
    args = parser.parse_args(argv)
    games = [json.loads(line) for name in args.data for line in Path(name).read_text().splitlines() if line]
    cut = int(len(games) * (1 - args.holdout))
    train, test = SpreadRows.of(games[:cut]), SpreadRows.of(games[cut:])
    spread = fit(train)
    print(f"{cut} games fitted, {len(games) - cut} held out ({len(test.won)} rows)")
    print(f"spread = {spread[0]:.1f} + {spread[1]:.1f} * min(left, {spread[2]:.2f}) points")
    print(f"held-out log loss {log_loss(test, spread):.4f} (a coin's {math.log(2):.4f})")
    print("\n".join(calibration(test, spread)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
