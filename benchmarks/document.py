"""docs/BENCHMARKS.md as data: each suite's rows and the run that produced them, and a run merged into it.

`python -m benchmarks --only ladder --output docs/BENCHMARKS.md` replaces the rows of the suites it ran and
keeps every other suite's rows, with the line saying which command produced those and when; the Strength
section (`arena.strength`, hours of games) is kept whatever ran. Rows are kept as the text they were written
as, so a merge never reformats a figure it did not measure.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from benchmarks.rows import Row
from vegas_table.arena import strength

TITLE = "# Benchmarks"
INTRO = ("Each suite's rows were produced by the command on the date and machine of its line in the first table;"
         " `python -m benchmarks --only SUITE --output docs/BENCHMARKS.md` replaces that suite's rows and line"
         " and keeps the others. Each engine figure is one process on one core.")
RUNS = "| suite | produced by | date | machine |"
RUNS_RULE = "| --- | --- | --- | --- |"
ROWS = "| suite | measure | value | unit | target |"
ROWS_RULE = "| --- | --- | ---: | --- | --- |"


@dataclass
class Document:
    """A BENCHMARKS.md: per suite (in the order of the file) its run's line and its rows, as Markdown lines;
    and the Strength section, whole."""

    runs: dict[str, str] = field(default_factory=dict)  # suite -> its line of the runs table
    rows: dict[str, list[str]] = field(default_factory=dict)  # suite -> its rows of the figures table
    kept: str = ""  # the Strength section, "" if none

    def merge(self, suites: Sequence[str], rows: Iterable[Row], command: str, order: Sequence[str]) -> None:
        """Put in the rows of a run of `suites` by `command`, replacing theirs (a suite that ran and gave no
        row keeps no old rows); the suites are then in `order` (unknown ones last, as they were)."""
        fresh: dict[str, list[str]] = {suite: [] for suite in suites}
        for row in rows:
            fresh.setdefault(row.suite, []).append(row.markdown())
        for suite, lines in fresh.items():
            self.rows[suite] = lines
            self.runs[suite] = run_line(suite, command)
        rank = {suite: i for i, suite in enumerate(order)}
        ranked = sorted(self.runs, key=lambda suite: rank.get(suite, len(rank)))
        self.runs = {suite: self.runs[suite] for suite in ranked}
        self.rows = {suite: self.rows.get(suite, []) for suite in ranked}

    def markdown(self) -> str:
        lines = [TITLE, "", INTRO, "", RUNS, RUNS_RULE, *self.runs.values(), "", ROWS, ROWS_RULE]
        lines += [line for suite_rows in self.rows.values() for line in suite_rows]
        return "\n".join(lines) + "\n" + (f"\n{self.kept}" if self.kept else "")


def run_line(suite: str, command: str, today: datetime | None = None) -> str:
    """The runs table's line of `suite`, produced now by `command` on this machine."""
    machine = (f"{platform.python_implementation()} {platform.python_version()}, {platform.system()} "
               f"{platform.machine()}, {os.cpu_count()} cores")
    return f"| {suite} | `{command}` | {(today or datetime.now(UTC)):%Y-%m-%d} | {machine} |"


def parse(text: str) -> Document:
    """The Document of a BENCHMARKS.md written by `Document.markdown` ("" gives an empty one). A line of a
    table belongs to the table whose header came last; its suite is its first cell."""
    document = Document(kept=strength.section(text))
    body = text.replace(document.kept, "") if document.kept else text
    table = ""  # the header of the table the lines are in
    for line in body.splitlines():
        if line in (RUNS, ROWS):
            table = line
        elif table and line.startswith("| ") and line not in (RUNS_RULE, ROWS_RULE):
            suite = line.split("|")[1].strip()
            if table == RUNS:
                document.runs[suite] = line
            else:
                document.rows.setdefault(suite, []).append(line)
                document.runs.setdefault(suite, f"| {suite} | unknown | | |")
    return document
