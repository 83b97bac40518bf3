"""The harnesses' tables: printed with rich, and written as a section of docs/RELIABILITY.md.

Each harness owns one section of the file (between its own markers), so `make chaos` and `make load` can
run in either order and each rewrites only what it measured.
"""

from __future__ import annotations

import datetime
import os
import platform
from pathlib import Path

from rich.console import Console
from rich.table import Table

RELIABILITY = Path("docs/RELIABILITY.md")
TITLE = """# Reliability

What `make chaos` and `make load` (the harnesses in `harness/`) ran and found, written by them on their
last run; do not edit by hand. Their short forms run in `make test` (tests/harness/).
"""

Rows = list[tuple[str, str, str]]  # (measure, value, what it must be: "" when it is only reported)


def print_table(title: str, rows: Rows, console: Console | None = None) -> None:
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("must be")
    for measure, value, must in rows:
        table.add_row(measure, value, must)
    (console or Console()).print(table)


def markdown_table(rows: Rows) -> str:
    lines = ["| measure | value | must be |", "|---|---:|---|"]
    lines += [f"| {measure} | {value} | {must} |" for measure, value, must in rows]
    return "\n".join(lines)


def machine() -> str:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cores} cores, {platform.machine()}, Python {platform.python_version()}, {platform.system()}"


def write_section(name: str, body: str, path: Path = RELIABILITY) -> None:
    """Replace the section `name` of the reliability report (creating the file if needed) with `body`,
    stamped with today's date and the machine it ran on."""
    start, end = f"<!-- {name}: start -->", f"<!-- {name}: end -->"
    stamped = f"{start}\n{body.rstrip()}\n\nRun on {datetime.date.today().isoformat()}, {machine()}.\n{end}"
    text = path.read_text() if path.exists() else TITLE
    if start in text and end in text:
        before, rest = text.split(start, 1)
        text = before + stamped + rest.split(end, 1)[1]
    else:
        text = text.rstrip() + "\n\n" + stamped + "\n"
    path.write_text(text)
