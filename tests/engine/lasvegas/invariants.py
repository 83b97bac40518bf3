"""Invariants of every Las Vegas state, checked independently of the engine's own bookkeeping."""

from __future__ import annotations

import json
from collections import Counter

from vegas_table.engine.lasvegas.bank import RAINBOW, starting_pile
from vegas_table.engine.lasvegas.codec import decode, encode
from vegas_table.engine.lasvegas.state import (
    BIGGIE,
    DICE_PER_PLAYER,
    DIE,
    KICKER,
    NEUTRAL,
    OVER,
    PAYOUT,
    SLOT,
    WHITE,
    LasVegasState,
    extra_neutral_dice,
    starting_hand,
)


def notes_in_play(state: LasVegasState) -> Counter[int]:
    """Every card of the game wherever it is: pile, casinos, players' winnings, rainbow discards."""
    cards: Counter[int] = Counter(state.deck) + Counter(state.discards)
    for casino in state.notes:
        cards.update(casino)
    for won in state.won:
        cards.update(won)
    return cards


def check(state: LasVegasState) -> None:
    assert notes_in_play(state) == Counter(starting_pile(state.modules)), "notes are conserved"
    assert RAINBOW not in (n for won in state.won for n in won), "nobody wins a rainbow card"
    assert all(casino == sorted(casino, key=lambda n: -(40 if n == RAINBOW else n)) for casino in state.notes)
    check_dice(state)
    if state.phase != PAYOUT:
        assert all(not state.notes[c] for c in range(state.casinos, 7))
    if state.pending is None and state.phase not in (OVER, PAYOUT):
        assert state.options, "the current player always has something to place"
        assert any(state.hands[state.current])
    assert 1 <= state.round <= 4 and state.start_player == (state.round - 1) % state.players


def check_dice(state: LasVegasState) -> None:
    """Each player's 8 dice are in hand, on the table or on the kicker display; white dice likewise."""
    plain, biggies, kickers, white = starting_hand(state.players, state.modules)
    for seat in range(state.players):
        hand = state.hands[seat]
        on_table = [sum(state.dice[c][seat] for c in range(7)), sum(state.biggies[c][seat] for c in range(7))]
        assert hand[DIE] + on_table[0] == plain and hand[BIGGIE] + on_table[1] == biggies
        assert hand[KICKER] + state.kickers_used[seat] == kickers
    assert plain + biggies + kickers == DICE_PER_PLAYER
    whites = sum(h[WHITE] for h in state.hands) + sum(state.dice[c][NEUTRAL] for c in range(7)) + state.neutral_out
    assert whites == white * state.players + extra_neutral_dice(state.players, state.modules)
    assert all(state.biggies[c][NEUTRAL] == 0 for c in range(7))
    slot_counts = Counter((o, k) for o, k, _ in state.slot_dice)
    for owner in (*range(state.players), NEUTRAL):
        assert slot_counts[(owner, BIGGIE)] == state.biggies[SLOT][owner]
        assert slot_counts[(owner, WHITE if owner == NEUTRAL else DIE)] == state.dice[SLOT][owner]
    placers: dict[int, set[int]] = {}
    for owner, _, pips in state.slot_dice:
        if owner != NEUTRAL:
            placers.setdefault(pips, set()).add(owner)
    assert all(len(owners) == 1 for owners in placers.values()), "each number goes on the slot machine once"


def check_codec(state: LasVegasState) -> None:
    """encode -> JSON -> decode gives back the same state (same encoding, same legal actions)."""
    data = encode(state)
    again = decode(json.loads(json.dumps(data)))
    assert encode(again) == data and again.options == state.options
