"""Building exact Las Vegas positions for rule tests, the way the rulebook examples describe them.

`blank()` gives a game in round 1 with no notes and no dice on the table, full hands, nothing won and
nothing rolled; `notes()`, `dice()`, `slot()`, `hand()` lay out the example; `rolled()` makes it a seat's
turn with the roll the example names. Seats follow the rulebook's people: Anna is red (seat 0), Benno
blue (1), Carla green (2), Denny yellow (3). White (the neutral dice) is owner -1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.legal import place_options
from vegas_table.engine.lasvegas.state import (
    BIGGIE,
    DIE,
    KICKER,
    NEUTRAL,
    PLAY,
    SLOT,
    WHITE,
    LasVegasState,
    starting_hand,
)

ANNA, BENNO, CARLA, DENNY = 0, 1, 2, 3
KINDS = {"die": DIE, "biggie": BIGGIE, "kicker": KICKER, "white": WHITE}


def blank(players: int = 4, options: Iterable[str] = (), seed: str = "table") -> LasVegasState:
    """Round 1, Anna (seat 0) to play, an empty table; the pile keeps its shuffled order."""
    state, _ = GAME.new(GameConfig("lasvegas", "base", players, seed, tuple(sorted(options))))
    for casino in range(7):
        state.deck[0:0] = state.notes[casino]
        state.notes[casino] = []
    state.dice = [[0] * (players + 1) for _ in range(7)]
    state.biggies = [[0] * (players + 1) for _ in range(7)]
    state.slot_dice = []
    state.hands = [list(starting_hand(players, state.modules)) for _ in range(players)]
    state.kickers_used, state.neutral_out = [0] * players, 0
    state.won = [[] for _ in range(players)]
    state.roll, state.extra, state.options, state.pending = (), (), (), None
    state.round, state.start_player, state.current, state.turn, state.phase = 1, 0, 0, 1, PLAY
    return state


def casino_index(casino: int | str) -> int:
    return SLOT if casino == "slot" else int(casino) - 1


def notes(state: LasVegasState, casino: int | str, *values: int) -> None:
    """Put notes ($k, highest first) on a casino."""
    state.notes[casino_index(casino)] = sorted(values, reverse=True)


def dice(state: LasVegasState, casino: int, counts: dict[int, int], biggies: dict[int, int] | None = None) -> None:
    """Dice already on casino `casino` (1-6): owner -> how many (owner -1 is white)."""
    for owner, count in counts.items():
        state.dice[casino - 1][owner] += count
    for owner, count in (biggies or {}).items():
        state.biggies[casino - 1][owner] += count


def slot(state: LasVegasState, owner: int, pips: int, count: int = 1, kind: str = "die") -> None:
    """Dice already on the slot machine."""
    index = WHITE if owner == NEUTRAL else KINDS[kind]
    state.slot_dice += [(owner, index, pips)] * count
    if kind == "biggie":
        state.biggies[SLOT][owner] += count
    else:
        state.dice[SLOT][owner] += count


def hand(state: LasVegasState, seat: int, dice: int = 0, biggie: int = 0, kicker: int = 0, white: int = 0) -> None:
    state.hands[seat] = [dice, biggie, kicker, white]


def empty_hands(state: LasVegasState) -> None:
    for seat in range(state.players):
        hand(state, seat)


def rolled(state: LasVegasState, seat: int, faces: Sequence[int], **extra: Sequence[int]) -> None:
    """It is `seat`'s turn and the roll shows `faces` on plain dice and, by kind, the faces of the special
    dice (`biggie=[4]`, `kicker=[2, 5]`, `white=[1]`); the hand is exactly those dice."""
    specials = [(KINDS[kind], pips) for kind in ("biggie", "kicker", "white") for pips in extra.get(kind, ())]
    state.hands[seat] = [len(faces)] + [sum(1 for k, _ in specials if k == kind) for kind in (BIGGIE, KICKER, WHITE)]
    state.current, state.roll, state.extra = seat, tuple(faces), tuple(specials)
    state.options = place_options(state)


def play(state: LasVegasState, seat: int, text: str) -> list[Event]:
    return GAME.apply(state, seat, GAME.parse_action(text))


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]
