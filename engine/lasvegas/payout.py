"""Paying a round: rainbow cards swapped, casinos 1-6 paid, then the slot machine (players choose notes).

In every casino the owners whose dice counts are tied with another's are out; the others take the notes
from the highest down, most dice first, one note each. The neutral (white) "player" takes notes like
anyone, and they go under the pile with the casino's leftovers. The slot machine ranks by dice, then sum
of pips, then the highest pips (and the next highest...); only owners tied on all of that cancel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter

from vegas_table.engine.core.api import Event
from vegas_table.engine.lasvegas.bank import RAINBOW, display_order
from vegas_table.engine.lasvegas.events import CasinoPaid, NoteTaken, RainbowReplaced, SlotRanked
from vegas_table.engine.lasvegas.state import BIGGIE, CASINO_NAMES, NEUTRAL, PAYOUT, SLOT, TAKE, Decision, LasVegasState

Paid = tuple[tuple[int, int], ...]
_BY_COUNT = itemgetter(1)  # of (owner, dice counted)


def pay_round(state: LasVegasState, events: list[Event]) -> bool:
    """Pay every casino; False when the slot machine stops to wait for a player's choice of note."""
    state.phase, state.roll, state.extra, state.options = PAYOUT, (), (), ()
    if state.modules.rainbow:
        replace_rainbows(state, events)
    pay_casinos(state, range(6), events)
    return not state.modules.slot or start_slot(state, events)


def replace_rainbows(state: LasVegasState, events: list[Event]) -> None:
    """Each rainbow card leaves the game for the top note of the pile (drawing past rainbow cards)."""
    for casino in range(state.casinos):
        notes = state.notes[casino]
        while RAINBOW in notes:
            notes.remove(RAINBOW)
            state.discards.append(RAINBOW)
            drawn = []
            while state.deck:
                card = state.deck.pop()
                drawn.append(card)
                if card != RAINBOW:
                    notes.append(card)
                    break
                state.discards.append(card)
            events.append(RainbowReplaced(CASINO_NAMES[casino], tuple(drawn)))
        state.notes[casino] = display_order(notes)


def owners_here(state: LasVegasState, casino: int) -> list[tuple[int, int]]:
    """(owner, dice counted) of every owner with dice on `casino`: seats in order, then white."""
    return list(ranking(tuple(counts_here(state, casino)))[0])


def counts_here(state: LasVegasState, casino: int) -> list[int]:
    """The dice each owner counts on `casino` (a biggie counts two): seats in order, then white last."""
    dice = state.dice[casino]
    if not state.modules.biggies:
        return dice
    return [plain + 2 * big for plain, big in zip(dice, state.biggies[casino], strict=True)]


@lru_cache(maxsize=1 << 12)
def ranking(counts: tuple[int, ...]) -> tuple[Paid, tuple[int, ...], tuple[int, ...]]:
    """For the dice counted per owner (seats, then white last): (owner, count) of each owner with dice, the
    owners whose counts are tied with another's (they are out), and the others, most dice first.

    Casinos are paid 24 times a game and the same few tables of counts come back again and again, so the
    answer is remembered per table (at most 4,096 of them, a few megabytes at worst).
    """
    owners = (*range(len(counts) - 1), NEUTRAL)
    counted = tuple((owner, count) for owner, count in zip(owners, counts, strict=True) if count)
    tally = Counter(count for _, count in counted)
    cancelled = tuple(owner for owner, count in counted if tally[count] > 1)
    ranked = tuple(owner for owner, count in sorted(counted, key=_BY_COUNT, reverse=True) if tally[count] == 1)
    return counted, cancelled, ranked


@lru_cache(maxsize=1 << 16)
def payouts(counts: tuple[int, ...], notes: tuple[int, ...]) -> Paid:
    """(owner, note) of each note a casino pays with these counts (`ranking`) and these notes (highest first):
    the ranked owners take one note each, most dice first, while the notes last. Remembered: the search's
    playouts weigh the same casinos over and over (`bots.greedy.Table`)."""
    return tuple(zip(ranking(counts)[2], notes))  # noqa: B905  (a plain zip: more owners than notes is usual)


def pay_casino(state: LasVegasState, casino: int, events: list[Event]) -> None:
    """Pay casino 1-6 (`pay_casinos`) on its own."""
    pay_casinos(state, (casino,), events)


