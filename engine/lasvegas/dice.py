"""A player's roll: every die still in hand, rolled as the turn starts.

A roll keeps the faces of the plain dice (`state.roll`) apart from those of the special dice, the biggie,
kickers and white dice (`state.extra`, as (kind, pips) pairs), so the base game only ever looks at a
tuple of faces. A hand is rolled in the order: plain dice, biggie, kickers, white dice (`chance.draw`).
"""

from __future__ import annotations

from functools import lru_cache

from vegas_table.engine.core.api import Event
from vegas_table.engine.lasvegas.chance import LIMITS, POWERS, faces_of
from vegas_table.engine.lasvegas.events import DiceRolled
from vegas_table.engine.lasvegas.state import BIGGIE, KICKER, KIND_NAMES, WHITE, LasVegasState

Extra = tuple[tuple[int, int], ...]  # (kind, pips) of each special die, as `state.extra` keeps them
Named = tuple[tuple[str, int], ...]  # (kind's name, pips), as `DiceRolled.extra` gives them


@lru_cache(maxsize=1 << 12)
def _specials(biggies: int, kickers: int, white: int, value: int) -> tuple[Extra, Named, int]:
    """A hand's special dice (in rolling order: biggie, kickers, white) whose roll is `value`, as the state
    keeps them, (kind, pips), as events name them, (name, pips), and the mask of the numbers they show.
    With neutral dice every turn rolls some, and the same few rolls come back: each is made once."""
    kinds = (BIGGIE,) * biggies + (KICKER,) * kickers + (WHITE,) * white
    pips, shown = faces_of(value, len(kinds))
    extra = tuple(zip(kinds, pips, strict=True))
    return extra, tuple((KIND_NAMES[kind], face) for kind, face in extra), shown


def roll_hand(state: LasVegasState, seat: int, hand: list[int], events: list[Event]) -> int:
    """`seat`, the current player, rolls every die still in `hand` (chance, as the turn starts); returns the
    numbers showing as a mask (bit n set when a die shows n).

    One draw for the whole hand (`chance.draw`, written out), plain dice the low digits (`chance`): the
    special dice are the high ones.
    """
    plain, biggies, kickers, white = hand
    specials = biggies + kickers + white
    if not specials:
        faces, shown = faces_of(state.rng.word_below(LIMITS[plain]) % POWERS[plain], plain)
        state.roll, state.extra = faces, ()
        events.append(DiceRolled(seat, faces, ()))
        return shown
    count = plain + specials
    special, value = divmod(state.rng.word_below(LIMITS[count]) % POWERS[count], POWERS[plain])
    state.roll, shown = faces_of(value, plain)
    state.extra, named, special_shown = _specials(biggies, kickers, white, special)
    events.append(DiceRolled(seat, state.roll, named))
    return shown | special_shown


def numbers_rolled(state: LasVegasState) -> list[int]:
    """The numbers showing in the current roll, lowest first."""
    return sorted({*state.roll, *(pips for _, pips in state.extra)})


def slot_numbers(state: LasVegasState) -> set[int]:
    """The numbers lying on the slot machine now (a number kicked off entirely is free again)."""
    return {pips for _, _, pips in state.slot_dice}
