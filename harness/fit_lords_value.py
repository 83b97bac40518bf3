"""Fitting the learned Lords of Vegas value (`bots.lords.learned`) to games of greedy against itself.

Every recorded turn start (`harness.lords_value_data`) gives one row per seat: the seat's features less
those of its strongest opponent (the one the hand-set worth puts first, as the greedy's value picks it),
and what came of the game: the seat's final points less the best other seat's, and whether it won. A least
squares fit of that final margin on the feature differences, without a constant, gives the coefficients.
The last `--holdout` share of the games is kept out of the fit and judges it against the hand-set value:
the error of each margin as a prediction of the final margin (the hand-set margin scaled by its own best
factor, so only its shape is judged), and how often its sign names the winner. Needs numpy (the dev
environment's); the bots never do.

    python -m harness.fit_lords_value lv1.jsonl --write
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vegas_table.bots.lords import learned

Array = NDArray[np.float64]
MODULE = Path(learned.__file__)


@dataclass(frozen=True, slots=True)
class Rows:
    """One row per seat and turn start: feature differences, the hand-set margin, the final margin, the win."""

    x: Array
    hand: Array
    margin: Array
    won: Array


def rows(games: list[dict[str, Any]]) -> Rows:
    """The rows of `games` (see the module's docstring)."""
    x, hand, margin, won = [], [], [], []
    for game in games:
        points, winners = game["points"], game["winners"]
        for sample in game["samples"]:
            feats, worth = sample["features"], sample["worth"]
            for seat in range(game["players"]):
                others = [s for s in range(game["players"]) if s != seat]
                rival = max(others, key=lambda s: worth[s])
                x.append([a - b for a, b in zip(feats[seat], feats[rival], strict=True)])
                hand.append(worth[seat] - worth[rival])
                margin.append(points[seat] - max(points[s] for s in others))
                won.append(1.0 / len(winners) if seat in winners else 0.0)
    return Rows(np.array(x), np.array(hand), np.array(margin, dtype=float), np.array(won))


def fit(data: Rows, ridge: float) -> Array:
    """Least-squares coefficients of the final margin on the feature differences (a little ridge keeps
    features that barely vary from taking wild values)."""
    gram = data.x.T @ data.x + ridge * len(data.x) * np.eye(data.x.shape[1])
    solved: Array = np.linalg.solve(gram, data.x.T @ data.margin).astype(np.float64)
    return solved


def judged(name: str, predicted: Array, data: Rows) -> str:
    """How well `predicted` margins foretell the final ones: root mean square error, and the share of rows
    whose sign names the result (a win is a positive final margin; a shared win counts as half right)."""
    error = math.sqrt(float(np.mean((predicted - data.margin) ** 2)))
    right = np.where(predicted > 0, data.won, 1 - data.won)
    return f"{name:>10}: rmse {error:6.2f} points, names the winner in {float(np.mean(right)):.1%}"


def scaled(hand: Array, margin: Array) -> float:
    """The factor that makes the hand-set margin the best least-squares prediction of the final one."""
    return float(hand @ margin / (hand @ hand))


def write(coefficients: Array, players: int, text: str) -> str:
    """`bots/lords/learned.py`'s text with `coefficients` as the COEFFICIENTS of games of `players`."""
    fitted = dict(learned.COEFFICIENTS)
    fitted[players] = tuple(float(f"{c:.4g}") for c in coefficients)
    entries = "".join(textwrap.fill(f"{n}: {fitted[n]!r},", 116, initial_indent="    ", subsequent_indent=" " * 8,
                                    break_on_hyphens=False) + "\n" for n in sorted(fitted))
    return re.sub(r"COEFFICIENTS: dict\[int, tuple\[float, \.\.\.\]\] = \{\n.*?\n\}",
                  lambda _: f"COEFFICIENTS: dict[int, tuple[float, ...]] = {{\n{entries}}}", text, flags=re.S)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="+", help="JSON-lines files of harness.lords_value_data")
    parser.add_argument("--holdout", type=float, default=0.2, help="share of the games kept out of the fit")
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--write", action="store_true", help="write the coefficients into bots/lords/learned.py")
    args = parser.parse_args(argv)
    games = [json.loads(line) for name in args.data for line in Path(name).read_text().splitlines() if line]
    if len({game["players"] for game in games}) != 1:
        parser.error("the games must all have one number of players (one fit for each)")
    cut = int(len(games) * (1 - args.holdout))
    train, test = rows(games[:cut]), rows(games[cut:])
    coefficients = fit(train, args.ridge)
    print(f"{cut} games fitted, {len(games) - cut} held out ({len(test.margin)} rows)")
    for name, c in zip(learned.FEATURES, coefficients, strict=True):
        print(f"{name:>16} {c:+.4f}")
    print(judged("learned", test.x @ coefficients, test))
    print(judged("hand", test.hand * scaled(train.hand, train.margin), test))
    if args.write:
        MODULE.write_text(write(coefficients, int(games[0]["players"]), MODULE.read_text()))
        print(f"written into {MODULE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