def pay_casinos(state: LasVegasState, casinos: Iterable[int], events: list[Event]) -> None:
    """Pay `casinos` (of 1-6) in order: tied counts cancel; the rest take notes from the highest, most dice
    first. White's notes and the notes left over go beneath the pile casino after casino.

    One loop for every casino of a round (24 payouts a game): sliding the notes under one by one, casino
    after casino, is the same as sliding the whole list once at the end, and cheaper.
    """
    under: list[int] = []
    won, table, dice, biggies = state.won, state.notes, state.dice, state.modules.biggies
    for casino in casinos:
        counts = tuple(counts_here(state, casino) if biggies else dice[casino])
        counted, cancelled, _ = ranking(counts)
        notes = tuple(table[casino])
        paid = payouts(counts, notes)
        returned = notes[len(paid):]
        for owner, value in paid:
            if owner == NEUTRAL:
                under.append(value)
            else:
                won[owner].append(value)
        under += returned
        table[casino] = []
        events.append(CasinoPaid(CASINO_NAMES[casino], counted, cancelled, paid, returned))
    under_pile(state, under)


def under_pile(state: LasVegasState, notes: Sequence[int]) -> None:
    """Slide `notes` one by one beneath the pile (the last one ends up at the very bottom)."""
    state.deck[0:0] = reversed(notes)


SlotKeys = dict[int, tuple[int, int, tuple[int, ...]]]


def slot_keys(slot_dice: Sequence[tuple[int, int, int]]) -> SlotKeys:
    """Per owner on the slot machine: (dice, sum of pips, pips highest first); a biggie counts twice."""
    pips: dict[int, list[int]] = {}
    for owner, kind, face in slot_dice:
        pips.setdefault(owner, []).extend((face, face) if kind == BIGGIE else (face,))
    return keys_of_pips(pips)


def keys_of_pips(pips: Mapping[int, Sequence[int]]) -> SlotKeys:
    """`slot_keys` of the pips each owner has on the slot machine (a biggie's twice), owners without any left out."""
    return {o: (len(p), sum(p), tuple(sorted(p, reverse=True))) for o, p in pips.items() if p}


def slot_order(keys: SlotKeys) -> tuple[int, ...]:
    """The owners who take slot notes, in the order they take them: best key first; exact ties are out."""
    tally = Counter(keys.values())
    return tuple(sorted((o for o in keys if tally[keys[o]] == 1), key=lambda o: keys[o], reverse=True))


def slot_ranking(slot_dice: Sequence[tuple[int, int, int]], players: int) -> tuple[SlotKeys, tuple[int, ...],
                                                                                   tuple[int, ...]]:
    """The slot machine's keys per owner, the order the owners take notes in, and those tied out."""
    keys = slot_keys(slot_dice)
    tally = Counter(keys.values())
    cancelled = tuple(o for o in (*range(players), NEUTRAL) if o in keys and tally[keys[o]] > 1)
    return keys, slot_order(keys), cancelled


def start_slot(state: LasVegasState, events: list[Event]) -> bool:
    """Rank the slot machine and let the owners take notes in that order (False: waiting for a choice)."""
    keys, order, cancelled = slot_ranking(state.slot_dice, state.players)
    events.append(SlotRanked(tuple((o, keys[o][0], keys[o][1], keys[o][2][0]) for o in order), cancelled))
    return continue_slot(state, events, order, (), cancelled)


def continue_slot(state: LasVegasState, events: list[Event], order: tuple[int, ...], paid: Paid,
                  cancelled: tuple[int, ...]) -> bool:
    """Owners in `order` take slot notes: white and anyone with one value to choose from take the highest;
    a player with a real choice is asked (False). True once the slot machine is paid."""
    notes = state.notes[SLOT]
    while order and notes:
        owner, order = order[0], order[1:]
        if owner != NEUTRAL and len(set(notes)) > 1:
            state.pending = Decision(TAKE, owner, SLOT, order=order, paid=paid, cancelled=cancelled)
            return False
        paid += ((owner, notes[0]),)
        take_note(state, owner, notes[0], events, chosen=False)
    close_slot(state, events, paid, cancelled)
    return True


def take_note(state: LasVegasState, owner: int, value: int, events: list[Event], chosen: bool) -> None:
    state.notes[SLOT].remove(value)
    if owner == NEUTRAL:
        under_pile(state, [value])
    else:
        state.won[owner].append(value)
    events.append(NoteTaken(owner, value, chosen))


def close_slot(state: LasVegasState, events: list[Event], paid: Paid, cancelled: tuple[int, ...]) -> None:
    returned = tuple(state.notes[SLOT])
    under_pile(state, returned)
    state.notes[SLOT] = []
    events.append(CasinoPaid(CASINO_NAMES[SLOT], tuple(owners_here(state, SLOT)), cancelled, paid, returned))
