"""The final standings of a finished game, as the end screen shows them: rank, player, points, money (the
tie-break said when it decides), casinos, biggest payout, luck, the fairness proof and the replay file.

The numbers come from the replay the server reveals at the end, read by the replay audit
(`replays.audit`): the same figures `vegas replay audit` prints, so the end screen and the audit agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from vegas_table.client.endgame import Finding
from vegas_table.client.seen import seat_label
from vegas_table.engine.core.phrasebook import counted
from vegas_table.replays.audit import AuditError, audit_replay, records_of
from vegas_table.replays.audit.lords import LordsAudit, casino_name
from vegas_table.replays.format import Replay, ReplayFormatError, parse_lines

REASONS = {"end_of_game_card": "the End of Game card", "instant_win": "the Instant Win space"}


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    seat: int
    player: str  # `Blue (Dan)`
    points: int | None  # None in a game without points
    money: str  # `$54m`, `$310k`
    holdings: str  # Lords: casinos bossed at the end; Las Vegas: banknotes won
    best_payout: str  # `$12m gold C8`, `$90k casino 4`
    luck: str  # `+$3.5m (4 bets)`: won beyond expectation; `+1.3 dice (30 rolls)`: dice placed beyond it


def _payouts(replay: Replay, game: str) -> dict[int, tuple[int, str]]:
    """Each seat's biggest single payment from a casino, and which one."""
    best: dict[int, tuple[int, str]] = {}
    for _, events in records_of(replay):
        for event in events:
            if event.get("kind") != "casino_paid":
                continue
            where = casino_name(event["lots"], event["colour"]) if game == "lords" else f"casino {event['casino']}"
            for seat, amount in event["payouts"]:
                if seat >= 0 and amount > best.get(seat, (0, ""))[0]:
                    best[seat] = (int(amount), where)
    return best


def _luck(audit: Any, seat: int) -> str:
    """Lords: what gambles gave beyond their expectation; Las Vegas: dice placed beyond expectation."""
    if isinstance(audit, LordsAudit):
        luck = audit.luck[seat]
        if not luck.gambles:
            return "no gambles"
        gain = float(luck.gamble_gain - luck.gamble_expected)
        return f"{'+' if gain >= 0 else '-'}${abs(gain):.1f}m ({counted(luck.gambles, 'bet')})"
    rolls = audit.rolls[seat]
    return f"{float(rolls.groups - rolls.expected):+.1f} dice ({counted(rolls.rolls, 'roll')})"


def standings(view: Mapping[str, Any], replay_bytes: bytes) -> tuple[list[Standing], str]:
    """The players in finishing order, and the tie-break sentence when the tie-break decided something."""
    replay = parse_lines(replay_bytes.splitlines(), "replay")
    game = str(view["game"])
    audit: Any = audit_replay(replay)
    best = _payouts(replay, game)
    unit = "m" if game == "lords" else "k"
    seats = [int(s["seat"]) for s in view["seats"]]
    if game == "lords":
        bossed = {s: sum(1 for c in view["casinos"] if c.get("boss") == s) for s in seats}
        key = {s: (int(view["seats"][s]["score"]), int(view["seats"][s]["money"])) for s in seats}
    else:
        bossed = {s: int(view["seats"][s]["notes"]) for s in seats}
        key = {s: (int(view["seats"][s]["money"]), int(view["seats"][s]["notes"])) for s in seats}
    order = sorted(seats, key=lambda s: key[s], reverse=True)
    rows = []
    for seat in order:
        rank = 1 + sum(1 for other in seats if key[other] > key[seat])
        amount, where = best.get(seat, (0, ""))
        rows.append(Standing(rank, seat, seat_label(view, seat),
                             key[seat][0] if game == "lords" else None, f"${view['seats'][seat]['money']}{unit}",
                             counted(bossed[seat], "casino" if game == "lords" else "note"),
                             f"${amount}{unit} {where}" if amount else "none", _luck(audit, seat)))
    return rows, _tie_break(view, key, order)


