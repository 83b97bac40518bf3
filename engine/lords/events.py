"""What happens in a game of Lords of Vegas, as plain data, and how to say it to a person.

Events name lots and colours by their board names ("A2", "gold") and players by seat number, so a replay
file reads on its own. `describe(event, names)` turns one into a sentence for a game log.

Events are values: made once, never changed. As in Las Vegas (engine/lasvegas/events.py), every field is
`Final` rather than the dataclass frozen: a frozen dataclass sets each field through `object.__setattr__`,
and bots' playouts make several events an action. `unsafe_hash` keeps them hashable, which is safe because
nothing assigns to their fields (`test_events_are_values_...` checks the engine never does).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from vegas_table.engine.core.api import Event
from vegas_table.engine.core.phrasebook import Phrasebook, counted
from vegas_table.engine.lords.board import lots_name

Payouts = tuple[tuple[int, int], ...]  # (seat, $m) pairs
Rolls = tuple[tuple[str, int, int, int], ...]  # (lot, owner seat, old pips, new pips)


@dataclass(slots=True, unsafe_hash=True)
class SetupDealt(Event):
    kind: ClassVar[str] = "setup_dealt"
    seat: Final[int]
    lots: Final[tuple[str, ...]]
    money: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class SetupCardReplaced(Event):
    """2 players: an F card dealt in set-up is discarded and replaced."""

    kind: ClassVar[str] = "setup_card_replaced"
    seat: Final[int]
    card: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class FirstPlayerRoll(Event):
    """One round of the roll-off for first player; `leader` is -1 while the highest total is tied."""

    kind: ClassVar[str] = "first_player_roll"
    rolls: Final[tuple[tuple[int, int, int], ...]]  # (seat, die 1, die 2)
    leader: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: Final[int]
    turn: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardDrawn(Event):
    kind: ClassVar[str] = "card_drawn"
    seat: Final[int]
    card: Final[str]  # a lot name or "End of Game"
    colour: Final[str]  # the card's colour, or "strip"


@dataclass(slots=True, unsafe_hash=True)
class MarkerPlaced(Event):
    kind: ClassVar[str] = "marker_placed"
    seat: Final[int]
    lot: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class MarkerMoved(Event):
    """All markers were down: the marker on `from_lot` moved to `lot` (from_lot is an empty lot again)."""

    kind: ClassVar[str] = "marker_moved"
    seat: Final[int]
    from_lot: Final[str]
    lot: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class DieTakenOver(Event):
    """The drawer takes over a sprawled tile: `previous` (-1: nobody) loses it; the new die shows `pips`."""

    kind: ClassVar[str] = "die_taken_over"
    seat: Final[int]
    lot: Final[str]
    previous: Final[int]
    pips: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class DiePlaced(Event):
    kind: ClassVar[str] = "die_placed"
    seat: Final[int]
    lot: Final[str]
    pips: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class DieMoved(Event):
    """All dice were down: the die on `from_lot` moved to `lot` (the tile on from_lot keeps no die)."""

    kind: ClassVar[str] = "die_moved"
    seat: Final[int]
    from_lot: Final[str]
    lot: Final[str]
    pips: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class ParkingPaid(Event):
    kind: ClassVar[str] = "parking_paid"
    payouts: Final[Payouts]


@dataclass(slots=True, unsafe_hash=True)
class CasinoPaid(Event):
    kind: ClassVar[str] = "casino_paid"
    lots: Final[tuple[str, ...]]
    colour: Final[str]
    height: Final[int]
    payouts: Final[Payouts]
    boss: Final[int]  # -1 when no die is in the casino
    points: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class Scored(Event):
    kind: ClassVar[str] = "scored"
    seat: Final[int]
    lots: Final[tuple[str, ...]]
    points: Final[int]
    before: Final[int]
    after: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class Built(Event):
    kind: ClassVar[str] = "built"
    seat: Final[int]
    lot: Final[str]
    colour: Final[str]
    cost: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class Sprawled(Event):
    kind: ClassVar[str] = "sprawled"
    seat: Final[int]
    from_lot: Final[str]
    lot: Final[str]
    colour: Final[str]
    height: Final[int]
    cost: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class Remodeled(Event):
    kind: ClassVar[str] = "remodeled"
    seat: Final[int]
    lots: Final[tuple[str, ...]]
    old: Final[str]
    new: Final[str]
    cost: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class Reorganized(Event):
    kind: ClassVar[str] = "reorganized"
    seat: Final[int]
    lots: Final[tuple[str, ...]]
    cost: Final[int]
    rolls: Final[Rolls]


@dataclass(slots=True, unsafe_hash=True)
class DieArranged(Event):
    """After a reorganization, `seat` put its die showing `pips` on `lot`."""

    kind: ClassVar[str] = "die_arranged"
    seat: Final[int]
    lot: Final[str]
    pips: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class Raised(Event):
    kind: ClassVar[str] = "raised"
    seat: Final[int]
    lots: Final[tuple[str, ...]]
    height: Final[int]
    cost: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CasinosMerged(Event):
    kind: ClassVar[str] = "casinos_merged"
    lots: Final[tuple[str, ...]]
    colour: Final[str]
    height: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class BossTie(Event):
    """Dice of different players tied for highest in a casino were rerolled (free, until one is highest)."""

    kind: ClassVar[str] = "boss_tie"
    lots: Final[tuple[str, ...]]
    rolls: Final[Rolls]


@dataclass(slots=True, unsafe_hash=True)
class LayoffChosen(Event):
    kind: ClassVar[str] = "layoff_chosen"
    seat: Final[int]
    layoff: Final[bool]


@dataclass(slots=True, unsafe_hash=True)
class Gambled(Event):
    kind: ClassVar[str] = "gambled"
    seat: Final[int]
    boss: Final[int]
    lots: Final[tuple[str, ...]]
    bet: Final[int]
    dice: Final[tuple[int, int]]
    layoff: Final[bool]
    gambler_delta: Final[int]  # the gambler's gain (negative: loss)
    boss_delta: Final[int]  # the House's gain (negative: what it paid)


@dataclass(slots=True, unsafe_hash=True)
class TradeProposed(Event):
    kind: ClassVar[str] = "trade_proposed"
    trade: Final[int]
    proposer: Final[int]
    terms: Final[str]
    parties: Final[tuple[int, ...]]


@dataclass(slots=True, unsafe_hash=True)
class TradeAccepted(Event):
    kind: ClassVar[str] = "trade_accepted"
    trade: Final[int]
    seat: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class TradeClosed(Event):
    """A trade left the table without happening: `how` is rejected, withdrawn, expired or failed."""

    kind: ClassVar[str] = "trade_closed"
    trade: Final[int]
    how: Final[str]
    seat: Final[int]  # who rejected or withdrew; -1 for expired or failed
    reason: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class TradeCompleted(Event):
    kind: ClassVar[str] = "trade_completed"
    trade: Final[int]
    terms: Final[str]
    money: Final[Payouts]  # net change per seat
    removed: Final[tuple[tuple[int, str], ...]]  # (seat, lot) markers or dice given up to make room


@dataclass(slots=True, unsafe_hash=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    seat: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    reason: Final[str]  # "end_of_game_card" | "instant_win"
    winners: Final[tuple[int, ...]]
    scores: Final[tuple[int, ...]]
    money: Final[tuple[int, ...]]


@dataclass(slots=True, unsafe_hash=True)
class CardRevealed(Event):
    """Turn step 1 (option underworld): `card` joins the line; `discarded` is its oldest card ("" if none)."""

    kind: ClassVar[str] = "card_revealed"
    seat: Final[int]
    card: Final[str]
    discarded: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class CardAcquired(Event):
    kind: ClassVar[str] = "card_acquired"
    seat: Final[int]
    card: Final[str]
    cost: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardUsed(Event):
    """An action card is used (`lot` is its target, "" without one)."""

    kind: ClassVar[str] = "card_used"
    seat: Final[int]
    card: Final[str]
    lot: Final[str]
    cost: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardTriggered(Event):
    """A property card of `colour` sets off the effect of `seat`'s card."""

    kind: ClassVar[str] = "card_triggered"
    seat: Final[int]
    card: Final[str]
    colour: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class CardMoney(Event):
    """A card's effect: `seat` takes `amount` from the bank (negative: pays it to the bank)."""

    kind: ClassVar[str] = "card_money"
    seat: Final[int]
    card: Final[str]
    amount: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardScored(Event):
    """A card's points now; with the seat's other card points of this turn they move the chip as one."""

    kind: ClassVar[str] = "card_scored"
    seat: Final[int]
    card: Final[str]
    points: Final[int]
    before: Final[int]
    after: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardDieChanged(Event):
    kind: ClassVar[str] = "card_die_changed"
    seat: Final[int]
    card: Final[str]
    lot: Final[str]
    old: Final[int]
    new: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardRerolled(Event):
    kind: ClassVar[str] = "card_rerolled"
    seat: Final[int]
    card: Final[str]
    lots: Final[tuple[str, ...]]
    rolls: Final[Rolls]


