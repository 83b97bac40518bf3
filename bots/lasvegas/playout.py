"""A fast Las Vegas policy for a search's playouts: the placement that most improves the seat's payout at
the one casino it touches, less what the dice it spends were worth in hand.

It is the greedy bot's judgement (`bots.greedy`) narrowed to what one placement changes, read straight off
the state (a determinized one: the bot's own sample) instead of a view, so that a playout costs little.
Decisions (kicks, slot machine notes) and slot machine placements are chosen at random.
"""

from __future__ import annotations

import random
from typing import Any

from bots.base import concrete
from bots.greedy import DIE_IN_HAND, payouts
from engine.lasvegas.actions import Place
from engine.lasvegas.game import LAS_VEGAS as GAME
from engine.lasvegas.state import BIGGIE, SLOT, WHITE, LasVegasState


def quick_action(state: LasVegasState, seat: int, rng: random.Random) -> Any:
    options = GAME.legal_actions(state, seat)
    if state.pending is not None or len(options) == 1:
        return concrete(rng.choice(options), rng)
    per_die = DIE_IN_HAND * _per_die(state)
    best, best_score = options[0], float("-inf")
    for option in options:
        score = _score(state, seat, option, per_die) if isinstance(option, Place) and not option.slot else -1e9
        score += rng.random() * 1e-3  # ties at random
        if score > best_score:
            best, best_score = option, score
    return best


def _per_die(state: LasVegasState) -> float:
    money = sum(sum(notes) for notes in state.notes[:SLOT])
    dice = sum(sum(hand) for hand in state.hands) + sum(sum(d) + sum(b) for d, b in zip(state.dice, state.biggies,
                                                                                          strict=True))
    return money / max(1, dice)


def _score(state: LasVegasState, seat: int, option: Place, per_die: float) -> float:
    """The seat's payout gain at the casino minus the best opponent's, less the dice spent at `per_die`."""
    number = option.number
    casino = number - 1
    extra = [kind for kind, pips in state.extra if pips == number]
    mine = state.roll.count(number) + 2 * extra.count(BIGGIE)
    white = extra.count(WHITE)
    owners = state.owners
    before = [state.score(casino, owner) for owner in owners]
    after = list(before)
    after[seat] += mine
    after[-1] += white
    gain = [0.0] * (state.players + 1)  # the neutral owner last, where payouts() puts it (index -1)
    for counts, sign in ((after, 1), (before, -1)):
        for owner, note in payouts(counts, state.notes[casino]):
            gain[owner] += sign * note
    rival = max(gain[s] for s in range(state.players) if s != seat)
    spent = state.roll.count(number) + len(extra)
    return gain[seat] - rival - per_die * spent

