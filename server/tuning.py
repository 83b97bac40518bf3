"""Process-wide settings for the server's processes (and a load generator): shorter GIL turns, fewer
long garbage-collector pauses."""

from __future__ import annotations

import gc
import sys

# A server holds every viewer's recent diffs for every game: with Python's default thresholds a full
# collection then walks all of them every few seconds and stalls every game for 100+ ms (measured with
# 100 games). Collecting the young generation less often and the old one rarely keeps the pauses short.
GC_THRESHOLDS = (10_000, 50, 50)
# The event loop shares the GIL with grpc's poller thread and the fsync threads. With Python's default
# 5 ms switch interval a finished fsync waits up to 5 ms for the busy loop to let go; at 0.2 ms the fsync
# p50 under 100 games went from 3.5 to 1.7 ms and the round trip p99 from ~115 to ~45 ms.
SWITCH_INTERVAL = 0.0002


def tune_for_latency() -> None:
    """Process-wide settings for a server (or a load generator): shorter GIL turns, fewer long GC pauses.

    Also moves what start-up loaded (restored games, modules) out of the collector's sight."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
