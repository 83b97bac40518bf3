"""Where games are played changes nothing: one core, several, or Ray give the same records in the same order."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from vegas_table.arena.fanout import play_games
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
