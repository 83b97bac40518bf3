"""Long work shows progress where the output goes: a plain line now and then when it is not a terminal."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from vegas_table.cli.main import main
from vegas_table.cli.progress import PlainLines, duration, progress


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_plain_lines_come_at_every_tenth_with_the_time_left() -> None:
    out, clock = io.StringIO(), Clock()
    lines = PlainLines("playing", 500, "games", out, clock)
    for _ in range(49):
        clock.now += 1
        lines.advance(1)
    assert out.getvalue() == ""  # under a tenth done, under a minute since the start
    clock.now += 1
    lines.advance(1)
    assert out.getvalue() == "playing: 50 of 500 games (10%), 50s so far, about 7m 30s left\n"


def test_a_plain_line_at_least_once_a_minute_while_the_work_moves() -> None:
    out, clock = io.StringIO(), Clock()
    lines = PlainLines("playing", 1000, "games", out, clock)
    clock.now = 59.0
    lines.advance(1)
    assert out.getvalue() == ""
    clock.now = 61.0
    lines.advance(1)
    assert out.getvalue() == "playing: 2 of 1000 games (0%), 1m 01s so far, about 8h 27m left\n"


def test_the_last_line_says_all_is_done_without_a_time_left() -> None:
    out = io.StringIO()
    lines = PlainLines("verifying", 3, "files", out, Clock())
    for _ in range(3):
        lines.advance(1)
    assert out.getvalue().splitlines()[-1] == "verifying: 3 of 3 files (100%), 0s so far"


def test_durations_read_as_a_person_would_say_them() -> None:
    assert [duration(s) for s in (0.4, 45, 250, 3725)] == ["0s", "45s", "4m 10s", "1h 02m"]


def test_not_on_a_terminal_progress_goes_to_stderr_and_stdout_keeps_the_results(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "lords", "--rules", "classic", "--players", "2", "--games", "2",
                 "--seed", "p", "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert "simulating: 2 of 2 games (100%)" in captured.err
    assert "simulating" not in captured.out and "2 games of lords" in captured.out


def test_on_a_terminal_the_bar_is_rich_s_and_no_plain_line_is_written(capsys: pytest.CaptureFixture[str]) -> None:
    console = Console(file=io.StringIO(), force_terminal=True)
    with progress(console, "playing", 4) as tracker:
        tracker.advance(4)
    assert capsys.readouterr().err == ""


def test_hidden_progress_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with progress(Console(file=io.StringIO()), "verifying", 1, "files", shown=False) as tracker:
        tracker.advance(1)
    assert capsys.readouterr().err == ""
