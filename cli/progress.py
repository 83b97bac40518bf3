"""Progress of long work (games played, files verified), shown wherever the output goes.

On a terminal it is rich's bar, drawn over the output and gone at the end. Redirected to a file or a CI log,
rich draws nothing, and an hour-long tournament would say nothing until its table; so there a plain line
goes to stderr at every tenth of the work and at least once a minute while anything moves:
`playing: 50 of 500 games (10%), 4m 10s so far, about 37m 30s left`. stdout keeps only the results.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

STEPS = 10  # a plain line at every tenth of the work
QUIET_SECONDS = 60.0  # and one at least this often while the work moves


class Tracker:
    """What the work in progress is handed: `advance(n)` as items finish, and `console` to print through
    (on a terminal, lines printed there appear above the bar rather than through it)."""

    def __init__(self, console: Console, advance: Callable[[int], None]) -> None:
        self.console = console
        self.advance = advance


class PlainLines:
    """Progress as plain lines on `out`, for output that is not a terminal; `clock` is injectable for tests."""

    def __init__(self, verb: str, total: int, unit: str, out: TextIO,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.verb, self.total, self.unit, self.out, self.clock = verb, total, unit, out, clock
        self.done = 0
        self.started = self.last = clock()
        self.step = 0

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = self.clock()
        step = self.done * STEPS // self.total if self.total else STEPS
        if step > self.step or now - self.last >= QUIET_SECONDS:
            self.step, self.last = step, now
            print(self.line(now), file=self.out, flush=True)

    def line(self, now: float) -> str:
        """`playing: 50 of 500 games (10%), 4m 10s so far, about 37m 30s left`."""
        spent = now - self.started
        text = f"{self.verb}: {self.done} of {self.total} {self.unit} ({100 * self.done // max(1, self.total)}%), " \
               f"{duration(spent)} so far"
        if 0 < self.done < self.total:
            text += f", about {duration(spent * (self.total - self.done) / self.done)} left"
        return text


def duration(seconds: float) -> str:
    """`45s`, `4m 10s`, `1h 02m`."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m {whole % 60:02d}s"
    return f"{whole // 3600}h {whole % 3600 // 60:02d}m"


@contextmanager
def progress(console: Console, verb: str, total: int, unit: str = "games", shown: bool = True
             ) -> Iterator[Tracker]:
    """Show the progress of `total` items of work while the block runs: a bar on a terminal, plain lines
    on stderr otherwise (see the module docstring); nothing at all if not `shown`."""
    if not shown:
        yield Tracker(console, lambda n: None)
        return
    if not console.is_terminal:
        lines = PlainLines(verb, total, unit, sys.stderr)
        yield Tracker(console, lines.advance)
        return
    columns = (TextColumn(f"[bold]{verb}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(unit, total=total)
        yield Tracker(bar.console, lambda n: bar.advance(task, n))
