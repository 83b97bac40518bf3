"""Who is at the table: a seat is present while at least one stream follows the game from it.

The session counts each seat's open Watch streams; when a seat's first stream opens or its last one closes,
the lobby summary changes (`SeatInfo.connected`, `away_since`) and every viewer is sent it, so the others
see a player go away and come back. Bots are always present. Spectators' streams count for nobody.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from datetime import UTC, datetime


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Presence:
    """Open streams per seat, and since when each seat without one has been away."""

    def __init__(self, bots: Iterable[int], clock: Callable[[], str] = _now) -> None:
        self.bots = frozenset(bots)
        self.clock = clock
        self.streams: Counter[int] = Counter()
        self.away_since: dict[int, str] = {}  # seats that had a stream and lost it: when

    def arrive(self, seat: int | None) -> bool:
        """A stream opened from `seat` (None: a spectator); whether the seat just came (back)."""
        if seat is None:
            return False
        self.streams[seat] += 1
        self.away_since.pop(seat, None)
        return self.streams[seat] == 1

    def leave(self, seat: int | None) -> bool:
        """A stream from `seat` closed; whether the seat is now away."""
        if seat is None or self.streams[seat] <= 0:
            return False
        self.streams[seat] -= 1
        if self.streams[seat]:
            return False
        self.away_since[seat] = self.clock()
        return True

    def connected(self, seat: int) -> bool:
        return seat in self.bots or self.streams[seat] > 0