@dataclass(slots=True, unsafe_hash=True)
class CardHeld(Event):
    """The bank puts `amount` on `seat`'s card (`total` is now on it; it cannot be spent until released)."""

    kind: ClassVar[str] = "card_held"
    seat: Final[int]
    card: Final[str]
    amount: Final[int]
    total: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardReleased(Event):
    kind: ClassVar[str] = "card_released"
    seat: Final[int]
    card: Final[str]
    amount: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class CardExtra(Event):
    """A card allows one more `action` (gamble or acquire) this turn."""

    kind: ClassVar[str] = "card_extra"
    seat: Final[int]
    card: Final[str]
    action: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class CardDiscarded(Event):
    kind: ClassVar[str] = "card_discarded"
    seat: Final[int]
    card: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class CardPointsCounted(Event):
    """The end: each seat's card points (by seat) are added to its score on the track, no breaks."""

    kind: ClassVar[str] = "card_points_counted"
    points: Final[tuple[int, ...]]
    scores: Final[tuple[int, ...]]


def _money(payouts: Payouts, names: Sequence[str]) -> str:
    return ", ".join(f"{names[s]} ${m}m" for s, m in payouts) or "nobody"


def _rolls(rolls: Rolls, names: Sequence[str]) -> str:
    """Each die rerolled, as its owner's die on its lot: `Purple's die on A4 2→5` (never `Purple A4 2`,
    which reads as a lot)."""
    return ", ".join(f"{names[o]}'s die on {lot} {old}→{new}" for lot, o, old, new in rolls)


