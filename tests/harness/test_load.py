"""The short form of `make load`: 20 clients on a real `vegas serve` for 10 s, two of them vanishing (one
SIGKILLed, one SIGSTOPped and then SIGKILLed: the long form waits for the keepalive to let go of a frozen one).

The load generator runs in a fresh process of its own, as `make load` does: it tunes the garbage collector
and runs hundreds of streams, and must neither inherit nor leave behind the state of the other tests."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from harness.load import LoadPlan, run


def test_load_serves_every_client_without_errors_and_releases_the_streams_of_the_vanished(tmp_path: Path) -> None:
    plan = LoadPlan(games=3, seconds=10, spectators=4, processes=4, watch_each=3, vanish=2,
                    stopped_then_killed=True, sample_every=1.0)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        findings = pool.submit(run, tmp_path, plan).result(timeout=600)
    assert plan.clients == 20
    assert findings.load is not None and findings.load.trips
    assert findings.spectator_updates > 0, (findings.errors, findings.server_errors)
    assert findings.errors == [] and findings.server_errors == 0
    assert findings.vanished_streams > 0 and findings.released_streams >= findings.vanished_streams
    assert findings.server_connections is not None and findings.server_connections == findings.living_connections
    assert findings.rss and findings.ok
