"""A benchmark's result rows and how they are written: a table for the terminal, Markdown for
docs/BENCHMARKS.md. Every suite returns `Row`s."""

from __future__ import annotations

import math
import os
import platform
from dataclasses import dataclass
from datetime import UTC, datetime


@dataclass(frozen=True)
class Row:
    suite: str
    measure: str
    value: float
    unit: str
    target: str = ""


NOT_MEASURED = math.nan  # the value of a row whose measure says why there is no figure


def format_value(value: float) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def render_markdown(rows: list[Row], command: str, kept: str = "") -> str:
    """The file's text: the figures of this run, then `kept` (the Strength section of the file it replaces,
    whose rows `vegas tournament --record` writes: hours of games that a bench does not rerun)."""
    lines = [
        "# Benchmarks",
        "",
        f"Produced by `{command}` on {datetime.now(UTC):%Y-%m-%d} "
        f"({platform.python_implementation()} {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} cores; each engine figure is one process on one core).",
        "",
        "| suite | measure | value | unit | target |",
        "| --- | --- | ---: | --- | --- |",
    ]
    lines += [f"| {r.suite} | {r.measure} | {format_value(r.value)} | {r.unit} | {r.target} |" for r in rows]
    return "\n".join(lines) + "\n" + (f"\n{kept}" if kept else "")
