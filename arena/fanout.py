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
from importlib.metadata import packages_distributions
from pathlib import Path
from typing import Any

from vegas_table.arena.play import GameRecord, GameSpec, play_spec
from vegas_table.bots.registry import bot_problem, imported_modules
from vegas_table.common.extras import missing_extra
from vegas_table.common.version import package_version

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
    if address:
        use_ray_token()  # before Ray is imported: Ray reads its authentication mode once, on import
    try:
        ray: Any = importlib.import_module("ray")  # an optional extra, typed loosely
    except ImportError:
        raise SystemExit(missing_extra("ray", "--ray")) from None
    started_here = not ray.is_initialized()
    if started_here:
        _init_ray(ray, address, specs)
    try:
        if problem := _workers_problem(ray, specs):
            raise SystemExit(problem)
        remote_chunk: Any = ray.remote(play_chunk)
        size = max(1, min(CHUNK_GAMES, len(specs) // (4 * max(1, int(ray.cluster_resources().get("CPU", 1))))))
        pending = [remote_chunk.remote(list(chunk)) for chunk in chunks(specs, size)]
        records: list[GameRecord] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            try:
                chunk_records = ray.get(ready[0])
            except ray.exceptions.RayError as error:
                raise SystemExit(f"--ray: a game failed on the cluster: {_cause(error)}") from None
            records += chunk_records
            done(len(chunk_records))
        return records
    finally:
        if started_here:
            ray.shutdown()


def _init_ray(ray: Any, address: str, specs: Sequence[GameSpec]) -> None:
    """Start a fresh Ray on this machine ("local": never one a crashed `ray start` left behind in
    /tmp/ray/ray_current_cluster), or join the cluster at `address`; a refusal is said in one sentence."""
    try:
        ray.init(address=address or "local", include_dashboard=False, log_to_driver=False,
                 runtime_env=_runtime_env(specs))
    except (ConnectionError, RuntimeError, ray.exceptions.RayError) as error:
        where = f"the Ray cluster at {address}" if address else "a Ray on this machine"
        raise SystemExit(f"--ray: cannot join {where}: {_cause(error)} (docs/BOTS.md, \"Ray\")") from None


def use_ray_token() -> None:
    """Send the cluster's token where there is one. A current Ray's `ray start --head` turns token
    authentication on and writes the token to ~/.ray/auth_token, but a driver joining it stays in the
    default mode and is refused (InvalidAuthToken) unless RAY_AUTH_MODE=token; so that is set when a token is
    at hand (RAY_AUTH_TOKEN, the file RAY_AUTH_TOKEN_PATH names, or ~/.ray/auth_token) and the mode was not
    chosen already."""
    if "RAY_AUTH_MODE" in os.environ:
        return
    token_file = Path(os.environ.get("RAY_AUTH_TOKEN_PATH") or Path.home() / ".ray" / "auth_token")
    if os.environ.get("RAY_AUTH_TOKEN") or token_file.is_file():
        os.environ["RAY_AUTH_MODE"] = "token"


def _runtime_env(specs: Sequence[GameSpec]) -> dict[str, Any] | None:
    """The bot modules the workers must be shipped: those `module:Class` names that no installed
    distribution holds (`./thrifty.py`). Installed packages, this one included, must be installed on every
    machine of the cluster, in the same versions (checked by `_workers_problem`)."""
    installed = packages_distributions()
    names = {name for spec in specs for name in spec.seats}
    shipped = [module for module in imported_modules(names) if module.__name__ not in installed]
    return {"py_modules": shipped} if shipped else None


def _workers_problem(ray: Any, specs: Sequence[GameSpec]) -> str | None:
    """Why the games cannot be played on the cluster, as a sentence (None if they can), before any game
    starts: on each node, this package in the driver's version, and every bot importable."""
    names = sorted({name for spec in specs for name in spec.seats})
    games = sorted({spec.config.game for spec in specs})
    probe: Any = ray.remote(num_cpus=0)(worker_problem)
    strategy: Any = importlib.import_module("ray.util.scheduling_strategies").NodeAffinitySchedulingStrategy
    nodes = [node for node in ray.nodes() if node.get("Alive")]
    answers = [probe.options(scheduling_strategy=strategy(node["NodeID"], soft=False)).remote(
        names, games, package_version()) for node in nodes]
    try:
        problems = ray.get(answers)
    except ray.exceptions.RayError as error:
        return f"--ray: a worker could not be started: {_cause(error)}"
    for node, problem in zip(nodes, problems, strict=True):
        if problem:
            return f"--ray: on the cluster's node {node.get('NodeManagerAddress', '?')}: {problem}"
    return None


def worker_problem(names: Sequence[str], games: Sequence[str], version: str) -> str | None:
    """Run on a worker: why it cannot play games of `games` with the bots `names`, or None."""
    if package_version() != version:
        return f"vegas-table {package_version()} is installed there, not {version} as here"
    for name in names:
        for game in games:
            if problem := bot_problem(name, game, plugins=True):
                return problem
    return None


def _cause(error: BaseException) -> str:
    """One sentence for an error from Ray: the worker's own exception where there is one, not its traceback."""
    cause = getattr(error, "cause", None)
    if isinstance(cause, BaseException):
        error = cause
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}".rstrip(": ")
