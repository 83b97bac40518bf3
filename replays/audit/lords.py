"""The Lords of Vegas audit: where each player's money came from and went, points per casino, every trade
and gamble, and the dice.

Everything comes from the events in the records: every money movement and every roll of the game is an
event (`engine.lords.events`). The totals are then checked against the final state, exactly: a money
movement without an event would show up there as a difference, not as a silently wrong table.

Casinos are named by colour and lowest lot when they paid ("gold A4"): a casino that grows keeps its name
unless it spreads to a lower-numbered lot; one that is remodelled pays under its new colour.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lords.board import lots_name
from vegas_table.engine.lords.gamble import PAYS_DOUBLE, PAYS_EVEN
from vegas_table.replays.audit.dice import FaceTest, face_test, z_score
from vegas_table.replays.audit.model import StandIns, Table, Timeline

Event = Mapping[str, Any]

# How many of the 36 rolls of 2d6 give each total.
WAYS = {total: 6 - abs(total - 7) for total in range(2, 13)}
SPENDING = ("build", "sprawl", "remodel", "reorganize", "raise")  # action events that carry a `cost`
SPENDING_EVENTS = {"built": "build", "sprawled": "sprawl", "remodeled": "remodel", "reorganized": "reorganize",
                   "raised": "raise"}
GAMBLING, HOUSE, TRADES = "gambling", "as the house", "trades"
CARDS, CARD_USES = "Underworld cards", "card uses"  # money sources/uses of the underworld option
END_POINTS = "end-of-game card points"


@dataclass
class CardLine:
    """One thing an Underworld card did: bought, used, set off, and each of its effects."""

    seq: int
    turn: int
    seat: int
    card: str
    what: str
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "turn": self.turn, "seat": self.seat, "card": self.card, "what": self.what,
                "detail": self.detail}


def _card_detail(e: Mapping[str, Any]) -> tuple[str, str]:
    """What a card event says, as (what, detail) for the cards table."""
    kind = e["kind"]
    if kind == "card_acquired":
        return "acquired", f"${e['cost']}m"
    if kind == "card_used":
        return "used", " ".join(x for x in (f"on {e['lot']}" if e["lot"] else "", f"${e['cost']}m" if e["cost"]
                                            else "") if x)
    if kind == "card_triggered":
        return "set off", f"by a {e['colour']} card"
    if kind == "card_money":
        return ("money", f"+${e['amount']}m") if e["amount"] >= 0 else ("money", f"-${-e['amount']}m")
    if kind == "card_scored":
        return "points", f"+{e['points']}: {e['before']} → {e['after']}"
    if kind == "card_die_changed":
        return "die", f"{e['lot']} {e['old']} → {e['new']}"
    if kind == "card_rerolled":
        return "reroll", ", ".join(f"{lot} {old} → {new}" for lot, _o, old, new in e["rolls"])
    if kind == "card_held":
        return "held", f"${e['amount']}m put on it (${e['total']}m)"
    if kind == "card_released":
        return "released", f"${e['amount']}m taken off it"
    if kind == "card_extra":
        return "extra", f"one more {e['action']} this turn"
    return "discarded", ""


def casino_name(lots: Sequence[str], colour: str) -> str:
    return f"{colour} {lots[0]}"


def outcome_of(total: int) -> str:
    """The field bet's three outcomes: the House pays double, pays even money, or the gambler lost the bet."""
    return "double" if total in PAYS_DOUBLE else "even" if total in PAYS_EVEN else "lost"


def chance_of(outcome: str) -> Fraction:
    """The chance of a gamble's outcome with 2d6 (the same for every bet)."""
    return Fraction(sum(w for t, w in WAYS.items() if outcome_of(t) == outcome), 36)


