"""Running the client headless: pipe input, a dummy output of a chosen size, and the screen as text."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput

from tests.client.table import GAME_ID, EngineTable
from vegas_client.seats import SeatStore
from vegas_table.bots.base import concrete
from vegas_table.client.app import ClientApp
from vegas_table.client.viewmodel import ClientModel


class SizedOutput(DummyOutput):
    """A dummy terminal of a given size (DummyOutput alone is always 80x40)."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def screen_text(client: ClientApp) -> str:
    """What the terminal shows now, one line per row, trailing spaces removed."""
    screen = client.application.renderer.last_rendered_screen
    if screen is None:
        return ""
    size = client.application.output.get_size()
    rows = []
    for y in range(size.rows):
        row = screen.data_buffer[y]
        rows.append("".join(row[x].char for x in range(size.columns)).rstrip())
    return "\n".join(rows)


async def until(condition: Callable[[], Any], timeout: float = 5.0,
                what: str | Callable[[], str] = "condition") -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")
        await asyncio.sleep(0.01)


class Session:
    """A running client on a test table: type into it, read its screen."""

    def __init__(self, client: ClientApp, pipe: PipeInput, table: EngineTable) -> None:
        self.client = client
        self.pipe = pipe
        self.table = table

    @property
    def model(self) -> ClientModel:
        return self.client.model

    def type(self, text: str) -> None:
        self.pipe.send_text(text)

    async def screen_shows(self, text: str, timeout: float = 5.0) -> str:
        await until(lambda: text in screen_text(self.client), timeout,
                    lambda: f"{text!r} on screen:\n{screen_text(self.client)}")
        return screen_text(self.client)


@asynccontextmanager
async def session(table: EngineTable, tmp_path: Path, columns: int = 80, rows: int = 24,
                  game_id: str | None = GAME_ID, watch: bool = False, wait_for_view: bool = True,
                  confirm_over: int | None = None, **run: Any) -> AsyncIterator[Session]:
    """A client on `table`; it asks before final or dear commands only with `confirm_over` ($m, as
    `vegas play --confirm-over`; None is `--no-confirm`)."""
    with create_pipe_input() as pipe:
        model = ClientModel(server="test:1", name="Tester", confirm_over=confirm_over)
        client = ClientApp(model, table, SeatStore(tmp_path / "seats.json"), input=pipe,
                           output=SizedOutput(columns, rows), replay_dir=tmp_path / "replays")
        task = asyncio.create_task(client.run(game_id, watch=watch, **run))  # run: create=, resume=...
        running = Session(client, pipe, table)
        try:
            if game_id is not None and wait_for_view:
                await until(lambda: model.view is not None, what="the first view")
            await until(lambda: client.application.renderer.last_rendered_screen is not None, what="a redraw")
            yield running
        finally:
            client.quit()
            await asyncio.wait_for(task, 5)


def play_until(table: EngineTable, done: Callable[[EngineTable], bool], seed: int = 1, limit: int = 2000) -> None:
    """Random legal actions for whoever must act, until `done(table)` (or fail after `limit` actions)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(table):
            return
        if table.match.over:
            break
        seat = table.match.actors()[0]
        table.play(seat, concrete(rng.choice(table.match.legal_actions(seat)), rng).text())
    raise AssertionError("the position looked for never came up")
