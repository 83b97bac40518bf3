"""The Las Vegas audit: which casinos paid each player, the banknotes, the dice and how lucky each roll was.

Everything comes from the events in the records (`engine.lasvegas.events`): every casino's payout, the
slot machine's included, is a `casino_paid` event listing each note and its owner (-1: the white dice,
whose notes go under the pile), and every roll is a `dice_rolled` or `neutral_dice_rolled` event. The totals
are checked against the final state exactly. Las Vegas has no spending, trades or gambles: money only comes
in. A roll's luck is the size of its largest group of equal faces among the player's own dice (what they
can place at once) against what a roll of that many fair dice gives on average.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import factorial
from typing import Any

from vegas_table.engine.core.api import GameConfig
from vegas_table.replays.audit.dice import FACES, FaceTest, face_test
from vegas_table.replays.audit.model import StandIns, Table, Timeline

Event = Mapping[str, Any]
WHITE = -1  # the owner of the neutral dice in events
SLOT = "slot"


@cache
def expected_largest_group(dice: int) -> Fraction:
    """The mean size of the largest group of equal faces among `dice` fair dice, exactly.

    P(largest <= m) counts the rolls whose every face appears at most m times: dice! times the coefficient
    of x^dice in (sum_{j<=m} x^j / j!)^6, over 6^dice. The mean is the sum over m of P(largest > m).
    """
    if dice == 0:
        return Fraction(0)
    mean = Fraction(0)
    for m in range(dice):
        mean += 1 - _at_most(dice, m)
    return mean


def _at_most(dice: int, m: int) -> Fraction:
    """P(no face shows more than m times) for `dice` fair dice."""
    polynomial = [Fraction(1)]
    part = [Fraction(1, factorial(j)) for j in range(m + 1)]
    for _ in range(FACES):
        product = [Fraction(0)] * min(len(polynomial) + m, dice + 1)
        for i, a in enumerate(polynomial):
            for j, b in enumerate(part):
                if i + j <= dice:
                    product[i + j] += a * b
        polynomial = product
    coefficient = polynomial[dice] if dice < len(polynomial) else Fraction(0)
    rolls: int = FACES**dice
    return coefficient * Fraction(factorial(dice), rolls)


def largest_group(faces: Sequence[int]) -> int:
    return max(Counter(faces).values()) if faces else 0


@dataclass
class SeatRolls:
    """One player's rolls: how many, how many dice, and their largest groups against expectation."""

    rolls: int = 0
    dice: int = 0
    groups: int = 0  # sum of the largest group of each roll
    expected: Fraction = Fraction(0)  # sum of what each roll's largest group is on average

    def to_json(self) -> dict[str, Any]:
        return {"rolls": self.rolls, "dice": self.dice, "largest_groups": self.groups,
                "expected_largest_groups": float(self.expected), "luck": float(self.groups - self.expected)}


@dataclass
class LasVegasAudit:
    """The audit of one Las Vegas replay (see the module docstring)."""

    config: GameConfig
    names: list[str]
    title: str = ""
    finished: bool = False
    income: list[Counter[str]] = field(default_factory=list)  # [seat] casino -> $k won there
    notes: list[int] = field(default_factory=list)  # banknotes won per seat
    white: int = 0  # $k that went to the white dice (under the pile)
    rounds: list[list[int]] = field(default_factory=list)  # money per seat at the end of each round
    rolls: list[SeatRolls] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    timeline: Timeline = field(default_factory=lambda: Timeline("$k"))
    final_money: list[int] = field(default_factory=list)
    reconciliation: list[str] = field(default_factory=list)
    stand_ins: StandIns = field(default_factory=StandIns)  # set by audit_replay from the records' `by`

    @property
    def players(self) -> int:
        return self.config.players

    def money(self, seat: int) -> int:
        return sum(self.income[seat].values())

    @property
    def dice_test(self) -> FaceTest:
        return face_test(self.faces)

    def to_json(self) -> dict[str, Any]:
        seats = [{"seat": s, "name": self.names[s], "income": dict(self.income[s]), "money": self.money(s),
                  "notes": self.notes[s], "rolls": self.rolls[s].to_json()} for s in range(self.players)]
        return {"game": "lasvegas", "config": self.config.to_json(), "names": self.names,
                "finished": self.finished, "seats": seats, "white": self.white, "rounds": self.rounds,
                "dice": self.dice_test.to_json(), "timeline": self.timeline.to_json(),
                "reconciliation": self.reconciliation, "stand_ins": self.stand_ins.to_json()}

    def tables(self) -> list[Table]:
        return [self.money_table(), self.rounds_table(), self.luck_table(), self.dice_table(),
                *self.stand_ins.tables()]

    def money_table(self) -> Table:
        casinos = sorted({c for ledger in self.income for c in ledger}, key=lambda c: (c == SLOT, c))
        rows = [(f"casino {c}" if c != SLOT else "slot machine", *(f"${ledger[c]}k" for ledger in self.income),
                 f"${sum(ledger[c] for ledger in self.income)}k") for c in casinos]
        rows.append(("total", *(f"${self.money(s)}k" for s in range(self.players)),
                     f"${sum(self.money(s) for s in range(self.players))}k"))
        rows.append(("banknotes", *map(str, self.notes), str(sum(self.notes))))
        note = ("reconciled: every total equals the final state" if not self.reconciliation else
                "NOT RECONCILED: " + "; ".join(self.reconciliation))
        return Table("Where the money came from", ("source", *self.names, "all"), tuple(rows),
                     f"{note}. The white dice won ${self.white}k, which went under the pile")

    def rounds_table(self) -> Table:
        rows = tuple((str(number), *(f"${m}k" for m in money)) for number, money in enumerate(self.rounds, 1))
        return Table("Money at the end of each round", ("round", *self.names), rows)

    def luck_table(self) -> Table:
        rows = tuple((self.names[s], str(r.rolls), str(r.dice), f"{r.groups / r.rolls:.2f}" if r.rolls else "-",
                      f"{float(r.expected) / r.rolls:.2f}" if r.rolls else "-", f"{float(r.groups - r.expected):+.2f}")
                     for s, r in enumerate(self.rolls))
        return Table("Luck with the dice", ("player", "rolls", "dice", "largest group", "expected", "luck"), rows,
                     "largest group: the most dice of one face in a roll of their own dice (what they could place "
                     "at once), on average; luck: dice placed above expectation over the game")

    def dice_table(self) -> Table:
        test = self.dice_test
        row = (*map(str, test.counts), str(test.dice), f"{test.chi_square:.2f}", f"{test.p_value:.3f}", test.verdict)
        return Table("Dice: are they fair?", ("1", "2", "3", "4", "5", "6", "dice", "chi²", "p", "verdict"), (row,),
                     f"Pearson's chi-square test of equally likely faces over every die of the game (white dice "
                     f"included), {test.dof} degrees of freedom")


