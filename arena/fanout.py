"""Playing a list of games on one core, on several (`jobs`), or on a Ray cluster (`ray_address`).

Games are independent and each is fully determined by its spec, so the results are the same, bit for bit,
however they are spread: they come back in the specs' order whatever order they finish in. Games go out in
chunks (a game takes tens of milliseconds; a task per game would cost more in sending than in playing).
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from arena.play import GameRecord, GameSpec, play_spec

Progress = Callable[[int], None]  # told how many more games have finished
CHUNK_GAMES = 25


def default_jobs() -> int:
    """Every core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def play_chunk(specs: Sequence[GameSpec]) -> list[GameRecord]:
    return [play_spec(spec) for spec in specs]


def chunks(specs: Sequence[GameSpec], size: int) -> Iterator[Sequence[GameSpec]]:
    for start in range(0, len(specs), size):
        yield specs[start:start + size]


def play_games(specs: Sequence[GameSpec], jobs: int = 1, ray_address: str | None = None,
               progress: Progress | None = None) -> list[GameRecord]:
    """Every game of `specs`, in their order. `ray_address`: "" for a Ray started here, else a cluster's."""
    done = progress or (lambda n: None)
    if ray_address is not None:
        records = _on_ray(specs, ray_address, done)
    elif jobs <= 1:
        records = []
        for spec in specs:
            records.append(play_spec(spec))
            done(1)
    else:
        records = _on_cores(specs, jobs, done)
    return sorted(records, key=lambda r: r.index)


def _on_cores(specs: Sequence[GameSpec], jobs: int, done: Progress) -> list[GameRecord]:
    size = max(1, min(CHUNK_GAMES, len(specs) // (4 * jobs)))
    records: list[GameRecord] = []
    # forkserver, not fork: a fork of a process with threads (gRPC's, a server's) can copy a lock held by a
    # thread that does not exist in the child
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("forkserver")) as pool:
        futures = [pool.submit(play_chunk, chunk) for chunk in chunks(specs, size)]
        for future in as_completed(futures):
            chunk_records = future.result()
            records += chunk_records
            done(len(chunk_records))
    return records


def _on_ray(specs: Sequence[GameSpec], address: str, done: Progress) -> list[GameRecord]:
    try:
        ray: Any = importlib.import_module("ray")  # an optional extra, typed loosely
    except ImportError:
        raise SystemExit("--ray needs the ray package: pip install -e '.[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address or None, include_dashboard=False, log_to_driver=False,
                 runtime_env=_runtime_env(address))
    try:
        remote_chunk: Any = ray.remote(play_chunk)
        size = max(1, min(CHUNK_GAMES, len(specs) // (4 * max(1, int(ray.cluster_resources().get("CPU", 1))))))
        pending = [remote_chunk.remote(list(chunk)) for chunk in chunks(specs, size)]
        records: list[GameRecord] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            chunk_records = ray.get(ready[0])
            records += chunk_records
            done(len(chunk_records))
        return records
    finally:
        if started_here:
            ray.shutdown()


def _runtime_env(address: str) -> dict[str, Any] | None:
    """A remote cluster gets this project's code shipped to it (its workers have Python and the packages
    of pyproject.toml installed, not necessarily this checkout); a Ray started here imports it directly."""
    if not address:
        return None
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return {"working_dir": root, "excludes": [".venv", ".git", "data", "*.jsonl", "docs"]}
