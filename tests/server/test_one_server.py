"""One server owns a data dir and a port: a second `vegas serve` on either refuses to start (exit code 1,
a message saying why and what to do) and the first carries on undisturbed."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.serve_process import ServeProcess
from tests.server.harness import create, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.server.datadir import DataDirInUse


def second_serve(data_dir: Path, port: int) -> tuple[int, str]:
    """Run another `vegas serve`; its exit code and its refusal (it must stop by itself, well within the bound)."""
    command = [sys.executable, "-m", "vegas_table", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--data-dir", str(data_dir), "--log-json"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired as running:
        raise AssertionError(f"the second server did not refuse to start: {running.stderr!r}") from None
    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    reasons = [line["reason"] for line in lines if line["event"] == "cannot_serve"]
    return done.returncode, " ".join(reasons)


@pytest.fixture()
def first(tmp_path: Path) -> Iterator[ServeProcess]:
    serve = ServeProcess(tmp_path / "data", tmp_path / "first.log")
    yield serve
    assert serve.stop() == 0


def test_a_second_server_on_the_same_data_dir_refuses_to_start(tmp_path: Path, first: ServeProcess) -> None:
    code, reason = second_serve(tmp_path / "data", 0)
    assert code == 1
    assert f"the data dir {tmp_path / 'data'} is in use by another vegas serve (pid {first.process.pid})" in reason
    with stub_for(f"127.0.0.1:{first.port}") as stub:
        assert create(stub, players=2).game_id  # the first one still serves, its games its own


def test_a_second_server_on_the_same_port_refuses_to_start(tmp_path: Path, first: ServeProcess) -> None:
    code, reason = second_serve(tmp_path / "other", first.port)
    assert code == 1
    assert f"cannot listen on 127.0.0.1:{first.port}" in reason and "--port" in reason
    with stub_for(f"127.0.0.1:{first.port}") as stub:
        assert stub.ListGames(pb.ListGamesRequest()).games == []


def test_the_lock_is_let_go_when_the_server_stops(tmp_path: Path) -> None:
    with serving(tmp_path), pytest.raises(DataDirInUse), serving(tmp_path):
        pass
    with serving(tmp_path):  # the first one stopped: its lock went with it
        pass
