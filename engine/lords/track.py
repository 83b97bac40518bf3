"""The score track and its breaks.

A payment of points moves a chip to the highest stop that its current stop plus the points reaches; points
that do not reach the next stop are lost (rulebook 000: "break"). 90 is the Instant Win space.
"""

from __future__ import annotations

import bisect

STOPS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36, 40, 44, 49,
                          54, 60, 66, 73, 81, 90)
INSTANT_WIN = STOPS[-1]
_STOP_SET = frozenset(STOPS)


def advance(score: int, points: int) -> int:
    """Where a chip on `score` lands after a payment of `points` (one casino's worth)."""
    return STOPS[bisect.bisect_right(STOPS, score + points) - 1]


def next_stop(score: int) -> int | None:
    """The next stop above `score`, or None on the Instant Win space."""
    i = bisect.bisect_right(STOPS, score)
    return STOPS[i] if i < len(STOPS) else None


def is_stop(score: int) -> bool:
    return score in _STOP_SET
