"""Process-wide settings for the server's processes (and a load generator): shorter GIL turns, fewer
long garbage-collector pauses."""

from __future__ import annotations

import gc
import sys
import time

import structlog

log = structlog.get_logger("vegas.server")

# A server holds every viewer's recent diffs for every game: with Python's default thresholds a full
# collection then walks all of them every few seconds and stalls every game for 100+ ms (measured with
# 100 games). Collecting the young generation less often and the old one rarely keeps the pauses short.
GC_THRESHOLDS = (10_000, 50, 50)
# The event loop shares the GIL with grpc's poller thread and the fsync threads. With Python's default
# 5 ms switch interval a finished fsync waits up to 5 ms for the busy loop to let go; at 0.2 ms the fsync
# p50 under 100 games went from 3.5 to 1.7 ms and the round trip p99 from ~115 to ~45 ms.
SWITCH_INTERVAL = 0.0002
# Game starts between two full collections (see `settle_long_lived`).
FULL_COLLECTION_EVERY = 64

_DEFAULTS = (gc.get_threshold(), sys.getswitchinterval())
_tuned = False
_settled = 0


def tune_for_latency() -> None:
    """Process-wide settings for a server (or a load generator): shorter GIL turns, fewer long GC pauses.

    Also moves what start-up loaded (restored games, modules) out of the collector's sight."""
    global _tuned
    _tuned = True
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def restore_defaults() -> None:
    """Undo `tune_for_latency` (a benchmark's load generator, between runs)."""
    global _tuned
    _tuned = False
    gc.unfreeze()
    gc.set_threshold(*_DEFAULTS[0])
    sys.setswitchinterval(_DEFAULTS[1])


def settle_long_lived() -> None:
    """A game has just started: move everything alive now out of the collector's sight (`gc.freeze`), in a
    process tuned for latency (elsewhere, tests say, nothing happens).

    What a game start makes (its match, its views, its sessions' queues, its players' streams) lives about
    as long as the game, and the collector would walk all of it again and again: after 100 games were
    started at once, one collection of the middle generation stalled every game for 120 ms (measured:
    the round-trip p99 of that 30-s run went to 29 ms). Frozen, it is never walked again, and freeing it
    still works as usual. What freezing costs is cyclic garbage that becomes unreachable only later, a
    stream's grpc objects when it closes, say (74,000 objects more than without freezing, after 300 games
    and 2,400 streams came and went: measured). So every `FULL_COLLECTION_EVERY`th start unfreezes and
    collects everything first, which bounds that garbage; the pause it takes is logged."""
    global _settled
    if not _tuned:
        return
    _settled += 1
    if _settled % FULL_COLLECTION_EVERY == 0:
        started = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        log.info("gc_full_collection", found=found, ms=round((time.perf_counter() - started) * 1000, 2))
    gc.freeze()
