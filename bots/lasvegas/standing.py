"""What a Las Vegas standing is worth to each seat, between rounds or at the game's end.

The search scores a round's end by each seat's chance to win that its money margin over the best opponent
gives it: a normal approximation whose spread grows with the rounds still to play (`odds`). Its playouts
(`search_model`) and the exact solver of a round's end (`round_end`) both score by `standing_values`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from vegas_table.engine.lasvegas.state import LasVegasState

ROUND_SPREAD = 60.0  # $k: how far a round moves a seat's margin over the best opponent (standard deviation)


def standing_values(money: Sequence[int], left: int, winners: Sequence[int] = ()) -> list[float]:
    """Each seat's value of a standing between rounds: with `left` rounds still to pay, its chance to win as
    its money margin over the best opponent gives it (`odds`); with none left, its share of the win among
    `winners`. Plus a hundredth of the margin in units of `ROUND_SPREAD`, so that a seat whose chance is
    settled still prefers more money. (At two seats the values add up to one.)"""
    seats = range(len(money))
    margins = [(money[s] - max(m for o, m in enumerate(money) if o != s)) / ROUND_SPREAD for s in seats]
    if not left:
        return [(1.0 / len(winners) if s in winners else 0.0) + margins[s] / 100 for s in seats]
    return [odds(m, left) + m / 100 for m in margins]


def win_share(state: LasVegasState, seat: int) -> float:
    """The seat's share of the win of a game that is over (a shared win is split)."""
    return 1.0 / len(state.winners) if seat in state.winners else 0.0


def odds(margin: float, rounds: int) -> float:
    """The chance that a `margin` (in units of a round's spread) over the best opponent is still a lead
    after `rounds` more rounds, each moving it by one unit at random: a normal distribution's."""
    return 0.5 * (1 + math.erf(margin / math.sqrt(2 * rounds)))