PHRASES = Phrasebook()
_says = PHRASES.says


@_says(SetupDealt)
def _(e: SetupDealt, n: Sequence[str]) -> str:
    return f"{n[e.seat]} starts with {' and '.join(e.lots)} and ${e.money}m"


@_says(SetupCardReplaced)
def _(e: SetupCardReplaced, n: Sequence[str]) -> str:
    return f"{n[e.seat]} was dealt {e.card}: block F is closed with 2 players, so it is replaced"


@_says(FirstPlayerRoll)
def _(e: FirstPlayerRoll, n: Sequence[str]) -> str:
    rolls = ", ".join(f"{n[s]} {a}+{b}" for s, a, b in e.rolls)
    return f"Roll for first player: {rolls}" + (f"; {n[e.leader]} goes first" if e.leader >= 0 else "; tie")


@_says(TurnStarted)
def _(e: TurnStarted, n: Sequence[str]) -> str:
    return f"Turn {e.turn}: {n[e.seat]}"


@_says(CardDrawn)
def _(e: CardDrawn, n: Sequence[str]) -> str:
    return f"{n[e.seat]} drew {e.card} ({e.colour})"


@_says(MarkerPlaced)
def _(e: MarkerPlaced, n: Sequence[str]) -> str:
    return f"{n[e.seat]} takes the parking lot {e.lot}"


@_says(MarkerMoved)
def _(e: MarkerMoved, n: Sequence[str]) -> str:
    return f"{n[e.seat]} moves a marker from {e.from_lot} to {e.lot}"


@_says(DieTakenOver)
def _(e: DieTakenOver, n: Sequence[str]) -> str:
    whose = f"{n[e.previous]}'s" if e.previous >= 0 else "the empty"
    return f"{n[e.seat]} takes over {whose} tile on {e.lot} with a {e.pips}"


@_says(DiePlaced)
def _(e: DiePlaced, n: Sequence[str]) -> str:
    return f"{n[e.seat]} puts a {e.pips} on {e.lot}"


@_says(DieMoved)
def _(e: DieMoved, n: Sequence[str]) -> str:
    return f"{n[e.seat]} moves a die from {e.from_lot} to {e.lot} (now a {e.pips})"


