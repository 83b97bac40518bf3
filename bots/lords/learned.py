"""A Lords of Vegas seat's worth learned from play: its final points, predicted from what it holds now.

Greedy's hand-set worth adds up a seat's parts with weights a person chose (`bots.lords.value.Weights`);
tuning those weights by hand moved greedy by a few points of win share at most. Here the weights are fitted
instead: greedy played itself (with a tenth of its choices its second best, for variety), every seat's
parts were recorded at the start of every turn (`bots.lords.value.features`), and a least-squares fit
found the weights that best predict the seat's final points less the best other seat's from its parts less
its strongest opponent's. So a seat's learned worth is in points, like the hand-set one, and a margin of learned worths
is a predicted final margin; the fit has no constant term (it would cancel in every margin).

The numbers are the fit's, one set for each number of players (the same parts weigh differently against
one opponent and against three), written out by `python -m harness.fit_lords_value` (see that module):
2 players from 1200 classic games (`python -m harness.lords_value_data --rules classic --players 2 --games
1200 --seed lv1`), 4 players from 600 `up` games (`--rules up --players 4 --games 600 --seed lvu1`).
With two players greedy judging by this value beats plain greedy; with four it plays worse (docs/BOTS.md,
The learned Lords value). This module only weighs them, so the bots need nothing beyond the standard library.
"""

from __future__ import annotations

from collections.abc import Sequence

FEATURES: tuple[str, ...] = (
    "score", "casinos", "casinos_x_left", "money", "money_x_left", "dice", "dice_x_left", "parking", "lots",
    "lots_x_left", "bossed", "largest", "largest_x_left",
)
# The coefficients of each number of players fitted (a game of another number of players takes the nearest).
COEFFICIENTS: dict[int, tuple[float, ...]] = {
    2: (0.9194, 0.2146, -0.3231, 0.008296, 0.2026, 0.06962, 0.08421, 0.05525, -0.6189, 0.001674, -0.5317, 0.1796,
        1.704),
    4: (0.8974, 0.445, -0.02822, 0.04629, 0.1717, 0.04604, 0.1894, 0.1667, -0.6305, 0.005555, 0.01218, 0.4, -1.156),
}


def learned_worth(features: Sequence[float], players: int) -> float:
    """A seat's learned worth in points, from its `features` (named by `FEATURES`, in that order), in a game
    of `players`."""
    fitted = min(COEFFICIENTS, key=lambda n: (abs(n - players), n))
    return sum(c * f for c, f in zip(COEFFICIENTS[fitted], features, strict=True))
