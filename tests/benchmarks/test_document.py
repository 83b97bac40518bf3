"""docs/BENCHMARKS.md merged with a run: the suites that ran get their new rows and their run's line, every
other suite keeps its rows and line, and the Strength section is kept."""

from __future__ import annotations

import argparse
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks import run
from benchmarks.document import parse, run_line
from benchmarks.rows import Row
from vegas_table.arena.strength import StrengthRow, record, section

ORDER = ["engine", "server", "ladder"]


def file_of(rows: list[Row], command: str = "make bench") -> str:
    document = parse("")
    document.merge(ORDER, rows, command, ORDER)
    return record(document.markdown(), StrengthRow("lords classic 2p: a vs b", 80, 0.6, 0.5, 0.7, 0.5, "vegas t"))


OLD = file_of([Row("engine", "old engine", 1.0, "x/s"), Row("server", "old server", 2.0, "ms"),
               Row("ladder", "old ladder", 3.0, "%")])


def test_a_run_of_one_suite_replaces_its_rows_and_line_and_keeps_the_others() -> None:
    document = parse(OLD)
    document.merge(["ladder"], [Row("ladder", "new ladder", 55.5, "%", ">= 50%")], "python -m benchmarks --only ladder",
                   ORDER)
    text = document.markdown()
    assert "old ladder" not in text and "| ladder | new ladder | 55.50 | % | >= 50% |" in text
    assert "| engine | old engine | 1.00 | x/s |  |" in text and "| server | old server | 2.00 | ms |  |" in text
    assert "| ladder | `python -m benchmarks --only ladder` |" in text
    assert "| engine | `make bench` |" in text and "| server | `make bench` |" in text
    assert section(text) == section(OLD)


def test_suites_stay_in_their_order_whatever_ran_first() -> None:
    document = parse(OLD)
    document.merge(["ladder", "engine"], [Row("ladder", "l", 1.0, "%"), Row("engine", "e", 1.0, "x/s")], "c", ORDER)
    assert list(document.runs) == list(document.rows) == ORDER
    text = document.markdown()
    assert text.index("| engine | e |") < text.index("| server | old server |") < text.index("| ladder | l |")


def test_a_suite_that_ran_and_gave_no_rows_keeps_none_of_its_old_ones() -> None:
    document = parse(OLD)
    document.merge(["server"], [], "c", ORDER)
    assert document.rows["server"] == [] and "old server" not in document.markdown()


def test_a_run_line_says_the_command_date_and_machine() -> None:
    line = run_line("ladder", "make bench", datetime(2026, 1, 2, tzinfo=UTC))
    assert line.startswith("| ladder | `make bench` | 2026-01-02 | ") and "cores |" in line


measures = st.text(st.characters(categories=["L", "N"]), min_size=1, max_size=12)


@given(st.lists(st.tuples(st.sampled_from(ORDER), measures, st.floats(0, 1e6)), max_size=12))
def test_a_file_reads_back_as_it_was_written(made: list[tuple[str, str, float]]) -> None:
    text = file_of([Row(suite, measure, value, "u") for suite, measure, value in made])
    assert parse(text).markdown() == text


def suite(quick: bool) -> list[Row]:
    return [Row("ladder", "quick" if quick else "full", 1.0, "%")]


def test_benchmarks_only_writes_the_suites_it_ran_and_their_command_into_the_file(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run, "SUITES", {name: f"{__name__}:suite" for name in ORDER})
    for name in [name for name in os.environ if name.startswith("VEGAS_BENCH_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("VEGAS_BENCH_LADDER_DEALS", "3")  # a suite's setting: part of the command
    target = tmp_path / "BENCHMARKS.md"
    target.write_text(OLD)
    assert run.run(argparse.Namespace(output=target, quick=True, only="ladder")) == 0
    text = target.read_text()
    assert "| ladder | quick | 1.00 | % |  |" in text and "old ladder" not in text
    command = f"VEGAS_BENCH_LADDER_DEALS=3 python -m benchmarks --output {target} --only ladder --quick"
    assert f"| ladder | `{command}` |" in text
    assert "| engine | old engine |" in text and "| server | old server |" in text
    assert section(text) == section(OLD)
