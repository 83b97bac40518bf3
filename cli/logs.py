"""structlog set-up, once per entry point: readable lines on a terminal, one JSON object per line with --log-json.

The engine never logs (it returns events); servers, clients and tools decide what to log. Context such as
`game_id`, `seat` and `rpc` is bound with contextvars so every line of a request carries it.

Lines are handed to a `BatchedLines` sink and written by a thread of its own every `FLUSH_SECONDS`, not one
`write` system call per line in the caller's thread: a busy server logs about five lines per action (the
request, the action, its events), and writing and flushing each one where it was logged took a tenth of
the event loop's time with 100 busy games (measured). A process that ends normally writes what is pending
on the way out; SIGKILL can lose at most the last `FLUSH_SECONDS` of lines (never an action: those are in
the replay files).
"""

from __future__ import annotations

import atexit
import json as std_json
import logging
import sys
import threading
from typing import Any, TextIO

import orjson
import structlog

FLUSH_SECONDS = 0.1


class BatchedLines:
    """A write-only text stream for log lines: `write` queues, a daemon thread writes and flushes the queue
    to `out` (None: whatever `sys.stderr` is then) every `interval` seconds, `close` (also run at exit)
    writes what is left."""

    def __init__(self, out: TextIO | None, interval: float = FLUSH_SECONDS) -> None:
        self.out = out
        self.pending: list[str] = []
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.interval = interval
        self.thread = threading.Thread(target=self._run, name="log-lines", daemon=True)
        self.thread.start()
        atexit.register(self.close)

    def write(self, text: str) -> int:
        with self.lock:
            self.pending.append(text)
        return len(text)

    def flush(self) -> None:
        """Nothing: the sink's thread flushes (so that a logger flushing each line costs no system call)."""

    def isatty(self) -> bool:
        return (self.out or sys.stderr).isatty()

    def drain(self) -> None:
        """Write and flush everything queued so far, now."""
        with self.lock:
            lines, self.pending = self.pending, []
        if lines:
            out = self.out or sys.stderr
            try:
                out.write("".join(lines))
                out.flush()
            except (OSError, ValueError):  # the stream is closed or gone: nobody is left to read the lines
                pass

    def close(self) -> None:
        self.stopped.set()
        if self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(5)
        self.drain()
        atexit.unregister(self.close)

    def _run(self) -> None:
        while not self.stopped.wait(self.interval):
            self.drain()


def json_line(value: Any, default: Any = None, **options: Any) -> str:
    """A log line's JSON: orjson (several times faster than json for the server's ~1,000 lines a second),
    or the standard library for what orjson refuses (integers beyond 64 bits, non-string keys)."""
    try:
        return orjson.dumps(value, default=default).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError
        return std_json.dumps(value, default=default, **options)


_sink: BatchedLines | None = None


def configure_logging(json: bool = False, level: str = "info", stream: TextIO | None = None) -> None:
    """Configure structlog for this process: JSON lines if `json`, else coloured console lines if a tty.
    Lines logged under an earlier configuration are written out first."""
    global _sink
    out = stream or sys.stderr
    processors: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    if json:
        processors += [structlog.processors.dict_tracebacks, structlog.processors.JSONRenderer(json_line)]
    else:
        processors.append(structlog.dev.ConsoleRenderer(colors=out.isatty()))
    if _sink is not None:
        _sink.close()
    _sink = BatchedLines(stream)
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(_sink),  # type: ignore[arg-type]
        cache_logger_on_first_use=False,
    )


def flush_logs() -> None:
    """Write every log line logged so far (tests read them back; the sink's thread does it otherwise)."""
    if _sink is not None:
        _sink.drain()