@_says(ParkingPaid)
def _(e: ParkingPaid, n: Sequence[str]) -> str:
    return f"Parking lots pay {_money(e.payouts, n)}"


@_says(CasinoPaid)
def _(e: CasinoPaid, n: Sequence[str]) -> str:
    boss = f"; {n[e.boss]} is boss for {counted(e.points, 'point')}" if e.boss >= 0 else "; no boss"
    return f"The {e.colour} casino {lots_name(e.lots)} pays {_money(e.payouts, n)}{boss}"


@_says(Scored)
def _(e: Scored, n: Sequence[str]) -> str:
    lost = e.before + e.points - e.after
    note = f" ({counted(lost, 'point')} lost to the break)" if lost else ""
    return f"{n[e.seat]} scores {e.points} for {lots_name(e.lots)}: {e.before} → {e.after}{note}"


@_says(Built)
def _(e: Built, n: Sequence[str]) -> str:
    article = "an" if e.colour[0] in "aeiou" else "a"
    return f"{n[e.seat]} builds {article} {e.colour} casino on {e.lot} for ${e.cost}m"


@_says(Sprawled)
def _(e: Sprawled, n: Sequence[str]) -> str:
    return f"{n[e.seat]} sprawls from {e.from_lot} into {e.lot} for ${e.cost}m"


@_says(Remodeled)
def _(e: Remodeled, n: Sequence[str]) -> str:
    return f"{n[e.seat]} remodels {lots_name(e.lots)} from {e.old} to {e.new} for ${e.cost}m"


def _rerolled(rolls: Rolls, names: Sequence[str]) -> str:
    """Each owner's new dice: `Black's die on A4 4→3` for a lone die; an owner with several different values places
    them next (a decision), so the line says only what was rolled: `Purple rolled 6, 2 for A5, B1`."""
    parts = []
    for owner in dict.fromkeys(o for _, o, _, _ in rolls):
        theirs = [(lot, old, new) for lot, o, old, new in rolls if o == owner]
        if len({new for _, _, new in theirs}) == 1:
            parts += [f"{names[owner]}'s die on {lot} {old}→{new}" for lot, old, new in theirs]
        else:
            values = ", ".join(str(new) for new in sorted((new for _, _, new in theirs), reverse=True))
            parts.append(f"{names[owner]} rolled {values} for {', '.join(lot for lot, _, _ in theirs)}")
    return ", ".join(parts)


@_says(Reorganized)
def _(e: Reorganized, n: Sequence[str]) -> str:
    return f"{n[e.seat]} reorganizes {lots_name(e.lots)} for ${e.cost}m: {_rerolled(e.rolls, n)}"


@_says(DieArranged)
def _(e: DieArranged, n: Sequence[str]) -> str:
    return f"{n[e.seat]} puts the {e.pips} on {e.lot}"


@_says(Raised)
def _(e: Raised, n: Sequence[str]) -> str:
    return f"{n[e.seat]} raises {lots_name(e.lots)} to height {e.height} for ${e.cost}m"


@_says(CasinosMerged)
def _(e: CasinosMerged, n: Sequence[str]) -> str:
    return f"Casinos merge into the {len(e.lots)}-space {e.colour} casino {lots_name(e.lots)}"


@_says(BossTie)
def _(e: BossTie, n: Sequence[str]) -> str:
    return f"Tie for boss at {lots_name(e.lots)}, rerolled: {_rolls(e.rolls, n)}"


@_says(LayoffChosen)
def _(e: LayoffChosen, n: Sequence[str]) -> str:
    return f"{n[e.seat]} {'lays off half the bet' if e.layoff else 'takes the whole bet'}"


@_says(Gambled)
def _(e: Gambled, n: Sequence[str]) -> str:
    roll = e.dice[0] + e.dice[1]
    outcome = f"won ${e.gambler_delta}m" if e.gambler_delta > 0 else f"lost ${-e.gambler_delta}m"
    bank = -(e.gambler_delta + e.boss_delta)  # what the bank paid (negative) or took, with a layoff
    house = f"{n[e.boss]} {'took' if e.boss_delta >= 0 else 'paid'} ${abs(e.boss_delta)}m"
    shares = f" ({house}, the bank {'took' if bank >= 0 else 'paid'} ${abs(bank)}m)" if e.layoff else f" ({house})"
    return f"{n[e.seat]} bet ${e.bet}m and rolled {roll} at {n[e.boss]}'s casino {lots_name(e.lots)}: {outcome}{shares}"


