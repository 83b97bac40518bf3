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
    # Known flake, not yet understood: late in a full `make test` a 10-s run has twice measured no round trip
    # at all (never alone, nor with the rest of tests/harness). A second run is allowed for that case only;
    # every check below still applies to the run that counts.
    for attempt in range(2):
        (tmp_path / str(attempt)).mkdir()
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            findings = pool.submit(run, tmp_path / str(attempt), plan).result(timeout=600)
        if findings.load is not None and findings.load.trips:
            break
    assert plan.clients == 20
    assert findings.load is not None and findings.load.trips and findings.spectator_updates > 0
    assert findings.errors == [] and findings.server_errors == 0
    assert findings.vanished_streams > 0 and findings.released_streams >= findings.vanished_streams
    assert findings.server_connections is not None and findings.server_connections == findings.living_connections
    assert findings.rss and findings.ok
