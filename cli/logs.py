"""structlog set-up, once per entry point: readable lines on a terminal, one JSON object per line with --log-json.

The engine never logs (it returns events); servers, clients and tools decide what to log. Context such as
`game_id`, `seat` and `rpc` is bound with contextvars so every line of a request carries it.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

import structlog


def configure_logging(json: bool = False, level: str = "info", stream: TextIO | None = None) -> None:
    """Configure structlog for this process: JSON lines if `json`, else coloured console lines if a tty."""
    out = stream or sys.stderr
    processors: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    if json:
        processors += [structlog.processors.dict_tracebacks, structlog.processors.JSONRenderer()]
    else:
        processors.append(structlog.dev.ConsoleRenderer(colors=out.isatty()))
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(out),
        cache_logger_on_first_use=False,
    )
