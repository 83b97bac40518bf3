"""Two clients in one process (as test_presence.py runs them): each draws its own screen.

prompt_toolkit keys what a window drew on `get_app().render_counter`, and `get_app()` is the application of
the current app session. Were they to share one, the client started last would be everyone's `get_app()`,
and the first client's windows would keep what they drew until the other client happened to redraw."""

from __future__ import annotations

import asyncio
from pathlib import Path

from prompt_toolkit.application import Application, get_app

from tests.client.harness import screen_text, session, until
from tests.client.table import EngineTable
from vegas_table.client.viewmodel import tell


def test_a_client_draws_its_own_screen_beside_another_in_the_same_process(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(EngineTable(), tmp_path / "ann") as ann, session(EngineTable(), tmp_path / "bob"):
            app = ann.client.application
            drawing: list[Application[object]] = []
            app.before_render += lambda _: drawing.append(get_app())
            renders = app.render_counter
            tell(ann.model, "a notice for Ann alone")
            ann.client.redraw()
            await until(lambda: app.render_counter > renders, what="Ann's redraw")
            assert drawing and all(current is app for current in drawing)
            assert "a notice for Ann alone" in screen_text(ann.client)
    asyncio.run(asyncio.wait_for(test(), 30))
