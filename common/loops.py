"""`run`: `asyncio.run` on uvloop where it is installed (Linux and macOS), on asyncio's own loop elsewhere.

A busy server's event loop spends a good part of its thread on the loop itself: waking up for every gRPC
completion, polling, scheduling callbacks and tasks. uvloop does that work in C (libuv) for less of the
loop's time, with the same asyncio API, so grpc.aio, structlog and our code run on it unchanged (figures:
docs/BENCHMARKS.md). The server and the programs that speak to it in bulk (remote bots, tournaments over
the network, the chaos and load harnesses) run on it; the terminal client stays on asyncio's loop, which
prompt_toolkit is written and tested against. A child process started from such a loop is started by
`common.children` (uvloop's own spawn forks, which a process speaking gRPC must not do).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

Result = TypeVar("Result")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """What makes uvloop's event loop, or None where uvloop is not installed (asyncio's own loop then)."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, Result]) -> Result:
    """Run `main` to its end on a new event loop (uvloop's if installed), as `asyncio.run` does."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)


def loop_name() -> str:
    """Which event loop runs the calling coroutine ("uvloop" or "asyncio"), for the logs."""
    return type(asyncio.get_running_loop()).__module__.split(".")[0]
