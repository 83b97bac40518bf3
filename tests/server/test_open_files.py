"""Open files: a running game holds no descriptor between its writes, and the server raises its soft limit
of open files to the hard one, so a server full of games still answers new connections and health checks."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.server.harness import create, stub_for
from vegas_table.api.v1 import table_pb2 as pb

SOFT, HARD = 128, 256  # open files the server is started with: fewer than the games it is then given
GAMES = 300


def limited_serve(data_dir: Path, log_file: Path) -> subprocess.Popen[bytes]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (SOFT, HARD))

    command = [sys.executable, "-m", "vegas_table", "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir",
               str(data_dir), "--log-json", "--rate-limit", "0", "--address-rate-limit", "0", "--games-per-address",
               "0", "--waiting-per-address", "0", "--streams-per-address", "0"]  # every client is on loopback
    with open(log_file, "wb") as log:
        return subprocess.Popen(command, stdout=log, stderr=log, preexec_fn=limit)


def logged(log_file: Path, event: str, process: subprocess.Popen[bytes]) -> dict[str, object]:
    """The first log line of `event` (waiting for the server to write it)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, log_file.read_text()
        for line in log_file.read_text().splitlines():
            if line.startswith("{") and json.loads(line)["event"] == event:
                return dict(json.loads(line))
        time.sleep(0.05)
    raise AssertionError(f"no {event} line: {log_file.read_text()}")


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int, Path]]:
    log_file = tmp_path / "serve.log"
    process = limited_serve(tmp_path / "data", log_file)
    try:
        yield process, int(str(logged(log_file, "serving", process)["port"])), log_file
    finally:
        process.terminate()
        process.wait(30)


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def soft_limit(pid: int) -> int:
    line = next(line for line in Path(f"/proc/{pid}/limits").read_text().splitlines()
                if line.startswith("Max open files"))
    return int(line.split()[3])


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="counts descriptors in /proc")
def test_games_running_hold_far_fewer_descriptors_than_games(server: tuple[subprocess.Popen[bytes], int, Path]
                                                             ) -> None:
    process, port, log_file = server
    assert soft_limit(process.pid) == HARD  # raised from SOFT at start, and said so
    assert logged(log_file, "open_files", process)["limit"] == HARD
    before = open_files(process.pid)
    with stub_for(f"127.0.0.1:{port}") as stub:
        for _ in range(GAMES):  # slow bots: every game keeps running
            create(stub, players=2, bots=(0, 1), think_ms=10_000, rules="classic")
        listed = stub.ListGames(pb.ListGamesRequest(page_size=GAMES)).games  # one page holds them all
        running = [g for g in listed if g.status == pb.GAME_STATUS_RUNNING]
        assert len(running) == GAMES
        held = open_files(process.pid) - before
        assert held < GAMES // 10, f"{GAMES} running games hold {held} descriptors"
    for _ in range(20):  # fresh connections are answered, health checks too
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=10)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING
