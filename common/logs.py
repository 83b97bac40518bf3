"""structlog set-up, once per entry point: readable lines on a terminal, one JSON object per line with --log-json.

The engine never logs (it returns events); servers, clients and tools decide what to log. Context such as
`game_id`, `seat` and `rpc` is bound with contextvars so every line of a request carries it.

A traceback in a log line keeps each frame's file, line and function and the exception's type and message
(cut at `MAX_FIELD` characters), never the frames' local variables: a failing request's frames hold seat
tokens, seeds and the deck, which must never reach a log (structlog's `dict_tracebacks` and its console
renderer show locals by default, so neither is used for exceptions). Every other field is cut at
`MAX_FIELD` characters with its length noted: a client's 3 MB string must not become 3 MB of log.

Lines are handed to a `BatchedLines` sink and written by a thread of its own every `FLUSH_SECONDS`, not one
`write` system call per line in the caller's thread, which a busy server cannot spare (figures:
docs/BENCHMARKS.md and its history). A process that ends normally writes what is pending on the way out;
SIGKILL can lose at most the last `FLUSH_SECONDS` of lines (never an action: those are in the replay files).
"""

from __future__ import annotations

import atexit
import json as std_json
import logging
import sys
import threading
import traceback
from collections.abc import MutableMapping
from types import TracebackType
from typing import Any, TextIO

import orjson
import structlog

FLUSH_SECONDS = 0.1
MAX_FIELD = 300  # characters a logged value may have; a longer one is cut and its length noted
MAX_FRAMES = 40  # frames a traceback keeps (the outermost and innermost halves)

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


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
    """A log line's JSON: orjson (the faster encoder: a busy server logs every action), or the standard
    library for what orjson refuses (integers beyond 64 bits, non-string keys)."""
    try:
        return orjson.dumps(value, default=default).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError
        return std_json.dumps(value, default=default, **options)


def capped(text: str) -> str:
    """`text` as a log shows it: at most `MAX_FIELD` characters, and if cut, how long it was."""
    return text if len(text) <= MAX_FIELD else f"{text[:MAX_FIELD]}… ({len(text)} characters)"


def _exc_info(value: Any) -> ExcInfo | None:
    """What `exc_info` (True, an exception or a sys.exc_info() tuple) names, if anything."""
    if isinstance(value, BaseException):
        return type(value), value, value.__traceback__
    if value is True:
        value = sys.exc_info()
    if isinstance(value, tuple) and value[1] is not None:
        return value
    return None


def _chain(error: traceback.TracebackException) -> list[traceback.TracebackException]:
    """The exception and the ones that caused it (or were being handled), newest first."""
    chain: list[traceback.TracebackException] = []
    link: traceback.TracebackException | None = error
    while link is not None and len(chain) < 10:
        chain.append(link)
        link = link.__cause__ or (None if link.__suppress_context__ else link.__context__)
    return chain


def _frames(error: traceback.TracebackException) -> list[traceback.FrameSummary]:
    """The exception's frames, the middle of a very deep stack (a runaway recursion) left out."""
    frames = list(error.stack)
    if len(frames) > MAX_FRAMES:
        return frames[:MAX_FRAMES // 2] + frames[-MAX_FRAMES // 2:]
    return frames


def _stacks(exc_info: ExcInfo) -> list[tuple[str, list[traceback.FrameSummary]]]:
    """Each exception of the chain, newest first: its type and message (capped) and its frames. No locals:
    `TracebackException` captures none unless asked to, and reads no source lines here."""
    error = traceback.TracebackException(*exc_info, lookup_lines=False, capture_locals=False)
    return [(capped("".join(link.format_exception_only()).strip()), _frames(link)) for link in _chain(error)]


_SHORT = (int, float, bool, type(None))


def capped_fields(logger: Any, method: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """Every field at most `MAX_FIELD` characters (a longer one cut, its length noted); `exception` is
    bounded already. Strings and numbers, nearly every field, cost a type check each."""
    for key, value in event_dict.items():
        if type(value) is str:
            if len(value) > MAX_FIELD:
                event_dict[key] = capped(value)
        elif not isinstance(value, _SHORT) and key != "exception":
            text = str(value)
            if len(text) > MAX_FIELD:
                event_dict[key] = capped(text)
    return event_dict


def tracebacks_without_locals(json: bool) -> structlog.types.Processor:
    """The processor that turns `exc_info` into an `exception` field: a list of {error, frames} objects for
    JSON lines, Python's familiar text (file, line, function; no source, no locals) for the console."""

    def render(logger: Any, method: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
        exc_info = _exc_info(event_dict.pop("exc_info", None))
        if exc_info is None:
            return event_dict
        stacks = _stacks(exc_info)
        if json:
            event_dict["exception"] = [{"error": error, "frames": [
                {"file": f.filename, "line": f.lineno, "function": f.name} for f in frames]}
                for error, frames in stacks]
        else:
            event_dict["exception"] = "\n\nwhich was raised while handling (or because of):\n".join(
                "Traceback (most recent call last):\n" + "".join(
                    f'  File "{f.filename}", line {f.lineno}, in {f.name}\n' for f in frames) + error
                for error, frames in stacks)
        return event_dict

    return render


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
        tracebacks_without_locals(json),
        capped_fields,
    ]
    if json:
        processors.append(structlog.processors.JSONRenderer(json_line))
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
