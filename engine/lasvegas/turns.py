"""The flow of a game: set-up, rounds, turns (the roll, then the player's choice), the end.

The engine rolls for the player whose turn starts and plays the turn by itself when the roll leaves a
single choice (as online play does), so a player is only ever asked a real question. Between the turns it
skips players with no dice left, pays the round when nobody has any, and starts the next round.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat

from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lasvegas.actions import Place
from vegas_table.engine.lasvegas.bank import display_order, minimum, setup_value, starting_pile
from vegas_table.engine.lasvegas.chance import roll
from vegas_table.engine.lasvegas.checks import check_turn, illegal
from vegas_table.engine.lasvegas.dice import numbers_rolled, roll_hand
from vegas_table.engine.lasvegas.events import CasinosFilled, GameEnded, NeutralDiceRolled, RoundEnded, RoundStarted
from vegas_table.engine.lasvegas.legal import CASINO_OPTIONS, place_options
from vegas_table.engine.lasvegas.modules import Modules
from vegas_table.engine.lasvegas.payout import pay_round
from vegas_table.engine.lasvegas.placing import place_dice
from vegas_table.engine.lasvegas.state import (
    NEUTRAL,
    OVER,
    PLAY,
    ROUNDS,
    LasVegasState,
    extra_neutral_dice,
    starting_hand,
)


def new_state(config: GameConfig) -> tuple[LasVegasState, list[Event]]:
    """Shuffle the pile, set up round 1 and roll for its start player (seat 0)."""
    modules = Modules.from_options(config.options)
    state = LasVegasState(config=config, players=config.players, modules=modules, rng=Rng(config.seed),
                          deck=starting_pile(modules), won=[[] for _ in range(config.players)])
    state.rng.shuffle(state.deck)
    events: list[Event] = []
    start_round(state, events)
    next_turn(state, events, state.start_player)
    return state, events


def start_round(state: LasVegasState, events: list[Event]) -> None:
    """Dice back to their owners, start player to the left, casinos filled to their minimum."""
    state.round += 1
    players = state.players
    state.start_player = (state.round - 1) % players
    state.phase = PLAY
    # Fresh lists copied from one template each (map(list.copy) is half the cost of a comprehension).
    state.hands = list(map(list, repeat(starting_hand(players, state.modules), players)))
    state.kickers_used = [0] * players
    state.neutral_out = 0
    empty = [0] * (players + 1)
    state.dice = list(map(list.copy, repeat(empty, 7)))
    state.biggies = list(map(list.copy, repeat(empty, 7)))
    state.slot_dice = []
    events.append(RoundStarted(state.round, state.start_player))
    fill_casinos(state, events)
    extras = extra_neutral_dice(players, state.modules)
    if extras:
        pips, _ = roll(state.rng, extras)
        for face in pips:
            state.dice[face - 1][NEUTRAL] += 1
        events.append(NeutralDiceRolled(state.start_player, tuple(pips)))


def fill_casinos(state: LasVegasState, events: list[Event]) -> None:
    """Deal notes from the top of the pile to each casino in turn until it holds the minimum (or the pile
    runs out: then the casinos left get what there is). A casino's notes are counted off the top of the pile
    and taken in one slice (their order does not matter: a casino lays them out highest first)."""
    need, deck, rainbow = minimum(state.players, state.modules), state.deck, state.modules.rainbow
    filled = []
    for casino in range(state.casinos):
        top = len(deck)
        total = 0
        while total < need and top:
            top -= 1
            total += setup_value(deck[top]) if rainbow else deck[top]
        notes = display_order(deck[top:]) if rainbow else sorted(deck[top:], reverse=True)
        del deck[top:]
        state.notes[casino] = notes
        filled.append(tuple(notes))
    events.append(CasinosFilled(tuple(filled)))


def do_place(state: LasVegasState, seat: int, action: Place, events: list[Event]) -> None:
    if seat != state.current or state.pending is not None or state.phase != PLAY:
        check_turn(state, seat, action)  # says why not
    # `place N` is legal whenever a plain die shows N; anything else is checked against the options in full.
    if (action.slot or action.number not in state.roll) and action not in state.options:
        raise _why_not(state, action)
    place_dice(state, action, events, forced=False)
    if state.pending is None:
        next_turn(state, events, seat + 1)


def _why_not(state: LasVegasState, action: Place) -> IllegalAction:
    numbers = numbers_rolled(state)
    if action.number not in numbers:
        return illegal(action, "not_rolled", f"you rolled no {action.number} "
                       f"(you rolled {', '.join(map(str, numbers))})")
    if not state.modules.slot:
        return illegal(action, "no_slot_machine", "this game has no slot machine (option slot)")
    return illegal(action, "slot_number_taken", f"the slot machine already holds {action.number}s; "
                   f"place them on casino {action.number}")


def next_turn(state: LasVegasState, events: list[Event], first: int) -> None:
    """Start the turn of the first seat from `first` on (round the table) with dice in hand, and keep
    playing while nobody has a real choice: forced turns, round payouts, new rounds."""
    players = state.players
    # without a slot machine a roll's placements are `place_options`' table, read here without the call
    table = None if state.modules.slot else CASINO_OPTIONS
    while True:
        seat = first % players
        hand = state.hands[seat]  # (a new round gives out new hands: never keep them across the loop)
        if not any(hand):
            seat = first_with_dice(list(map(sum, state.hands)), first)
            if seat < 0:
                if not pay_round(state, events) or not close_round(state, events):
                    return
                first = state.start_player
                continue
            hand = state.hands[seat]
        state.current = seat
        state.turn += 1
        shown = roll_hand(state, seat, hand, events)
        options = state.options = table[shown] if table is not None else place_options(state, shown)
        if len(options) > 1:
            return
        place_dice(state, options[0], events, forced=True)
        if state.pending is not None:
            return
        first = seat + 1


def first_with_dice(in_hand: Sequence[int], first: int) -> int:
    """The first seat from `first` on, round the table, with dice in hand (`in_hand`: how many, by seat);
    -1 when nobody has any. (The search's playouts play a round on their own counts with it too.)"""
    players = len(in_hand)
    for step in range(players):
        seat = (first + step) % players
        if in_hand[seat]:
            return seat
    return -1


def close_round(state: LasVegasState, events: list[Event]) -> bool:
    """The round is paid: start the next one (True), or end the game after the fourth (False)."""
    events.append(RoundEnded(state.round, tuple(map(sum, state.won))))
    if state.round >= ROUNDS:
        finish(state, events)
        return False
    start_round(state, events)
    return True


def finish(state: LasVegasState, events: list[Event]) -> None:
    """Most money wins; then most notes; still tied players share the win."""
    state.phase = OVER
    money, notes = tuple(map(sum, state.won)), tuple(map(len, state.won))
    state.winners = winners(money, notes)
    events.append(GameEnded(state.winners, money, notes))


def winners(money: Sequence[int], notes: Sequence[int]) -> tuple[int, ...]:
    """The seats that win with this money and these counts of notes: most money, then most notes; the
    seats still tied share the win. (Bots that value a game's end without playing it ask this too.)"""
    standing = list(zip(money, notes, strict=True))
    best = max(standing)
    return tuple(seat for seat, mine in enumerate(standing) if mine == best)
