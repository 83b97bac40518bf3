"""What happens in a game of Las Vegas, as plain data, and how to say it to a person.

Events name casinos "1"-"6" and "slot", players by seat number, and the neutral (white) dice as owner -1,
so a replay file reads on its own. Notes are $ thousands; 0 is a rainbow card. Rolls are events: a replay
holds every die the game rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.core.api import Event
from engine.lasvegas.bank import note_text

Owned = tuple[tuple[int, int], ...]  # (owner, number) pairs: dice counts or notes won


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int
    start_player: int


@dataclass(frozen=True, slots=True)
class CasinosFilled(Event):
    """The notes dealt to each casino, "1" to "6" then the slot machine, highest first."""

    kind: ClassVar[str] = "casinos_filled"
    notes: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class NeutralDiceRolled(Event):
    """3 players with neutral dice: the start player rolls two white dice straight onto their casinos."""

    kind: ClassVar[str] = "neutral_dice_rolled"
    seat: int
    pips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """`seat` rolled: the faces of its plain dice, and (kind, pips) of its biggie, kickers, white dice."""

    kind: ClassVar[str] = "dice_rolled"
    seat: int
    dice: tuple[int, ...]
    extra: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class DicePlaced(Event):
    """`seat` placed every die showing `number` on `casino`: `dice` plain ones and, by kind, `extra` special
    ones (biggie, kicker, white); `forced` when the roll left no other choice."""

    kind: ClassVar[str] = "dice_placed"
    seat: int
    number: int
    casino: str
    dice: int
    extra: tuple[tuple[str, int], ...]
    forced: bool


@dataclass(frozen=True, slots=True)
class DieKicked(Event):
    """A kicker of `seat` knocked a die of `owner` off `casino`: back to its owner, or out (neutral)."""

    kind: ClassVar[str] = "die_kicked"
    seat: int
    casino: str
    owner: int
    biggie: bool
    forced: bool


@dataclass(frozen=True, slots=True)
class KickerWasted(Event):
    """A kicker found no die it may knock off (an empty casino, or nothing placed this turn on the slot)."""

    kind: ClassVar[str] = "kicker_wasted"
    seat: int
    casino: str


@dataclass(frozen=True, slots=True)
class RainbowReplaced(Event):
    """A rainbow card on `casino` left the game; `drawn` is what replaced it, rainbow cards (0) included."""

    kind: ClassVar[str] = "rainbow_replaced"
    casino: str
    drawn: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SlotRanked(Event):
    """The slot machine's order: (owner, dice, sum of pips, highest pips) best first; `cancelled` tied."""

    kind: ClassVar[str] = "slot_ranked"
    ranking: tuple[tuple[int, int, int, int], ...]
    cancelled: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NoteTaken(Event):
    """At the slot machine `owner` took a note: chosen by the player, or the only choice (`chosen` False)."""

    kind: ClassVar[str] = "note_taken"
    owner: int
    value: int
    chosen: bool


@dataclass(frozen=True, slots=True)
class CasinoPaid(Event):
    """A casino paid out: dice per owner, owners whose tied counts cancelled, notes won, notes returned."""

    kind: ClassVar[str] = "casino_paid"
    casino: str
    dice: Owned
    cancelled: tuple[int, ...]
    payouts: Owned
    returned: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    round: int
    money: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    winners: tuple[int, ...]
    money: tuple[int, ...]
    notes: tuple[int, ...]


# Builders for the events of every turn and every payout. They make exactly the event the dataclass
# constructor would (equal, hashable, frozen afterwards) but set the slots directly instead of calling
# `object.__setattr__` once per field as a frozen dataclass's __init__ does: half the cost, on the engine's
# hottest path (a roll and a placement every turn). tests/engine/lasvegas/test_view_and_codec.py checks
# that each builder equals its constructor.
_new = object.__new__
_ROLLED = tuple(getattr(DiceRolled, f).__set__ for f in ("seat", "dice", "extra"))
_PLACED = tuple(getattr(DicePlaced, f).__set__ for f in ("seat", "number", "casino", "dice", "extra", "forced"))
_PAID = tuple(getattr(CasinoPaid, f).__set__ for f in ("casino", "dice", "cancelled", "payouts", "returned"))


def dice_rolled(seat: int, dice: tuple[int, ...], extra: tuple[tuple[str, int], ...]) -> DiceRolled:
    event: DiceRolled = _new(DiceRolled)
    s_seat, s_dice, s_extra = _ROLLED
    s_seat(event, seat)
    s_dice(event, dice)
    s_extra(event, extra)
    return event


def dice_placed(seat: int, number: int, casino: str, dice: int, extra: tuple[tuple[str, int], ...],
                forced: bool) -> DicePlaced:
    event: DicePlaced = _new(DicePlaced)
    s_seat, s_number, s_casino, s_dice, s_extra, s_forced = _PLACED
    s_seat(event, seat)
    s_number(event, number)
    s_casino(event, casino)
    s_dice(event, dice)
    s_extra(event, extra)
    s_forced(event, forced)
    return event


