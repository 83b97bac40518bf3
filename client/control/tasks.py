"""Background work of the client: each runs as a task; a refusal it raises is shown, a bug logged and shown,
and the screen is redrawn after it, whatever happened."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import structlog

from vegas_client.errors import VegasError
from vegas_table.client.viewmodel import ClientModel, tell

log = structlog.get_logger("client")


class Tasks:
    def __init__(self, model: ClientModel, redraw: Callable[[], None]) -> None:
        self.model = model
        self.redraw = redraw
        self.running: set[asyncio.Task[Any]] = set()

    def spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `work` in the background; a refusal it raises is shown, anything else logged and shown."""
        task = asyncio.get_running_loop().create_task(self._guard(work))
        self.running.add(task)
        task.add_done_callback(self.running.discard)
        return task

    async def _guard(self, work: Coroutine[Any, Any, Any]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except VegasError as error:
            tell(self.model, error.message, "error")
        except Exception as error:  # a bug: keep the client up, say what happened, log the traceback
            log.exception("client_task_failed")
            tell(self.model, f"internal error: {error!r} (details in the client log)", "error")
        finally:
            self.redraw()

    async def stop(self) -> None:
        """Cancel every task still running and wait for them to end."""
        for task in list(self.running):
            task.cancel()
        await asyncio.gather(*self.running, return_exceptions=True)
