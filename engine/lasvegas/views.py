"""The shape of a Las Vegas view, typed: what `codec.view` produces and the client and bots read.

One `TypedDict` per object of the view, checked by mypy wherever a view is made or read, and checked against
the view's JSON Schema (`view.schema.json`) by tests/engine/test_view_types.py: the same keys, the same
required keys, object by object.
"""

from __future__ import annotations

from typing import TypedDict


class HandView(TypedDict):
    die: int
    biggie: int
    kicker: int
    white: int


class SeatView(TypedDict):
    seat: int
    name: str
    colour: str
    money: int
    notes: int
    won: list[int]
    hand: HandView
    kickers_used: int


class SlotDieView(TypedDict):
    owner: int
    kind: str
    pips: int


class _Casino(TypedDict):
    casino: str
    notes: list[int | str]  # a note's value, or "rainbow"
    dice: list[int]
    biggies: list[int]
    white: int
    counts: list[int]


class CasinoView(_Casino, total=False):
    """A casino; the slot machine also shows its dice as placed and the numbers on them."""

    slot_dice: list[SlotDieView]
    numbers: list[int]


class RollView(TypedDict):
    dice: list[int]
    extra: list[list[str | int]]  # [kind, pips] of each other piece rolled


class _Pending(TypedDict):
    kind: str
    seat: int
    casino: str
    number: int
    choices: list[str]


class PendingView(_Pending, total=False):
    """A decision the game waits for; a kick also says how many kickers of its placement are still to kick."""

    kickers: int


class ResultView(TypedDict):
    winners: list[int]


class LasVegasView(TypedDict):
    game: str
    rules: str
    options: list[str]
    players: int
    viewer: int | None
    round: int
    rounds: int
    start_player: int
    current: int
    turn: int
    phase: str
    seats: list[SeatView]
    casinos: list[CasinoView]
    roll: RollView
    can_place: list[str]
    pending: PendingView | None
    pile: int
    rainbow_discarded: int
    white_out: int
    result: ResultView | None
    seed: str | None
