"""Where games are played changes nothing: one core, several, or Ray give the same records in the same order."""

from __future__ import annotations

import pytest

from arena.fanout import play_games
from arena.play import GameRecord
from cli.simulate import plan


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


def test_ray_gives_the_records_of_one_process() -> None:
    pytest.importorskip("ray")
    assert games(ray_address="") == games(jobs=1)


def test_the_arena_benchmark_compares_one_process_with_several_on_the_same_games() -> None:
    from arena.bench import arena_suite

    rows = arena_suite(quick=True)
    assert [r.unit for r in rows] == ["games/s", "games/s", "x"] and all(r.value > 0 for r in rows)
