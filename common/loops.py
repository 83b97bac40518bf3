"""`run`: `asyncio.run` on uvloop where it is installed (Linux and macOS), on asyncio's own loop elsewhere.

A busy server's event loop spends a good part of its thread on the loop itself: waking up for every gRPC
completion, polling, scheduling callbacks and tasks. uvloop does that work in C (libuv) for less of the
loop's time, with the same asyncio API, so grpc.aio, structlog and our code run on it unchanged (figures:
docs/BENCHMARKS.md). The server and the programs that speak to it in bulk (remote bots, tournaments over
the network, the chaos and load harnesses) run on it; the terminal client stays on asyncio's loop, which
prompt_toolkit is written and tested against. A child process started from such a loop is started by
`common.children` (uvloop's own spawn forks, which a process speaking gRPC must not do).

A program that runs coroutine after coroutine (the benchmarks' runs) does so inside `shared()`, on one loop:
grpc.aio's completion-queue poller serves every loop it has seen, so an RPC still finishing when its loop
closes (a stream cancelled as a run ends) would complete into the closed loop during the next run, and that
loop would print "Event loop is closed" for each such completion.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

Result = TypeVar("Result")

_open = threading.local()  # `runner`: the thread's shared loop's runner, inside `shared()`


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """What makes uvloop's event loop, or None where uvloop is not installed (asyncio's own loop then)."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, Result]) -> Result:
    """Run `main` to its end on a new event loop (uvloop's if installed), as `asyncio.run` does; inside
    `shared()`, on the thread's shared loop."""
    runner: asyncio.Runner | None = getattr(_open, "runner", None)
    if runner is not None:
        return runner.run(main)
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)


@contextlib.contextmanager
def shared() -> Iterator[None]:
    """Every `run` of this thread inside the block runs on one event loop, closed when the outermost block
    ends (the module docstring says why)."""
    if getattr(_open, "runner", None) is not None:
        yield
        return
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        _open.runner = runner
        try:
            yield
        finally:
            _open.runner = None


def loop_name() -> str:
    """Which event loop runs the calling coroutine ("uvloop" or "asyncio"), for the logs."""
    return type(asyncio.get_running_loop()).__module__.split(".")[0]
