"""Callbacks to an owner that do not keep it alive.

A game's session owns its turn timer and its recovery, and they call back into it. Holding the session's
bound method would make a reference cycle (session -> timer -> method -> session), which reference counting
never frees: a finished game would wait in memory for a full collection, and the server runs those rarely
(`server.tuning`). So the owned object holds the method weakly: once the owner is gone, calling it does
nothing.
"""

from __future__ import annotations

import weakref
from collections.abc import Awaitable, Callable
from typing import ParamSpec

P = ParamSpec("P")


def weak_method(method: Callable[P, Awaitable[None]]) -> Callable[P, Awaitable[None]]:
    """`method` (a bound coroutine method), called only while its object is alive; a no-op after that."""
    ref = weakref.WeakMethod(method)

    async def call(*args: P.args, **kwargs: P.kwargs) -> None:
        live = ref()
        if live is not None:
            await live(*args, **kwargs)

    return call
