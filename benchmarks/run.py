"""`make bench` (`python -m benchmarks`): measure what users compare, print it as a table, and record it in
docs/BENCHMARKS.md.

Each suite is a function returning rows (measure, value, unit, target). Suites run one after the other in
this one process and thread, so engine figures are for one core. Figures vary from machine to machine; the
file records, per suite, the command, the date, the machine and the Python that produced its rows: `--only`
replaces the rows of the suites it runs and keeps the others' (`benchmarks.document`). The benchmarks are a development
tool, not part of the installed packages: they may import any package, and no installed package imports them.
"""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks.document import parse
from benchmarks.rows import Row, format_value

# suite name -> "module:function"; each function takes `quick` and returns rows.
SUITES: dict[str, str] = {
    "engine": "benchmarks.engine:engine_suite",
    "lasvegas": "benchmarks.engine:lasvegas_suite",
    "arena": "benchmarks.arena:arena_suite",
    "replays": "benchmarks.replays:replay_suite",
    "server": "benchmarks.server:server_suite",
    "client": "benchmarks.client:client_suite",
    "manners": "benchmarks.manners:manners_suite",
    "ladder": "benchmarks.ladder:ladder_suite",
}


def _load(spec: str) -> Callable[[bool], list[Row]]:
    module, name = spec.split(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", type=Path, default=None, help="write the results as Markdown here")
    parser.add_argument("--quick", action="store_true", help="smaller runs (for a smoke test)")
    parser.add_argument("--only", default="", help=f"comma-separated suites ({', '.join(SUITES)})")
    return run(parser.parse_args(argv))


def run(args: argparse.Namespace) -> int:
    console = Console()
    wanted = [s for s in args.only.split(",") if s] or list(SUITES)
    unknown = [s for s in wanted if s not in SUITES]
    if unknown:
        console.print(f"[red]benchmarks:[/red] unknown suite {unknown[0]!r}; suites: {', '.join(SUITES)}")
        return 2
    rows: list[Row] = []
    for name in wanted:
        with console.status(f"benchmarking {name}..."):
            rows += _load(SUITES[name])(args.quick)
    table = Table(title="Vegas Table benchmarks")
    for column in ("suite", "measure", "value", "unit", "target"):
        table.add_column(column, justify="right" if column == "value" else "left")
    for r in rows:
        table.add_row(r.suite, r.measure, format_value(r.value), r.unit, r.target)
    console.print(table)
    if args.output:
        command = "make bench" if args.output == Path("docs/BENCHMARKS.md") and not args.only else (
            f"python -m benchmarks --output {args.output}" + (f" --only {args.only}" if args.only else ""))
        command += " --quick" if args.quick else ""
        settings = [f"{name}={value}" for name, value in sorted(os.environ.items()) if name.startswith("VEGAS_BENCH_")]
        command = " ".join([*settings, command])  # the suites' settings from the environment change the figures
        document = parse(args.output.read_text() if args.output.exists() else "")
        document.merge(wanted, rows, command, list(SUITES))
        args.output.write_text(document.markdown())
        console.print(f"wrote {args.output}")
    return 0
