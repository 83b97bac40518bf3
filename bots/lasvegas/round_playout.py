"""A base-game Las Vegas round played out by greedy for every seat on greedy's own table, by the engine's rules.

The playouts are most of the search's time; played by the engine they would pay for its events, the state's
bookkeeping and the legal placements, and for reading greedy's table off the state at every move. Greedy
reasons on a `Table` anyway, so in the base game (plain dice only) the rest of a round is played on that
table: the seat to roll rolls its hand, places the dice of greedy's number, and the next seat with dice goes
on, until the hands are empty and the casinos pay. The rules are the engine's own functions, not copies: the
dice (`chance.roll`, the state's generator drawn in the engine's order), the placements
(`legal.place_options`, `placing.landing` through `Table.place`), who rolls next (`turns.first_with_dice`)
and the payouts (`payout.payouts`). So a round played here ends exactly as the engine would play it
(tests/bots/test_round_playout.py holds it to the engine on random positions), and the search's games are the
same, only faster.
"""

from __future__ import annotations

from dataclasses import dataclass

from vegas_table.bots.greedy import Table
from vegas_table.engine.lasvegas.chance import roll, shown_mask
from vegas_table.engine.lasvegas.legal import place_options
from vegas_table.engine.lasvegas.modules import Modules
from vegas_table.engine.lasvegas.payout import payouts
from vegas_table.engine.lasvegas.state import NEUTRAL, PLAY, LasVegasState
from vegas_table.engine.lasvegas.turns import first_with_dice

BASE = Modules()  # the base game: no module on


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """A round once it is paid: the round, and every seat's money and count of notes (the game's tie-break)."""

    round: int
    money: tuple[int, ...]
    notes: tuple[int, ...]


def applies(state: LasVegasState) -> bool:
    """Whether the round under way can be played here: the base game, a placement at hand."""
    return state.modules == BASE and state.phase == PLAY and state.pending is None


def play_round(state: LasVegasState) -> RoundEnd:
    """The round under way played to its payout by greedy for every seat, from the roll at hand (the current
    seat's). Only the state's dice generator moves; the rest of the state is left as it was."""
    table = Table.of_state(state)
    seat, rng, hands = state.current, state.rng, table.hands
    shown = shown_mask(state.roll)
    while True:
        options = place_options(state, shown)
        table.place(seat, options[table.best(options, seat)] if len(options) > 1 else options[0])
        seat = first_with_dice(hands, seat + 1)
        if seat < 0:
            break
        faces, shown = roll(rng, hands[seat])
        table.roll = (faces, ())
    won = [list(notes) for notes in state.won]
    for casino in range(6):
        for owner, note in payouts(tuple(table.counts[casino]), table.notes[casino]):
            if owner != NEUTRAL:
                won[owner].append(note)
    return RoundEnd(state.round, tuple(map(sum, won)), tuple(map(len, won)))
