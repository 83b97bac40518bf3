"""Do a game's dice look fair? Pearson's chi-square on the faces, and how far a player's dice ran above or
below expectation.

The p-value is exact for whole degrees of freedom (the regularized upper incomplete gamma function has a
closed form at whole and half-whole shapes), so no statistics package is needed for a six-sided die.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

FACES = 6
MEAN = 3.5  # of one fair die
VARIANCE = 35 / 12  # of one fair die
MIN_EXPECTED = 5  # the usual rule: below this many expected per face the chi-square test means little
SUSPICIOUS = 0.001  # p below this: dice this uneven turn up once in a thousand fair games


def chi_square_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for X chi-square distributed with `dof` degrees of freedom (dof >= 1)."""
    if dof < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {dof}")
    if statistic <= 0:
        return 1.0
    half = statistic / 2
    if dof % 2 == 0:  # Q(m, x) = e^-x * sum_{i<m} x^i / i!
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    # Q(m + 1/2, x) = erfc(sqrt x) + e^-x * sum_{i=1..m} x^(i-1/2) / Gamma(i+1/2)
    total = math.erfc(math.sqrt(half))
    term = math.exp(-half) * math.sqrt(half) / math.gamma(1.5)
    for i in range(1, (dof - 1) // 2 + 1):
        total += term
        term *= half / (i + 0.5)
    return min(1.0, total)


@dataclass(frozen=True, slots=True)
class FaceTest:
    """Pearson's test that every face of a die is equally likely, over the dice of one game."""

    counts: tuple[int, ...]  # how often each face 1..6 came up
    chi_square: float
    dof: int
    p_value: float

    @property
    def dice(self) -> int:
        return sum(self.counts)

    @property
    def verdict(self) -> str:
        if self.dice < MIN_EXPECTED * FACES:
            return f"too few dice to tell ({self.dice}; the test needs about {MIN_EXPECTED * FACES})"
        if self.p_value < SUSPICIOUS:
            return f"suspicious: fair dice this uneven turn up in fewer than 1 game in {round(1 / SUSPICIOUS)}"
        return "consistent with fair dice"

    def to_json(self) -> dict[str, object]:
        return {"counts": list(self.counts), "dice": self.dice, "chi_square": self.chi_square, "dof": self.dof,
                "p_value": self.p_value, "verdict": self.verdict}


def face_test(faces: Iterable[int]) -> FaceTest:
    """The chi-square test of uniform faces for the dice `faces` (each 1..6)."""
    counts = [0] * FACES
    for face in faces:
        if not 1 <= face <= FACES:
            raise ValueError(f"a die shows 1 to {FACES}, not {face}")
        counts[face - 1] += 1
    n = sum(counts)
    if n == 0:
        return FaceTest(tuple(counts), 0.0, FACES - 1, 1.0)
    expected = n / FACES
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return FaceTest(tuple(counts), statistic, FACES - 1, chi_square_sf(statistic, FACES - 1))


def z_score(total: int, dice: int) -> float:
    """How many standard deviations a sum of `dice` fair dice lies above (or below) its expectation."""
    if dice == 0:
        return 0.0
    return (total - MEAN * dice) / math.sqrt(VARIANCE * dice)
