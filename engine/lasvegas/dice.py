"""A player's roll: every die still in hand, rolled as the turn starts.

A roll keeps the faces of the plain dice (`state.roll`) apart from those of the special dice, the biggie,
kickers and white dice (`state.extra`, as (kind, pips) pairs), so the base game only ever looks at a
tuple of faces. A hand is rolled in the order: plain dice, biggie, kickers, white dice (`chance.roll`).
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.api import Event
from engine.lasvegas.chance import Faces, roll
from engine.lasvegas.events import DiceRolled
from engine.lasvegas.state import BIGGIE, KICKER, KIND_NAMES, WHITE, LasVegasState

Extra = tuple[tuple[int, int], ...]  # (kind, pips) of each special die, as `state.extra` keeps them
Named = tuple[tuple[str, int], ...]  # (kind's name, pips), as `DiceRolled.extra` gives them


@lru_cache(maxsize=1 << 12)
def _specials(biggies: int, kickers: int, white: int, pips: Faces) -> tuple[Extra, Named]:
    """A hand's special dice showing `pips` (in rolling order: biggie, kickers, white) as the state keeps them,
    (kind, pips), and as events name them, (name, pips). With neutral dice every turn rolls some, and the
    same few combinations of faces come back, so the pairs are made once per combination."""
    kinds = (BIGGIE,) * biggies + (KICKER,) * kickers + (WHITE,) * white
    extra = tuple(zip(kinds, pips, strict=True))
    return extra, tuple((KIND_NAMES[kind], face) for kind, face in extra)


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
    state.roll = faces[:plain]
    state.extra, named = _specials(biggies, kickers, white, faces[plain:])
    events.append(DiceRolled(seat, state.roll, named))
    return shown


def numbers_rolled(state: LasVegasState) -> list[int]:
    """The numbers showing in the current roll, lowest first."""
    return sorted({*state.roll, *(pips for _, pips in state.extra)})


def slot_numbers(state: LasVegasState) -> set[int]:
    """The numbers lying on the slot machine now (a number kicked off entirely is free again)."""
    return {pips for _, _, pips in state.slot_dice}
