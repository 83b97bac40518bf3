"""How a verification report reads on a terminal: one line per good file, the first problem of a bad one."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from vegas_table.replays.fairness import FAILED, NO_COMMITMENT, NOT_REVEALED, PROVEN
from vegas_table.replays.verify import BAD, IN_PROGRESS, VERIFIED, VerificationReport

MARKS = {VERIFIED: "[green]✓ verified[/]", IN_PROGRESS: "[yellow]… in progress[/]", BAD: "[red]✗ FAILED[/]"}
SEED = {PROVEN: "seed proven fair", NOT_REVEALED: "seed not revealed yet", NO_COMMITMENT: "no seed commitment",
        FAILED: "seed NOT the committed one"}


def summary(report: VerificationReport) -> str:
    """What a good file is: actions, who won, and whether its seed is proven fair."""
    parts = [f"{report.actions} actions"]
    if report.config is not None:
        parts.insert(0, f"{report.config.game} {report.config.rules}, {report.config.players} players")
    if report.result is not None:
        winners = [report.names[w] if 0 <= w < len(report.names) else f"seat {w}"
                   for w in report.result.get("winners", [])]
        parts.append(f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}" if winners else "no winner")
    parts.append(SEED[report.fairness.status])
    return "; ".join(parts)


def render_report(report: VerificationReport, console: Console) -> None:
    console.print(f"{MARKS[report.status]}  {escape(report.source)}  [dim]({escape(summary(report))})[/]")
    problem = report.problem
    if problem is not None:
        where = f"line {problem.line}, record {problem.seq}" + (f" ({problem.context})" if problem.context else "")
        console.print(f"    {escape(where)}: [bold]{escape(problem.what)}[/]")
        console.print(f"    expected: {escape(problem.expected)}")
        console.print(f"    found:    {escape(problem.found)}")
        if problem.differences:
            console.print("    difference (expected by the rules → found in the file):")
            for difference in problem.differences:
                console.print(f"      {escape(difference.text())}")
    for note in report.notes:
        console.print(f"    [dim]note: {escape(note)}[/]")


def render_totals(reports: Sequence[VerificationReport], seconds: float, console: Console) -> None:
    """A table of how many files verified, are in progress or failed, and how fast they were checked."""
    table = Table(title=f"{len(reports)} replay files")
    for column in ("verified", "in progress", "failed", "actions", "actions/s"):
        table.add_column(column, justify="right")
    actions = sum(r.actions for r in reports)
    counts = [sum(r.status == status for r in reports) for status in (VERIFIED, IN_PROGRESS, BAD)]
    table.add_row(*map(str, counts), str(actions), f"{actions / seconds:,.0f}" if seconds > 0 else "-")
    console.print(table)
