"""A player's roll: every die still in hand, rolled as the turn starts.

A roll keeps the faces of the plain dice (`state.roll`) apart from those of the special dice, the biggie,
kickers and white dice (`state.extra`, as (kind, pips) pairs), so the base game only ever looks at a
tuple of faces. A hand is rolled in the order: plain dice, biggie, kickers, white dice (`chance.roll`).
"""

from __future__ import annotations

from engine.core.api import Event
from engine.lasvegas.chance import roll
from engine.lasvegas.events import DiceRolled
from engine.lasvegas.state import BIGGIE, DIE, KICKER, KIND_NAMES, WHITE, LasVegasState

_SPECIAL = (BIGGIE, KICKER, WHITE)


def roll_hand(state: LasVegasState, events: list[Event]) -> None:
    """The current player rolls every die still in their hand (chance, as the turn starts)."""
    hand = state.hands[state.current]
    plain = hand[DIE]
    faces = roll(state.rng, plain + hand[BIGGIE] + hand[KICKER] + hand[WHITE])
    if plain == len(faces):
        state.roll, state.extra = faces, ()
        events.append(DiceRolled(state.current, faces, ()))
        return
    kinds = [kind for kind in _SPECIAL for _ in range(hand[kind])]
    state.roll, state.extra = faces[:plain], tuple(zip(kinds, faces[plain:], strict=True))
    events.append(DiceRolled(state.current, state.roll, tuple((KIND_NAMES[k], p) for k, p in state.extra)))


def numbers_rolled(state: LasVegasState) -> list[int]:
    """The numbers showing in the current roll, lowest first."""
    return sorted({*state.roll, *(pips for _, pips in state.extra)})


def slot_numbers(state: LasVegasState) -> set[int]:
    """The numbers lying on the slot machine now (a number kicked off entirely is free again)."""
    return {pips for _, _, pips in state.slot_dice}
