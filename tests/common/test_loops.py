"""`common.loops.run`: uvloop where it is installed, asyncio's own loop where it is not; `vegas serve` runs on
uvloop (it is a dependency on this platform) and says so in its `serving` line."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from benchmarks.serve_process import ServeProcess
from vegas_table.common import loops


async def _answer(value: int) -> tuple[int, str]:
    await asyncio.sleep(0)
    return value, loops.loop_name()


def test_run_gives_the_coroutines_result_on_uvloop_where_installed() -> None:
    pytest.importorskip("uvloop")
    assert loops.run(_answer(7)) == (7, "uvloop")


def test_run_falls_back_to_asyncios_loop_without_uvloop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # `import uvloop` raises ImportError
    assert loops.loop_factory() is None
    assert loops.run(_answer(7)) == (7, "asyncio")


async def _loop() -> asyncio.AbstractEventLoop:
    return asyncio.get_running_loop()


def test_runs_inside_shared_share_one_loop_closed_at_the_end() -> None:
    with loops.shared():
        first = loops.run(_loop())
        with loops.shared():  # an inner block keeps the outer one's loop
            assert loops.run(_loop()) is first
        assert loops.run(_loop()) is first and not first.is_closed()
    assert first.is_closed()
    assert loops.run(_loop()) is not first  # outside, each run has a loop of its own again


def test_vegas_serve_runs_on_uvloop_and_says_so(tmp_path: Path) -> None:
    pytest.importorskip("uvloop")
    serve = ServeProcess(tmp_path / "data", tmp_path / "serve.log")
    try:
        lines = [json.loads(line) for line in (tmp_path / "serve.log").read_text().splitlines()
                 if line.startswith("{")]
    finally:
        assert serve.stop() == 0
    assert [line["loop"] for line in lines if line["event"] == "serving"] == ["uvloop"]