def casino_paid(casino: str, dice: Owned, cancelled: tuple[int, ...], payouts: Owned,
                returned: tuple[int, ...]) -> CasinoPaid:
    event: CasinoPaid = _new(CasinoPaid)
    s_casino, s_dice, s_cancelled, s_payouts, s_returned = _PAID
    s_casino(event, casino)
    s_dice(event, dice)
    s_cancelled(event, cancelled)
    s_payouts(event, payouts)
    s_returned(event, returned)
    return event


def _who(owner: int, names: Sequence[str]) -> str:
    return "White" if owner < 0 else names[owner]


def _where(casino: str) -> str:
    return "the slot machine" if casino == "slot" else f"casino {casino}"


def _notes(notes: Sequence[int]) -> str:
    return ", ".join(note_text(n) for n in notes) or "nothing"


_TEXT: dict[type[Event], Callable[[Event, Sequence[str]], str]] = {}


def _says(cls: type[Event]) -> Callable[[Callable[..., str]], Callable[..., str]]:
    def register(fn: Callable[..., str]) -> Callable[..., str]:
        _TEXT[cls] = fn
        return fn

    return register


@_says(RoundStarted)
def _(e: RoundStarted, n: Sequence[str]) -> str:
    return f"Round {e.round}: {n[e.start_player]} starts"


@_says(CasinosFilled)
def _(e: CasinosFilled, n: Sequence[str]) -> str:
    names = ("1", "2", "3", "4", "5", "6", "slot")
    return "Casinos get " + "; ".join(f"{names[i]}: {_notes(notes)}" for i, notes in enumerate(e.notes))


@_says(NeutralDiceRolled)
def _(e: NeutralDiceRolled, n: Sequence[str]) -> str:
    return f"{n[e.seat]} rolls two white dice onto the casinos: {' and '.join(map(str, e.pips))}"


_MARK = {"biggie": "B", "kicker": "K", "white": "W"}


@_says(DiceRolled)
def _(e: DiceRolled, n: Sequence[str]) -> str:
    faces = [str(pips) for pips in e.dice] + [f"{pips}{_MARK[kind]}" for kind, pips in e.extra]
    return f"{n[e.seat]} rolls {' '.join(faces)}"


@_says(DicePlaced)
def _(e: DicePlaced, n: Sequence[str]) -> str:
    parts = ([f"{e.dice} {'die' if e.dice == 1 else 'dice'}"] if e.dice else []) + [
        f"{count} {kind if count == 1 else kind + 's'}" for kind, count in e.extra]
    forced = " (the only choice)" if e.forced else ""
    return f"{n[e.seat]} places the {e.number}s on {_where(e.casino)}: {', '.join(parts)}{forced}"


@_says(DieKicked)
def _(e: DieKicked, n: Sequence[str]) -> str:
    what = f"{_who(e.owner, n)}'s {'biggie' if e.biggie else 'die'}" if e.owner >= 0 else "a white die"
    fate = " (out for the round)" if e.owner < 0 else " back to its owner"
    return f"{n[e.seat]}'s kicker knocks {what} off {_where(e.casino)}{fate}"


@_says(KickerWasted)
def _(e: KickerWasted, n: Sequence[str]) -> str:
    return f"{n[e.seat]}'s kicker finds nothing to kick on {_where(e.casino)}"


@_says(RainbowReplaced)
def _(e: RainbowReplaced, n: Sequence[str]) -> str:
    return f"A rainbow card on {_where(e.casino)} is replaced: drew {_notes(e.drawn)}"


@_says(SlotRanked)
def _(e: SlotRanked, n: Sequence[str]) -> str:
    order = ", ".join(f"{_who(o, n)} ({count} dice, sum {total})" for o, count, total, _ in e.ranking)
    cancelled = f"; tied and out: {', '.join(_who(o, n) for o in e.cancelled)}" if e.cancelled else ""
    return f"The slot machine ranks {order or 'nobody'}{cancelled}"


@_says(NoteTaken)
def _(e: NoteTaken, n: Sequence[str]) -> str:
    return f"{_who(e.owner, n)} takes {note_text(e.value)} from the slot machine"


@_says(CasinoPaid)
def _(e: CasinoPaid, n: Sequence[str]) -> str:
    paid = ", ".join(f"{_who(o, n)} {note_text(v)}" for o, v in e.payouts) or "nobody"
    cancelled = f"; tied and out: {', '.join(_who(o, n) for o in e.cancelled)}" if e.cancelled else ""
    back = f"; {_notes(e.returned)} under the pile" if e.returned else ""
    return f"{_where(e.casino).capitalize()} pays {paid}{cancelled}{back}"


@_says(RoundEnded)
def _(e: RoundEnded, n: Sequence[str]) -> str:
    return f"Round {e.round} over: " + ", ".join(f"{n[s]} ${m}k" for s, m in enumerate(e.money))


@_says(GameEnded)
def _(e: GameEnded, n: Sequence[str]) -> str:
    who = " and ".join(n[w] for w in e.winners)
    return f"Game over: {who} {'share the win' if len(e.winners) > 1 else 'wins'}"


def describe(event: Event, names: Sequence[str]) -> str:
    """One line for a game log; `names` are the players' names by seat."""
    return _TEXT[type(event)](event, names)
