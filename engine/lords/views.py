"""The shape of a Lords of Vegas view, typed: what `codec.view` produces and the client and bots read.

One `TypedDict` per object of the view, checked by mypy wherever a view is made or read, and checked against
the view's JSON Schema (`view.schema.json`, for bot authors in any language) by
tests/engine/test_view_types.py: the same keys, the same required keys, object by object.
"""

from __future__ import annotations

from typing import TypedDict


class SeatView(TypedDict):
    seat: int
    name: str
    colour: str
    money: int
    score: int
    next_stop: int | None
    markers_left: int
    dice_left: int


class LotView(TypedDict, total=False):
    """A parking lot (`marker` only) or a casino tile (`tile`, `height`, `die`, `reorganized`)."""

    marker: int
    tile: str
    height: int
    die: list[int] | None
    reorganized: bool


class CasinoView(TypedDict):
    lots: list[str]
    colour: str
    height: int
    boss: int | None
    points: int
    strip: bool


class PendingView(TypedDict):
    kind: str
    seat: int
    lot: str | None
    pips: int
    values: list[int]
    lots: list[str]
    bet: int


class TradeView(TypedDict):
    id: int
    proposer: int
    transfers: list[str]
    parties: list[int]
    accepted: list[int]
    removes: dict[str, list[str]]


class ResultView(TypedDict):
    winners: list[int]
    reason: str


class CardView(TypedDict):
    id: str
    name: str
    cost: int
    points: int
    timing: str
    text: str
    effect: str
    use_cost: int
    target: str | None


class HeldCardView(CardView):
    money: int
    used: bool


CardPayment = TypedDict("CardPayment", {"from": int, "points": int})  # "from" is a keyword


class UnderworldView(TypedDict):
    deck_left: int
    line: list[CardView]
    discards: list[str]
    hands: list[list[HeldCardView]]
    acquires_left: int
    extra_gambles: int
    card_payments: list[CardPayment | None]
    card_file: str


class _Table(TypedDict):
    """Every key of every view (`LordsView` adds the one only some games have)."""

    game: str
    rules: str
    options: list[str]
    players: int
    viewer: int | None
    seats: list[SeatView]
    turn: int
    current: int
    phase: str
    gambled: bool
    last_card: str | None
    deck_left: int
    discards: dict[str, int]
    lots: dict[str, LotView]
    casinos: list[CasinoView]
    discard_pile: list[str]
    tiles_left: dict[str, int]
    pending: PendingView | None
    trades: list[TradeView]
    next_trade: int
    result: ResultView | None
    seed: str | None


class LordsView(_Table, total=False):
    """A seat's (or a spectator's) view; `underworld` only in games with the Underworld."""

    underworld: UnderworldView
