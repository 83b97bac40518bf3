"""A benchmark's result rows and how a figure is written (the terminal's table, docs/BENCHMARKS.md's lines:
`benchmarks.document`). Every suite returns `Row`s."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    suite: str
    measure: str
    value: float
    unit: str
    target: str = ""

    def markdown(self) -> str:
        """The row as a line of docs/BENCHMARKS.md's table (and of `python -m benchmarks.ladder`'s output)."""
        return f"| {self.suite} | {self.measure} | {format_value(self.value)} | {self.unit} | {self.target} |"


NOT_MEASURED = math.nan  # the value of a row whose measure says why there is no figure


def format_value(value: float) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"