class LasVegasAuditor:
    """Reads the events of a Las Vegas replay into a `LasVegasAudit`."""

    def __init__(self, config: GameConfig, names: Sequence[str]) -> None:
        n = config.players
        options = f" ({', '.join(config.options)})" if config.options else ""
        self.audit = LasVegasAudit(config, list(names), title=f"Las Vegas{options}, {n} players",
                                   income=[Counter() for _ in range(n)], notes=[0] * n,
                                   rolls=[SeatRolls() for _ in range(n)])
        self.turn = 0

    def record(self, events: Sequence[Event]) -> None:
        for event in events:
            handler = getattr(self, "_" + str(event["kind"]), None)
            if handler is not None:
                handler(event)
        audit = self.audit
        audit.timeline.sample(self.turn, [audit.money(s) for s in range(audit.players)], None)

    def _casino_paid(self, e: Event) -> None:
        for owner, value in e["payouts"]:
            if owner == WHITE:
                self.audit.white += value
            else:
                self.audit.income[owner][e["casino"]] += value
                self.audit.notes[owner] += 1

    def _dice_rolled(self, e: Event) -> None:
        self.turn += 1
        own = [*e["dice"], *(pips for kind, pips in e["extra"] if kind != "white")]
        self.audit.faces += [*e["dice"], *(pips for _kind, pips in e["extra"])]
        rolls = self.audit.rolls[e["seat"]]
        rolls.rolls += 1
        rolls.dice += len(own)
        rolls.groups += largest_group(own)
        rolls.expected += expected_largest_group(len(own))

    def _neutral_dice_rolled(self, e: Event) -> None:
        self.audit.faces += list(e["pips"])

    def _round_ended(self, e: Event) -> None:
        self.audit.rounds.append(list(e["money"]))

    def _game_ended(self, e: Event) -> None:
        self.audit.finished = True

    def reconcile(self, view: Mapping[str, Any]) -> LasVegasAudit:
        audit = self.audit
        audit.final_money = [int(s["money"]) for s in view["seats"]]
        for seat in range(audit.players):
            if audit.money(seat) != audit.final_money[seat]:
                audit.reconciliation.append(f"{audit.names[seat]}: the events add up to ${audit.money(seat)}k but "
                                            f"the final state holds ${audit.final_money[seat]}k")
            won = int(view["seats"][seat]["notes"])
            if audit.notes[seat] != won:
                audit.reconciliation.append(f"{audit.names[seat]}: the events count {audit.notes[seat]} banknotes "
                                            f"but the final state holds {won}")
        return audit


def audit_lasvegas(config: GameConfig, names: Sequence[str], records: Sequence[tuple[int, Sequence[Event]]],
                   final_view: Mapping[str, Any]) -> LasVegasAudit:
    """The audit of a Las Vegas game whose records' events are `records` ((seq, events), the header's first)."""
    auditor = LasVegasAuditor(config, names)
    for _seq, events in records:
        auditor.record(events)
    return auditor.reconcile(final_view)
