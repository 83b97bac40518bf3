"""Process-wide settings for the server's processes (and a load generator): shorter GIL turns, fewer
long garbage-collector pauses."""

from __future__ import annotations

import gc
import sys
import time

import structlog

log = structlog.get_logger("vegas.server")

# Collect the young generation less often and the old one rarely: a full collection walks every game's kept
# diffs and stalls every game.
GC_THRESHOLDS = (10_000, 50, 50)
# Short GIL turns, so a finished fsync does not wait for the busy loop.
SWITCH_INTERVAL = 0.0002
# Game starts between two full collections (see `settle_long_lived`). A full collection walks every live
# object, a pause for every game as long as the server is big; what it finds is little per start (a few objects
# per RPC that gRPC's method lookup leaves in a cycle: finished games are freed without it), so it is rare.
FULL_COLLECTION_EVERY = 512

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

    What a game start makes lives about as long as the game and would be walked again and again; frozen,
    it never is. Freezing keeps cyclic garbage that becomes unreachable later (a closed stream's grpc
    objects), so every `FULL_COLLECTION_EVERY`th start unfreezes and collects everything first, and logs the
    pause."""
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
