"""Putting rolled dice on a casino, and what kickers do when they land.

A kicker never stays: it leaves for the display card at once and knocks one die off the casino (any die
there, the placer's own too; on the slot machine only a die placed there this same turn). The die goes
back to its owner's hand, or out of the round if it is neutral. Which die is the placer's decision,
asked only when there is a real choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from vegas_table.engine.core.api import Event
from vegas_table.engine.lasvegas.actions import Place
from vegas_table.engine.lasvegas.events import DicePlaced, DieKicked, KickerWasted
from vegas_table.engine.lasvegas.state import (
    BIGGIE,
    CASINO_NAMES,
    DIE,
    KICK,
    KICKER,
    KIND_NAMES,
    NEUTRAL,
    SLOT,
    WHITE,
    Decision,
    LasVegasState,
)

Target = tuple[int, bool]  # (owner, biggie)

# A placement's event, made once for each (seat, number, casino, dice, extra, forced) and handed out again:
# events are values (`events.py`), every turn places, and the few placements there are (a finite set: no
# bound needed) come back game after game; finding one is C, making one a Python call.
_placed = cache(DicePlaced)


def place_dice(state: LasVegasState, action: Place, events: list[Event], forced: bool) -> None:
    """Move every die of the roll showing `action.number` onto its casino (or the slot machine)."""
    seat, number = state.current, action.number
    casino = SLOT if action.slot else number - 1
    dice = state.roll.count(number)
    hand = state.hands[seat]
    hand[DIE] -= dice
    state.dice[casino][seat] += dice
    if not state.extra:  # no biggie, kicker or white die rolled
        if casino == SLOT:
            state.slot_dice += [(seat, DIE, number)] * dice
        state.roll, state.options = (), ()
        events.append(_placed(seat, number, CASINO_NAMES[casino], dice, (), forced))
        return
    biggies, kickers, white = landing(state.extra, number)
    if biggies:
        hand[BIGGIE] -= biggies
        state.biggies[casino][seat] += biggies
    if kickers:
        hand[KICKER] -= kickers
        state.kickers_used[seat] += kickers
    if white:
        hand[WHITE] -= white
        state.dice[casino][NEUTRAL] += white
    if casino == SLOT:
        state.slot_dice += ([(seat, DIE, number)] * dice + [(seat, BIGGIE, number)] * biggies
                            + [(NEUTRAL, WHITE, number)] * white)
    state.roll, state.extra, state.options = (), (), ()
    events.append(_placed(seat, number, CASINO_NAMES[casino], dice, _extra(biggies, kickers, white), forced))
    if kickers:
        resolve_kickers(state, casino, number, kickers, events)


def landing(extra: Sequence[tuple[int, int]], number: int) -> tuple[int, int, int]:
    """The special dice of a roll's `extra` ((kind, pips) each) that a placement of `number` moves: how many
    biggies, kickers and white dice show it. (Greedy's table places them by it too: `bots.greedy.Table`.)"""
    return extra.count((BIGGIE, number)), extra.count((KICKER, number)), extra.count((WHITE, number))


@cache
def _extra(biggies: int, kickers: int, white: int) -> tuple[tuple[str, int], ...]:
    """The special dice of a placement as events name them: (kind, how many), only the kinds placed."""
    counts = ((KIND_NAMES[BIGGIE], biggies), (KIND_NAMES[KICKER], kickers), (KIND_NAMES[WHITE], white))
    return tuple((kind, count) for kind, count in counts if count)


def kick_targets(state: LasVegasState, casino: int, number: int) -> list[Target]:
    """The dice a kicker landing on `casino` may knock off, as (owner, biggie), in the documented order:
    the other players from the placer's left (a biggie before a plain die), white, then the placer's own.
    The first is the default answer."""
    seat, players = state.current, state.players
    if casino == SLOT:  # only dice placed this turn, i.e. those showing the number just placed
        here = {(owner, kind == BIGGIE) for owner, kind, pips in state.slot_dice if pips == number}
    else:
        dice, biggies = state.dice[casino], state.biggies[casino]
        here = {(o, True) for o in range(players) if biggies[o]} | {(o, False) for o in range(-1, players)
                                                                    if dice[o]}
    order = [(seat + step) % players for step in range(1, players)]
    targets = [(o, big) for o in order for big in (True, False) if (o, big) in here]
    targets += [t for t in ((NEUTRAL, False), (seat, True), (seat, False)) if t in here]
    return targets


def resolve_kickers(state: LasVegasState, casino: int, number: int, kickers: int, events: list[Event]) -> None:
    """Resolve `kickers` kickers one after another; stop with a decision when one has a real choice."""
    seat = state.current
    while kickers:
        targets = kick_targets(state, casino, number)
        if not targets:
            events += [KickerWasted(seat, CASINO_NAMES[casino])] * kickers
            return
        if len(targets) > 1:
            state.pending = Decision(KICK, seat, casino, number=number, kickers=kickers)
            return
        knock_off(state, casino, number, targets[0], events, forced=True)
        kickers -= 1


def knock_off(state: LasVegasState, casino: int, number: int, target: Target, events: list[Event],
              forced: bool) -> None:
    """Take one die of `target` off `casino`: back to its owner's hand, or out of the round if neutral."""
    owner, biggie = target
    kind = BIGGIE if biggie else (WHITE if owner == NEUTRAL else DIE)
    if biggie:
        state.biggies[casino][owner] -= 1
    else:
        state.dice[casino][owner] -= 1
    if casino == SLOT:
        state.slot_dice.remove((owner, kind, number))
    if owner == NEUTRAL:
        state.neutral_out += 1
    else:
        state.hands[owner][kind] += 1
    events.append(DieKicked(state.current, CASINO_NAMES[casino], owner, biggie, forced))