def settle(bet: int, total: int, house_money: int, layoff: bool) -> tuple[int, int]:
    """What a roll of `total` does to the gambler and to the House, as the rules settle it: the House pays
    at most what it has (with a layoff it owes half the win and the bank the rest, and keeps half a lost
    bet); a lost bet goes to the House."""
    win = 2 * bet if total in PAYS_DOUBLE else bet if total in PAYS_EVEN else 0
    if not win:
        return -bet, (bet // 2 if layoff else bet)
    house_share = win // 2 if layoff else win
    paid = min(house_share, house_money)
    return paid + (win - house_share), -paid


def expectation(bet: int, house_money: int, layoff: bool) -> tuple[Fraction, Fraction]:
    """The gambler's and the House's expected gains before the roll, exactly."""
    gain = house = Fraction(0)
    for total, ways in WAYS.items():
        mine, theirs = settle(bet, total, house_money, layoff)
        gain += ways * mine
        house += ways * theirs
    return gain / 36, house / 36


@dataclass(frozen=True, slots=True)
class Gamble:
    """One gamble: who bet what against whom, the dice, and what the rules made of it."""

    seq: int
    turn: int
    gambler: int
    house: int
    casino: str
    bet: int
    dice: tuple[int, int]
    layoff: bool
    gain: int  # the gambler's
    house_gain: int
    house_money: int  # what the House had before the roll (it never pays more)
    expected: Fraction  # the gambler's expected gain before the roll
    house_expected: Fraction

    @property
    def outcome(self) -> str:
        return outcome_of(sum(self.dice))

    @property
    def luck(self) -> Fraction:
        return self.gain - self.expected

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "turn": self.turn, "gambler": self.gambler, "house": self.house,
                "casino": self.casino, "bet": self.bet, "dice": list(self.dice), "layoff": self.layoff,
                "outcome": self.outcome, "chance": str(chance_of(self.outcome)), "gain": self.gain,
                "house_gain": self.house_gain, "house_money": self.house_money,
                "expected_gain": float(self.expected), "luck": float(self.luck)}


@dataclass
class Trade:
    """One trade offer and what became of it: completed, rejected, withdrawn, expired, failed or still open."""

    id: int
    turn: int
    proposer: int
    terms: str
    parties: tuple[int, ...]
    outcome: str = "open"
    by: int = -1
    reason: str = ""
    money: dict[int, int] = field(default_factory=dict)  # net change per seat when completed

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "turn": self.turn, "proposer": self.proposer, "terms": self.terms,
                "parties": list(self.parties), "outcome": self.outcome, "by": self.by, "reason": self.reason,
                "money": {str(seat): amount for seat, amount in sorted(self.money.items())}}


@dataclass
class SeatLuck:
    """How the dice treated one player: their own rolls, their gambles and their boss-tie rerolls."""

    dice: int = 0  # dice rolled for them, gamble dice aside (first player, reorganizations, tie rerolls)
    pips: int = 0
    gambles: int = 0
    gamble_gain: int = 0
    gamble_expected: Fraction = Fraction(0)
    house_gambles: int = 0
    house_gain: int = 0
    house_expected: Fraction = Fraction(0)
    ties_won: int = 0
    ties_lost: int = 0

    @property
    def z(self) -> float:
        return z_score(self.pips, self.dice)

    def to_json(self) -> dict[str, Any]:
        return {"dice": self.dice, "pips": self.pips, "mean_pips": self.pips / self.dice if self.dice else None,
                "z": self.z, "gambles": self.gambles, "gamble_gain": self.gamble_gain,
                "gamble_expected": float(self.gamble_expected),
                "gamble_luck": float(self.gamble_gain - self.gamble_expected), "house_gambles": self.house_gambles,
                "house_gain": self.house_gain, "house_expected": float(self.house_expected),
                "house_luck": float(self.house_gain - self.house_expected), "ties_won": self.ties_won,
                "ties_lost": self.ties_lost}


@dataclass
class _Tie:
    lots: tuple[str, ...]
    players: set[int]
    last_rolls: list[Any]