def _tie_break(view: Mapping[str, Any], key: Mapping[int, tuple[int, int]], order: Sequence[int]) -> str:
    """The sentence for the first tie on the first measure that the second one decided (or did not)."""
    first, second = ("points", "money") if view["game"] == "lords" else ("money", "notes")
    for a, b in pairwise(order):
        if key[a][0] == key[b][0]:
            tied = [s for s in order if key[s][0] == key[a][0]]
            names = " and ".join(seat_label(view, s) for s in tied)
            if key[a] == key[b]:
                return f"{names} tie on {first} and on {second}: they share the place"
            return f"{names} tie on {first} ({key[a][0]}): {second} decides, {seat_label(view, a)} ahead"
    return ""


def final_page(view: Mapping[str, Any], replay_bytes: bytes, findings: Sequence[Finding],
               replay_path: Path | None) -> tuple[str, tuple[str, ...]]:
    """The end screen as a page of the client's pane: (title, lines)."""
    result = view.get("result") or {}
    winners = " and ".join(seat_label(view, int(w)) for w in result.get("winners", ()))
    how = f" by {REASONS[result['reason']]}" if result.get("reason") in REASONS else ""
    title = f"Game over: {winners} {'wins' if len(result.get('winners', ())) == 1 else 'share the win'}{how}"
    lines: list[str] = []
    try:
        rows, tie = standings(view, replay_bytes)
    except (AuditError, ReplayFormatError) as error:
        lines.append(f"No standings: the replay cannot be read ({error})")
        rows, tie = [], ""
    if rows:
        lines += _table(rows, view)
        lines += [f"Tie-break: {tie}"] if tie else []
    lines.append("Fairness (checked by this client):")
    lines += [f"  {'✓' if f.ok else '✗'} {f.text}" for f in findings]
    if replay_path is not None:
        lines += [f"Replay: {replay_path}", f"  audit it: vegas replay audit {replay_path}",
                  f"  step through it: vegas replay show {replay_path}"]
    lines.append("audit: the whole audit here (money by source, gambles, trades, dice) · Esc: the final board · "
                 "standings: this page again · lobby · quit")
    return title, tuple(lines)


def _table(rows: Sequence[Standing], view: Mapping[str, Any]) -> list[str]:
    """The standings as aligned text, each column as wide as its widest cell."""
    points = view["game"] == "lords"
    head = ["#", "player", *(["points"] if points else []), "money", "casinos" if points else "notes",
            "best payout", "gamble luck" if points else "dice luck"]
    cells = [[str(r.rank), r.player, *([str(r.points)] if points else []), r.money, r.holdings, r.best_payout,
              r.luck] for r in rows]
    widths = [max(len(row[i]) for row in [head, *cells]) for i in range(len(head))]
    numeric = {0, *([2] if points else []), 3 if points else 2}

    def line(row: list[str]) -> str:
        return "  " + "  ".join(cell.rjust(w) if i in numeric else cell.ljust(w)
                                for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    return [line(head), *(line(row) for row in cells)]


def audit_page(replay_bytes: bytes, width: int) -> tuple[str, tuple[str, ...]]:
    """The replay audit (`vegas replay audit`'s tables) as a page of the client's pane, `width` wide."""
    import io

    from rich.console import Console

    from vegas_table.replays.audit.render import render_audit

    try:
        audit = audit_replay(parse_lines(replay_bytes.splitlines(), "replay"))
    except (AuditError, ReplayFormatError) as error:
        return "Audit", (f"No audit: the replay cannot be read ({error})",)
    out = io.StringIO()
    render_audit(audit, Console(file=out, width=max(40, width), color_system=None, highlight=False))
    return f"Audit: {audit.title}", tuple(out.getvalue().rstrip("\n").split("\n"))
