"""Where games are played changes nothing: one core, several, or Ray give the same records in the same order."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.bots.test_docs_bot import example_bot
from vegas_table.arena.fanout import play_games, use_ray_token
from vegas_table.arena.play import GameRecord
from vegas_table.cli.simulate import plan


def games(jobs: int = 1, ray_address: str | None = None) -> list[GameRecord]:
    specs = plan("lords", "up", 3, 24, "fanout", ["random"]) + [
        s for s in plan("lasvegas", "base", 4, 12, "fanout", ["greedy", "random"] * 2)]
    specs = [spec.__class__(k, spec.config, spec.seats) for k, spec in enumerate(specs)]
    done: list[int] = []
    records = play_games(specs, jobs, ray_address, done.append)
    assert sum(done) == len(specs)
    return records


def test_several_processes_give_the_records_of_one() -> None:
    one = games(jobs=1)
    assert [r.index for r in one] == list(range(36))
    assert games(jobs=2) == one


def test_vegas_simulate_on_ray_gives_what_one_process_gives() -> None:
    # Ray runs in a process of its own here: its core worker brings a gRPC of its own, which must not share
    # the test process with the servers and clients of the other tests.
    pytest.importorskip("ray")
    args = ["simulate", "--game", "lords", "--rules", "up", "--players", "3", "--games", "30", "--seed", "ray",
            "--bots", "random", "--json"]

    def run(*where: str) -> dict[str, object]:
        done = subprocess.run([sys.executable, "-m", "vegas_table", *args, *where], capture_output=True, text=True,
                              check=True, timeout=600)
        data: dict[str, object] = json.loads(done.stdout)
        data.pop("seconds"), data.pop("games_per_second")
        return data

    assert run("--ray") == run("--jobs", "1")


def test_the_arena_benchmark_compares_one_process_with_several_on_the_same_games() -> None:
    from benchmarks.arena import arena_suite

    rows = arena_suite(quick=True)
    assert [r.unit for r in rows] == ["games/s", "games/s", "x"] and all(r.value > 0 for r in rows)


def test_vegas_simulate_joins_a_ray_start_head_cluster_with_its_token(tmp_path: Path) -> None:
    """`ray start --head` of a current Ray turns token authentication on when a token is at hand (in
    ~/.ray/auth_token: any local `ray.init()` before wrote one): `--ray ADDRESS` sends it, ships a bot module
    from the current directory to the workers, and gives what one process gives."""
    pytest.importorskip("ray")
    (tmp_path / "thrifty.py").write_text(example_bot(), encoding="utf-8")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("RAY_")}, "HOME": str(tmp_path)}
    ray = str(Path(sys.executable).parent / "ray")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    token = subprocess.run([ray, "get-auth-token", "--generate"], env=env, capture_output=True, text=True,
                           timeout=120)
    assert token.returncode == 0 and (tmp_path / ".ray" / "auth_token").is_file(), token.stderr[-2000:]
    sessions = tempfile.mkdtemp(prefix="ray")  # short: Ray's socket paths under it must fit in 107 bytes
    started = subprocess.run([ray, "start", "--head", "--port", str(port), "--include-dashboard=false",
                              "--temp-dir", sessions, "--num-cpus", "2"],
                             env=env, capture_output=True, text=True, timeout=300)
    assert started.returncode == 0, started.stderr[-2000:]
    try:
        assert "Token authentication is enabled" in started.stderr + started.stdout
        args = ["simulate", "--game", "lasvegas", "--players", "2", "--games", "12", "--seed", "cluster",
                "--bots", "thrifty:Thrifty,random", "--json"]

        def run(*where: str) -> dict[str, object]:
            done = subprocess.run([str(Path(sys.executable).parent / "vegas"), *args, *where], cwd=tmp_path,
                                  env=env, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, done.stderr[-2000:]
            data: dict[str, object] = json.loads(done.stdout)
            data.pop("seconds"), data.pop("games_per_second")
            return data

        assert run("--ray", f"127.0.0.1:{port}") == run("--jobs", "1")
    finally:
        subprocess.run([ray, "stop", "--force"], env=env, capture_output=True, timeout=120)
        shutil.rmtree(sessions, ignore_errors=True)


@pytest.mark.parametrize(("given", "token_file", "mode"), [
    ({}, True, "token"), ({}, False, None), ({"RAY_AUTH_TOKEN": "t"}, False, "token"),
    ({"RAY_AUTH_MODE": "disabled"}, True, "disabled"),
])
def test_a_token_at_hand_is_sent_unless_the_mode_was_chosen(given: dict[str, str], token_file: bool, mode: str | None,
                                                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH"):
        monkeypatch.delenv(name, raising=False)
    for name, value in given.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("HOME", str(tmp_path))
    if token_file:
        (tmp_path / ".ray").mkdir()
        (tmp_path / ".ray" / "auth_token").write_text("secret")
    use_ray_token()
    assert os.environ.get("RAY_AUTH_MODE") == mode
