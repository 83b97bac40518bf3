"""Every legal action of a seat, in a stable order, for bots and clients.

Placing: for each number rolled, lowest first, `place N` and then (slot machine) `place N slot` when N is
not on the slot machine yet. Decisions: a kick lists its targets in `placing.kick_targets` order; a slot
note choice lists the values on offer, highest first. The first answer is the documented default.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from vegas_table.engine.core.api import RandomSource
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lasvegas.actions import PLACE, PLACE_SLOT, WHITE_OWNER, Kick, Place, Take
from vegas_table.engine.lasvegas.chance import shown_mask
from vegas_table.engine.lasvegas.dice import slot_numbers
from vegas_table.engine.lasvegas.placing import kick_targets
from vegas_table.engine.lasvegas.state import KICK, NEUTRAL, OVER, PLAYER_COLOURS, SLOT, Decision, LasVegasState


def legal_actions(state: LasVegasState, seat: int) -> list[Any]:
    if state.phase == OVER:
        return []
    head = state.pending
    if head is not None:
        return decision_answers(state, head) if head.seat == seat else []
    return list(state.options) if seat == state.current else []


def kept_legal_actions(state: LasVegasState, seat: int) -> tuple[Place, ...] | None:
    """The placements of the current player's roll as the table holds them (`state.options`: a tuple of
    `CASINO_OPTIONS` or `_slot_options`, the same object whenever the same numbers show); None for anything
    else (a decision's answers are listed afresh, other seats have none)."""
    if state.phase == OVER or state.pending is not None or seat != state.current:
        return None
    return state.options


def random_action(state: LasVegasState, seat: int, rng: RandomSource) -> Any:
    """Entry `k` of `legal_actions(state, seat)`, `k` uniform (`rng.randrange`), as a bot choosing from the
    list would; IllegalAction if there is none. The list is already at hand (`state.options`, or a decision's
    few answers), so this simply picks from it."""
    actions = legal_actions(state, seat)
    if not actions:
        waiting = state.pending.seat if state.pending is not None else state.current
        why = "the game is over" if state.phase == OVER else f"it is {state.name(waiting)}'s move"
        raise IllegalAction("no_legal_action", f"{state.name(seat)} has nothing to do now: {why}")
    return actions[rng.randrange(len(actions))]


def place_options(state: LasVegasState, shown: int | None = None) -> tuple[Place, ...]:
    """What the current roll allows to place (`shown`: the numbers showing as a mask, bit n for n, if known).
    `next_turn` keeps the answer in `state.options` while the roll waits for the player."""
    if shown is None:
        shown = shown_mask((*state.roll, *(pips for _, pips in state.extra)))
    if not state.modules.slot:
        return CASINO_OPTIONS[shown]
    return _slot_options(shown, shown_mask(slot_numbers(state)))


# The placements without a slot machine for every set of numbers a roll can show (as a mask), made once.
CASINO_OPTIONS: tuple[tuple[Place, ...], ...] = tuple(
    tuple(PLACE[n] for n in range(1, 7) if shown >> n & 1) for shown in range(1 << 7))


@cache
def _slot_options(shown: int, taken: int) -> tuple[Place, ...]:
    """With the slot machine: each number showing, lowest first, then on the slot machine unless `taken`."""
    options: list[Place] = []
    for n in range(1, 7):
        if shown >> n & 1:
            options.append(PLACE[n])
            if not taken >> n & 1:
                options.append(PLACE_SLOT[n])
    return tuple(options)


def owner_word(owner: int) -> str:
    """How an action names a die's owner: a colour, or "white"."""
    return WHITE_OWNER if owner == NEUTRAL else PLAYER_COLOURS[owner]


def decision_answers(state: LasVegasState, head: Decision) -> list[Kick | Take]:
    if head.kind == KICK:
        return [Kick(owner_word(o), big) for o, big in kick_targets(state, head.casino, head.number)]
    return [Take(value) for value in sorted(set(state.notes[SLOT]), reverse=True)]