@dataclass
class LordsAudit:
    """The audit of one Lords of Vegas replay (see the module docstring)."""

    config: GameConfig
    names: list[str]
    title: str = ""
    finished: bool = False
    turns: int = 0
    income: list[Counter[str]] = field(default_factory=list)  # [seat] source -> $m
    spending: list[Counter[str]] = field(default_factory=list)  # [seat] use -> $m
    points: list[Counter[str]] = field(default_factory=list)  # [seat] casino -> points it scored (before breaks)
    lost_to_breaks: list[int] = field(default_factory=list)
    gambles: list[Gamble] = field(default_factory=list)
    trades: list[Trade] = field(default_factory=list)
    cards: list[CardLine] = field(default_factory=list)
    luck: list[SeatLuck] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    dice_by_source: Counter[str] = field(default_factory=Counter)
    timeline: Timeline = field(default_factory=lambda: Timeline("$m"))
    final_money: list[int] = field(default_factory=list)  # from the final state
    final_score: list[int] = field(default_factory=list)
    reconciliation: list[str] = field(default_factory=list)
    stand_ins: StandIns = field(default_factory=StandIns)  # set by audit_replay from the records' `by`

    @property
    def players(self) -> int:
        return self.config.players

    def money(self, seat: int) -> int:
        return sum(self.income[seat].values()) - sum(self.spending[seat].values())

    def score(self, seat: int) -> int:
        return sum(self.points[seat].values()) - self.lost_to_breaks[seat]

    @property
    def dice_test(self) -> FaceTest:
        return face_test(self.faces)

    def to_json(self) -> dict[str, Any]:
        seats = [{"seat": s, "name": self.names[s], "income": dict(self.income[s]),
                  "spending": dict(self.spending[s]), "money": self.money(s), "points": dict(self.points[s]),
                  "lost_to_breaks": self.lost_to_breaks[s], "score": self.score(s),
                  "luck": self.luck[s].to_json()} for s in range(self.players)]
        return {"game": "lords", "config": self.config.to_json(), "names": self.names, "finished": self.finished,
                "turns": self.turns, "seats": seats, "gambles": [g.to_json() for g in self.gambles],
                "trades": [t.to_json() for t in self.trades], "cards": [c.to_json() for c in self.cards],
                "dice": {**self.dice_test.to_json(), "by_source": dict(self.dice_by_source)},
                "timeline": self.timeline.to_json(), "reconciliation": self.reconciliation,
                "stand_ins": self.stand_ins.to_json()}

    def tables(self) -> list[Table]:
        from vegas_table.replays.audit.lords_tables import lords_tables

        return [*lords_tables(self), *self.stand_ins.tables()]


