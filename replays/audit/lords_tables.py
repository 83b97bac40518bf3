"""The Lords of Vegas audit as tables a person reads: money in and out, points, gambles, trades, luck, dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from vegas_table.replays.audit.lords import CARD_USES, CARDS, GAMBLING, HOUSE, SPENDING, TRADES, LordsAudit, chance_of
from vegas_table.replays.audit.model import Table


def lords_tables(audit: LordsAudit) -> list[Table]:
    cards = [cards_table(audit)] if "underworld" in (audit.config.rules, *audit.config.options) else []
    return [income_table(audit), spending_table(audit), points_table(audit), gambles_table(audit),
            trades_table(audit), *cards, dice_luck_table(audit), table_luck_table(audit), dice_table(audit)]


def _by_seat(audit: LordsAudit, label: str, values: list[int], unit: str = "$") -> tuple[str, ...]:
    cells = [f"{unit}{v}" if unit else str(v) for v in values]
    return (label, *cells, f"{unit}{sum(values)}" if unit else str(sum(values)))


def _rows(audit: LordsAudit, ledgers: list[Counter[str]], order: list[str]) -> list[tuple[str, ...]]:
    return [_by_seat(audit, source, [ledger[source] for ledger in ledgers]) for source in order
            if any(ledger[source] for ledger in ledgers)]


def _casinos_first(ledgers: list[Counter[str]]) -> list[str]:
    """Casino sources, the richest first."""
    totals: Counter[str] = Counter()
    for ledger in ledgers:
        totals.update({k: v for k, v in ledger.items() if k.startswith("casino ")})
    return [name for name, _ in sorted(totals.items(), key=lambda item: (-item[1], item[0]))]


def income_table(audit: LordsAudit) -> Table:
    order = ["set-up", "parking lots", *_casinos_first(audit.income), GAMBLING, HOUSE, TRADES, CARDS]
    rows = _rows(audit, audit.income, order)
    rows.append(_by_seat(audit, "total in", [sum(ledger.values()) for ledger in audit.income]))
    return Table("Where the money came from ($m)", ("source", *audit.names, "all"), tuple(rows),
                 "gambling: bets won; as the house: bets collected at your casinos")


def spending_table(audit: LordsAudit) -> Table:
    rows = _rows(audit, audit.spending, [*SPENDING, GAMBLING, HOUSE, TRADES, CARDS, CARD_USES])
    rows.append(_by_seat(audit, "total out", [sum(ledger.values()) for ledger in audit.spending]))
    rows.append(_by_seat(audit, "money now", [audit.money(s) for s in range(audit.players)]))
    note = "reconciled: every total equals the final state" if not audit.reconciliation else \
        "NOT RECONCILED: " + "; ".join(audit.reconciliation)
    return Table("Where the money went ($m)", ("use", *audit.names, "all"), tuple(rows), note)


def points_table(audit: LordsAudit) -> Table:
    casinos = sorted({c for ledger in audit.points for c in ledger},
                     key=lambda c: (-sum(ledger[c] for ledger in audit.points), c))
    rows = [_by_seat(audit, casino, [ledger[casino] for ledger in audit.points], unit="") for casino in casinos]
    rows.append(_by_seat(audit, "lost to breaks", [-lost for lost in audit.lost_to_breaks], unit=""))
    rows.append(_by_seat(audit, "score", [audit.score(s) for s in range(audit.players)], unit=""))
    return Table("Points per casino (as the boss scored them)", ("casino", *audit.names, "all"), tuple(rows),
                 "a break: points that do not reach the next stop of the score track are lost")


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)


def _money(amount: float) -> str:
    return f"{amount:+.2f}".rstrip("0").rstrip(".") if amount else "0"


def gambles_table(audit: LordsAudit) -> Table:
    names = audit.names
    layoff = "layoff" in audit.config.options
    rows = []
    for g in audit.gambles:
        row = [str(g.turn), names[g.gambler], names[g.house], g.casino, str(g.bet),
               f"{g.dice[0]}+{g.dice[1]}", g.outcome, _fraction(chance_of(g.outcome)), _money(g.gain),
               _money(float(g.expected)), _money(float(g.luck))]
        rows.append(tuple(row + (["yes" if g.layoff else "no"] if layoff else [])))
    columns = ("turn", "gambler", "house", "casino", "bet", "dice", "outcome", "chance", "won", "expected",
               "luck", *(("laid off",) if layoff else ()))
    odds = ", ".join(f"{o} {_fraction(chance_of(o))}" for o in ("double", "even", "lost"))
    return Table(f"Gambles ({len(audit.gambles)}), $m", columns, tuple(rows),
                 f"odds of every gamble (2d6: 2, 12 pay double; 3, 4, 9-11 pay even; 5-8 lose): {odds}. "
                 "won: the gambler's gain; expected: its mean before the "
                 "roll (the House pays at most what it has); luck: won - expected")


def trades_table(audit: LordsAudit) -> Table:
    names = audit.names
    rows = []
    for t in audit.trades:
        outcome = t.outcome + (f" by {names[t.by]}" if t.by >= 0 else "") + (f": {t.reason}" if t.reason else "")
        money = ", ".join(f"{names[s]} {_money(m)}" for s, m in sorted(t.money.items())) or "-"
        rows.append((str(t.id), str(t.turn), names[t.proposer], t.terms, outcome, money))
    return Table(f"Trades ({len(audit.trades)}), $m", ("#", "turn", "proposer", "terms", "outcome", "money"),
                 tuple(rows))


def cards_table(audit: LordsAudit) -> Table:
    """Option underworld: every card bought, used or set off, and what each of its effects did."""
    rows = tuple((str(c.turn), audit.names[c.seat], c.card, c.what, c.detail) for c in audit.cards)
    bought = sum(1 for c in audit.cards if c.what == "acquired")
    return Table(f"Underworld cards ({bought} bought)", ("turn", "player", "card", "what", "detail"), rows,
                 "card points now go through the breaks (in the points table as 'card NAME'); end-of-game card "
                 "points do not")


def dice_luck_table(audit: LordsAudit) -> Table:
    rows = tuple((audit.names[seat], str(luck.dice), f"{luck.pips / luck.dice:.2f}" if luck.dice else "-",
                  f"{luck.z:+.2f}", str(luck.ties_won), str(luck.ties_lost)) for seat, luck in enumerate(audit.luck))
    return Table("Luck with the dice", ("player", "dice", "mean", "z", "ties won", "ties lost"), rows,
                 "dice: rolled for them outside gambles (first player, reorganizations, boss-tie rerolls); a fair "
                 "die's mean is 3.5; z: standard deviations above it. Ties: runs of boss-tie rerolls in which "
                 "their die ended highest, or not")


def table_luck_table(audit: LordsAudit) -> Table:
    rows = []
    for seat, luck in enumerate(audit.luck):
        rows.append((audit.names[seat], str(luck.gambles), _money(luck.gamble_gain),
                     _money(float(luck.gamble_expected)), _money(float(luck.gamble_gain - luck.gamble_expected)),
                     str(luck.house_gambles), _money(luck.house_gain), _money(float(luck.house_expected)),
                     _money(float(luck.house_gain - luck.house_expected))))
    return Table("Luck at the tables, $m", ("player", "gambles", "won", "expected", "luck", "as house", "won",
                                           "expected", "luck"), tuple(rows),
                 "as house: bets placed at their casinos, and what they won or paid")


def dice_table(audit: LordsAudit) -> Table:
    test = audit.dice_test
    sources = ", ".join(f"{name} {count}" for name, count in sorted(audit.dice_by_source.items()))
    row = (*map(str, test.counts), str(test.dice), f"{test.chi_square:.2f}", f"{test.p_value:.3f}", test.verdict)
    return Table("Dice: are they fair?", ("1", "2", "3", "4", "5", "6", "dice", "chi²", "p", "verdict"), (row,),
                 f"Pearson's chi-square test of equally likely faces over every die of the game, {test.dof} "
                 f"degrees of freedom; dice by source: {sources or 'none'}")
