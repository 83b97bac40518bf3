"""A player's roll: every die still in hand, rolled as the turn starts.

A roll keeps the faces of the plain dice (`state.roll`) apart from those of the special dice, the biggie,
kickers and white dice (`state.extra`, as (kind, pips) pairs), so the base game only ever looks at a
tuple of faces. A hand is rolled in the order: plain dice, biggie, kickers, white dice (`chance.roll`).
"""

from __future__ import annotations

from functools import cache

from engine.core.api import Event
from engine.lasvegas.chance import roll
from engine.lasvegas.events import DiceRolled
from engine.lasvegas.state import BIGGIE, KICKER, KIND_NAMES, WHITE, LasVegasState


@cache
def _special_kinds(biggies: int, kickers: int, white: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The kinds of a hand's special dice in rolling order, as numbers and as the names events use."""
    kinds = (BIGGIE,) * biggies + (KICKER,) * kickers + (WHITE,) * white
    return kinds, tuple(KIND_NAMES[k] for k in kinds)


def roll_hand(state: LasVegasState, events: list[Event]) -> int:
    """The current player rolls every die still in their hand (chance, as the turn starts); returns the
    numbers showing as a mask (bit n set when a die shows n)."""
    seat = state.current
    plain, biggies, kickers, white = state.hands[seat]
    faces, shown = roll(state.rng, plain + biggies + kickers + white)
    if plain == len(faces):
        state.roll, state.extra = faces, ()
        events.append(DiceRolled(seat, faces, ()))
        return shown
    kinds, names = _special_kinds(biggies, kickers, white)
    special = faces[plain:]
    state.roll, state.extra = faces[:plain], tuple(zip(kinds, special, strict=True))
    events.append(DiceRolled(seat, state.roll, tuple(zip(names, special, strict=True))))
    return shown


def numbers_rolled(state: LasVegasState) -> list[int]:
    """The numbers showing in the current roll, lowest first."""
    return sorted({*state.roll, *(pips for _, pips in state.extra)})


def slot_numbers(state: LasVegasState) -> set[int]:
    """The numbers lying on the slot machine now (a number kicked off entirely is free again)."""
    return {pips for _, _, pips in state.slot_dice}