class LordsAuditor:
    """Reads the events of a Lords of Vegas replay, record by record, into a `LordsAudit`."""

    def __init__(self, config: GameConfig, names: Sequence[str]) -> None:
        n = config.players
        self.audit = LordsAudit(config, list(names), title=f"Lords of Vegas ({config.rules}"
                                f"{', ' + ', '.join(config.options) if config.options else ''}), {n} players",
                                income=[Counter() for _ in range(n)], spending=[Counter() for _ in range(n)],
                                points=[Counter() for _ in range(n)], lost_to_breaks=[0] * n,
                                luck=[SeatLuck() for _ in range(n)])
        self.seq = 0
        self.turn = 0
        self.tie: _Tie | None = None
        self.casinos: dict[tuple[str, ...], str] = {}  # lots -> name, for the scoring that follows a payment
        self.open_trades: dict[int, Trade] = {}

    # --- reading -----------------------------------------------------------------------------------------

    def record(self, seq: int, events: Sequence[Event]) -> None:
        """Read one record's events (the header is record 0)."""
        self.seq = seq
        for event in events:
            if event["kind"] != "boss_tie":
                self._end_tie()
            handler = getattr(self, "_" + str(event["kind"]), None)
            if handler is not None:
                handler(event)
        self._end_tie()
        audit = self.audit
        audit.timeline.sample(self.turn, [audit.money(s) for s in range(audit.players)],
                              [audit.score(s) for s in range(audit.players)])

    def _turn_started(self, e: Event) -> None:
        self.turn = self.audit.turns = e["turn"]

    def _game_ended(self, e: Event) -> None:
        self.audit.finished = True

    # --- money in and out --------------------------------------------------------------------------------

    def _earn(self, seat: int, source: str, amount: int) -> None:
        if amount > 0:
            self.audit.income[seat][source] += amount
        elif amount < 0:
            self.audit.spending[seat][source] += -amount

    def _setup_dealt(self, e: Event) -> None:
        self._earn(e["seat"], "set-up", e["money"])

    def _parking_paid(self, e: Event) -> None:
        for seat, amount in e["payouts"]:
            self._earn(seat, "parking lots", amount)

    def _casino_paid(self, e: Event) -> None:
        name = casino_name(e["lots"], e["colour"])
        self.casinos[tuple(e["lots"])] = name
        for seat, amount in e["payouts"]:
            self._earn(seat, f"casino {name}", amount)

    def _spend(self, e: Event) -> None:
        self.audit.spending[e["seat"]][SPENDING_EVENTS[e["kind"]]] += e["cost"]

    _built = _sprawled = _remodeled = _raised = _spend

    def _reorganized(self, e: Event) -> None:
        self._spend(e)
        for _lot, owner, _old, new in e["rolls"]:
            self._roll(owner, new, "reorganize")

    def _gambled(self, e: Event) -> None:
        gambler, house = e["seat"], e["boss"]
        house_money = self.audit.money(house)
        expected, house_expected = expectation(e["bet"], house_money, e["layoff"])
        self.audit.gambles.append(Gamble(self.seq, self.turn, gambler, house, lots_name(e["lots"]), e["bet"],
                                         (e["dice"][0], e["dice"][1]), e["layoff"], e["gambler_delta"],
                                         e["boss_delta"], house_money, expected, house_expected))
        self._earn(gambler, GAMBLING, e["gambler_delta"])
        self._earn(house, HOUSE, e["boss_delta"])
        luck, house_luck = self.audit.luck[gambler], self.audit.luck[house]
        luck.gambles += 1
        luck.gamble_gain += e["gambler_delta"]
        luck.gamble_expected += expected
        house_luck.house_gambles += 1
        house_luck.house_gain += e["boss_delta"]
        house_luck.house_expected += house_expected
        for face in e["dice"]:
            self.audit.faces.append(face)
            self.audit.dice_by_source["gamble"] += 1

    # --- points ------------------------------------------------------------------------------------------

    def _scored(self, e: Event) -> None:
        seat = e["seat"]
        name = self.casinos.get(tuple(e["lots"]), casino_name(e["lots"], "casino"))
        self.audit.points[seat][name] += e["points"]
        self.audit.lost_to_breaks[seat] += e["points"] - (e["after"] - e["before"])

    # --- trades ------------------------------------------------------------------------------------------

    def _trade_proposed(self, e: Event) -> None:
        trade = Trade(e["trade"], self.turn, e["proposer"], e["terms"], tuple(e["parties"]))
        self.open_trades[trade.id] = trade
        self.audit.trades.append(trade)

    def _trade_closed(self, e: Event) -> None:
        trade = self.open_trades.pop(e["trade"], None)
        if trade is None and e["how"] == "stopped":  # a trade with actions, stopped part way (after its steps)
            trade = next((t for t in reversed(self.audit.trades) if t.id == e["trade"]), None)
        if trade is not None:
            trade.outcome, trade.by, trade.reason = e["how"], e["seat"], e["reason"]

    def _trade_completed(self, e: Event) -> None:
        trade = self.open_trades.pop(e["trade"], None)
        if trade is not None:
            trade.outcome = "completed"
            trade.money = {seat: amount for seat, amount in e["money"]}
        for seat, amount in e["money"]:
            self._earn(seat, TRADES, amount)

    # --- Underworld cards --------------------------------------------------------------------------------

    def _card(self, e: Event) -> None:
        what, detail = _card_detail(e)
        self.audit.cards.append(CardLine(self.seq, self.turn, e["seat"], e["card"], what, detail))

    def _card_acquired(self, e: Event) -> None:
        self._card(e)
        self._earn(e["seat"], CARDS, -e["cost"])

    def _card_used(self, e: Event) -> None:
        self._card(e)
        self._earn(e["seat"], CARD_USES, -e["cost"])

    def _card_money(self, e: Event) -> None:
        self._card(e)
        self._earn(e["seat"], CARDS, e["amount"])

    def _card_released(self, e: Event) -> None:
        self._card(e)
        self._earn(e["seat"], CARDS, e["amount"])

    def _card_scored(self, e: Event) -> None:
        self._card(e)
        seat = e["seat"]
        self.audit.points[seat][f"card {e['card']}"] += e["points"]
        self.audit.lost_to_breaks[seat] += e["points"] - (e["after"] - e["before"])

    def _card_rerolled(self, e: Event) -> None:
        self._card(e)
        for _lot, owner, _old, new in e["rolls"]:
            self._roll(owner, new, "Underworld card")

    _card_triggered = _card_die_changed = _card_held = _card_extra = _card_discarded = _card

    def _card_points_counted(self, e: Event) -> None:
        for seat, points in enumerate(e["points"]):
            self.audit.points[seat][END_POINTS] += points

    # --- dice --------------------------------------------------------------------------------------------

    def _roll(self, seat: int, face: int, source: str) -> None:
        self.audit.faces.append(face)
        self.audit.dice_by_source[source] += 1
        luck = self.audit.luck[seat]
        luck.dice += 1
        luck.pips += face

    def _first_player_roll(self, e: Event) -> None:
        for seat, first, second in e["rolls"]:
            self._roll(seat, first, "first player")
            self._roll(seat, second, "first player")

    def _boss_tie(self, e: Event) -> None:
        lots = tuple(e["lots"])
        for _lot, owner, _old, new in e["rolls"]:
            self._roll(owner, new, "boss tie")
        if self.tie is not None and self.tie.lots == lots:
            self.tie.last_rolls = list(e["rolls"])
            return
        self._end_tie()
        self.tie = _Tie(lots, {owner for _lot, owner, _old, _new in e["rolls"]}, list(e["rolls"]))

    def _end_tie(self) -> None:
        """A run of rerolls in one casino is over: the player whose rerolled die ended highest won it."""
        if self.tie is None:
            return
        best = max(new for _lot, _owner, _old, new in self.tie.last_rolls)
        holders = {owner for _lot, owner, _old, new in self.tie.last_rolls if new == best}
        winner = holders.pop() if len(holders) == 1 else -1
        for seat in self.tie.players:
            if seat == winner:
                self.audit.luck[seat].ties_won += 1
            else:
                self.audit.luck[seat].ties_lost += 1
        self.tie = None

    # --- the end -----------------------------------------------------------------------------------------

    def reconcile(self, view: Mapping[str, Any]) -> LordsAudit:
        """Check the money and points read from the events against the final state's, and finish."""
        audit = self.audit
        seats = view["seats"]
        audit.final_money = [int(s["money"]) for s in seats]
        audit.final_score = [int(s["score"]) for s in seats]
        for seat in range(audit.players):
            name = audit.names[seat]
            if audit.money(seat) != audit.final_money[seat]:
                audit.reconciliation.append(f"{name}: the events add up to ${audit.money(seat)}m but the final "
                                            f"state holds ${audit.final_money[seat]}m")
            if audit.score(seat) != audit.final_score[seat]:
                audit.reconciliation.append(f"{name}: the events add up to {audit.score(seat)} points but the "
                                            f"final state holds {audit.final_score[seat]}")
        return audit


def audit_lords(config: GameConfig, names: Sequence[str], records: Sequence[tuple[int, Sequence[Event]]],
                final_view: Mapping[str, Any]) -> LordsAudit:
    """The audit of a game whose records' events are `records` ((seq, events), the header's first)."""
    auditor = LordsAuditor(config, names)
    for seq, events in records:
        auditor.record(seq, events)
    return auditor.reconcile(final_view)
