"""What happens in a game of Las Vegas, as plain data, and how to say it to a person.

Events name casinos "1"-"6" and "slot", players by seat number, and the neutral (white) dice as owner -1,
so a replay file reads on its own. Notes are $ thousands; 0 is a rainbow card. Rolls are events: a replay
holds every die the game rolled.

Events are values: made once, never changed. Every field is `Final`, so the type checker (strict on the
engine, bots and CLI) refuses any assignment to one; they are not `frozen` dataclasses because a frozen
dataclass sets each field through `object.__setattr__`, and a game makes two events a turn: a plain
slots dataclass builds them in a third of the time. `unsafe_hash` keeps them hashable, which is safe
precisely because nothing assigns to their fields (`test_events_are_values_...` checks the engine never does).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from vegas_table.engine.core.api import Event
from vegas_table.engine.core.phrasebook import Phrasebook, counted
from vegas_table.engine.lasvegas.bank import note_text

Owned = tuple[tuple[int, int], ...]  # (owner, number) pairs: dice counts or notes won


@dataclass(slots=True, unsafe_hash=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: Final[int]
    start_player: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CasinosFilled(Event):
    """The notes dealt to each casino, "1" to "6" then the slot machine, highest first."""

    kind: ClassVar[str] = "casinos_filled"
    notes: Final[tuple[tuple[int, ...], ...]]


@dataclass(slots=True, unsafe_hash=True)
class NeutralDiceRolled(Event):
    """3 players with neutral dice: the start player rolls two white dice straight onto their casinos."""

    kind: ClassVar[str] = "neutral_dice_rolled"
    seat: Final[int]
    pips: Final[tuple[int, ...]]


@dataclass(slots=True, unsafe_hash=True)
class DiceRolled(Event):
    """`seat` rolled: the faces of its plain dice, and (kind, pips) of its biggie, kickers, white dice."""

    kind: ClassVar[str] = "dice_rolled"
    seat: Final[int]
    dice: Final[tuple[int, ...]]
    extra: Final[tuple[tuple[str, int], ...]]


@dataclass(slots=True, unsafe_hash=True)
class DicePlaced(Event):
    """`seat` placed every die showing `number` on `casino`: `dice` plain ones and, by kind, `extra` special
    ones (biggie, kicker, white); `forced` when the roll left no other choice."""

    kind: ClassVar[str] = "dice_placed"
    seat: Final[int]
    number: Final[int]
    casino: Final[str]
    dice: Final[int]
    extra: Final[tuple[tuple[str, int], ...]]
    forced: Final[bool]


@dataclass(slots=True, unsafe_hash=True)
class DieKicked(Event):
    """A kicker of `seat` knocked a die of `owner` off `casino`: back to its owner, or out (neutral)."""

    kind: ClassVar[str] = "die_kicked"
    seat: Final[int]
    casino: Final[str]
    owner: Final[int]
    biggie: Final[bool]
    forced: Final[bool]


@dataclass(slots=True, unsafe_hash=True)
class KickerWasted(Event):
    """A kicker found no die it may knock off (an empty casino, or nothing placed this turn on the slot)."""

    kind: ClassVar[str] = "kicker_wasted"
    seat: Final[int]
    casino: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class RainbowReplaced(Event):
    """A rainbow card on `casino` left the game; `drawn` is what replaced it, rainbow cards (0) included."""

    kind: ClassVar[str] = "rainbow_replaced"
    casino: Final[str]
    drawn: Final[tuple[int, ...]]


@dataclass(slots=True, unsafe_hash=True)
class SlotRanked(Event):
    """The slot machine's order: (owner, dice, sum of pips, highest pips) best first; `cancelled` tied."""

    kind: ClassVar[str] = "slot_ranked"
    ranking: Final[tuple[tuple[int, int, int, int], ...]]
    cancelled: Final[tuple[int, ...]]


@dataclass(slots=True, unsafe_hash=True)
class NoteTaken(Event):
    """At the slot machine `owner` took a note: chosen by the player, or the only choice (`chosen` False)."""

    kind: ClassVar[str] = "note_taken"
    owner: Final[int]
    value: Final[int]
    chosen: Final[bool]


@dataclass(slots=True, unsafe_hash=True)
class CasinoPaid(Event):
    """A casino paid out: dice per owner, owners whose tied counts cancelled, notes won, notes returned."""

    kind: ClassVar[str] = "casino_paid"
    casino: Final[str]
    dice: Final[Owned]
    cancelled: Final[tuple[int, ...]]
    payouts: Final[Owned]
    returned: Final[tuple[int, ...]]


@dataclass(slots=True, unsafe_hash=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    round: Final[int]
    money: Final[tuple[int, ...]]


@dataclass(slots=True, unsafe_hash=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    winners: Final[tuple[int, ...]]
    money: Final[tuple[int, ...]]
    notes: Final[tuple[int, ...]]


def _who(owner: int, names: Sequence[str]) -> str:
    return "White" if owner < 0 else names[owner]


def _where(casino: str) -> str:
    return "the slot machine" if casino == "slot" else f"casino {casino}"


def _notes(notes: Sequence[int]) -> str:
    return ", ".join(note_text(n) for n in notes) or "nothing"


PHRASES = Phrasebook()
_says = PHRASES.says


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
    parts = ([counted(e.dice, "die", "dice")] if e.dice else []) + [counted(count, kind) for kind, count in e.extra]
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
    order = ", ".join(f"{_who(o, n)} ({counted(count, 'die', 'dice')}, sum {total})"
                      for o, count, total, _ in e.ranking)
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


describe = PHRASES.describe