@_says(TradeProposed)
def _(e: TradeProposed, n: Sequence[str]) -> str:
    return f"{n[e.proposer]} proposes trade {e.trade}: {e.terms}"


@_says(TradeAccepted)
def _(e: TradeAccepted, n: Sequence[str]) -> str:
    return f"{n[e.seat]} accepts trade {e.trade}"


@_says(TradeClosed)
def _(e: TradeClosed, n: Sequence[str]) -> str:
    who = f" by {n[e.seat]}" if e.seat >= 0 else ""
    return f"Trade {e.trade} {e.how}{who}" + (f": {e.reason}" if e.reason else "")


@_says(TradeCompleted)
def _(e: TradeCompleted, n: Sequence[str]) -> str:
    return f"Trade {e.trade} done: {e.terms}"


@_says(TurnEnded)
def _(e: TurnEnded, n: Sequence[str]) -> str:
    return f"{n[e.seat]} ends the turn"


@_says(GameEnded)
def _(e: GameEnded, n: Sequence[str]) -> str:
    why = "the End of Game card" if e.reason == "end_of_game_card" else "the Instant Win space"
    who = " and ".join(n[w] for w in e.winners)
    return f"Game over by {why}: {who} {'share the win' if len(e.winners) > 1 else 'wins'}"


@_says(CardRevealed)
def _(e: CardRevealed, n: Sequence[str]) -> str:
    gone = f"; the oldest, {e.discarded}, is discarded" if e.discarded else ""
    return f"Underworld: {e.card} is turned over{gone}"


@_says(CardAcquired)
def _(e: CardAcquired, n: Sequence[str]) -> str:
    return f"{n[e.seat]} acquires {e.card} for ${e.cost}m"


@_says(CardUsed)
def _(e: CardUsed, n: Sequence[str]) -> str:
    on = f" on {e.lot}" if e.lot else ""
    paid = f" for ${e.cost}m" if e.cost else ""
    return f"{n[e.seat]} uses {e.card}{on}{paid}"


@_says(CardTriggered)
def _(e: CardTriggered, n: Sequence[str]) -> str:
    return f"{n[e.seat]}'s {e.card} acts on the {e.colour} card"


@_says(CardMoney)
def _(e: CardMoney, n: Sequence[str]) -> str:
    how = f"takes ${e.amount}m" if e.amount >= 0 else f"pays ${-e.amount}m"
    return f"{n[e.seat]} {how} ({e.card})"


@_says(CardScored)
def _(e: CardScored, n: Sequence[str]) -> str:
    return f"{n[e.seat]} scores {e.points} with {e.card}: {e.before} → {e.after}"


@_says(CardDieChanged)
def _(e: CardDieChanged, n: Sequence[str]) -> str:
    return f"{n[e.seat]}'s {e.card} turns the die on {e.lot} from {e.old} to {e.new}"


@_says(CardRerolled)
def _(e: CardRerolled, n: Sequence[str]) -> str:
    return f"{n[e.seat]}'s {e.card} rerolls dice of {lots_name(e.lots)}: {_rolls(e.rolls, n)}"


@_says(CardHeld)
def _(e: CardHeld, n: Sequence[str]) -> str:
    return f"${e.amount}m goes on {n[e.seat]}'s {e.card} (${e.total}m on it)"


@_says(CardReleased)
def _(e: CardReleased, n: Sequence[str]) -> str:
    return f"{n[e.seat]} takes ${e.amount}m off {e.card}"


@_says(CardExtra)
def _(e: CardExtra, n: Sequence[str]) -> str:
    return f"{n[e.seat]} may {e.action} once more this turn ({e.card})"


@_says(CardDiscarded)
def _(e: CardDiscarded, n: Sequence[str]) -> str:
    return f"{n[e.seat]} discards {e.card}"


@_says(CardPointsCounted)
def _(e: CardPointsCounted, n: Sequence[str]) -> str:
    parts = ", ".join(f"{n[s]} {p:+d} → {e.scores[s]}" for s, p in enumerate(e.points) if p)
    return f"Underworld card points: {parts or 'none'}"


describe = PHRASES.describe
