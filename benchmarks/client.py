"""Client figures for `make bench`: what a player feels on each keystroke, frame and update.

On every keystroke the client rebuilds the rules mirror, completes and validates the command line; on
every update it applies a diff and checks the view hash; on every redraw it renders the board and panels.
Positions come from random 4-player games with fixed seeds, so runs compare.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import jsonpatch

from vegas_client.data import Update
from vegas_client.tracker import ViewTracker
from vegas_table.bots.base import concrete
from vegas_table.client.lords.commands import typing_error
from vegas_table.client.lords.completion import suggest
from vegas_table.client.lords.prompts import lords_prompts
from vegas_table.client.render import render_board, render_header, render_players
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.engine.core.canonical import canonical_bytes, canonical_hash

TYPED = ("b", "build ", "build A2 g", "build A2 gold", "sprawl ", "gamble ", "gamble B4 ", "trade ", "end")


def _positions(games: int) -> tuple[list[tuple[dict[str, Any], int]], list[dict[str, Any]]]:
    """Every position of `games` random games: (view of the seat to act, that seat), and seat 0's views."""
    acting, watched = [], []
    for k in range(games):
        match = Match(get_game("lords"), GameConfig("lords", "up", 4, f"client-bench/{k}"))
        rng = random.Random(k)
        while not match.over:
            seat = match.actors()[0]
            acting.append((json.loads(canonical_bytes(match.view(seat))), seat))
            watched.append(json.loads(canonical_bytes(match.view(0))))
            match.play(seat, concrete(rng.choice(match.legal_actions(seat)), rng))
    return acting, watched


def _timed(work: Callable[[], object], runs: list[float]) -> None:
    started = time.perf_counter()
    work()
    runs.append((time.perf_counter() - started) * 1000)


def _p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1]


def client_suite(quick: bool) -> list[Any]:
    from benchmarks.rows import Row

    acting, watched = _positions(2 if quick else 10)
    keys: list[float] = []
    frames: list[float] = []
    for view, seat in acting[:: max(1, len(acting) // (100 if quick else 400))]:
        prompts = lords_prompts(view, seat)
        for text in TYPED:
            _timed(_keystroke(text, view, seat, prompts), keys)
        _timed(_frame(view), frames)
    updates = _update_times(watched[:300])
    return [
        Row("client", "keystroke: complete + validate (rules mirror), p50", _p(keys, 50), "ms", "< 16"),
        Row("client", "keystroke: complete + validate (rules mirror), p99", _p(keys, 99), "ms", "< 16"),
        Row("client", "frame: header, board and players at 80x24, p99", _p(frames, 99), "ms", "< 16"),
        Row("client", "update: apply a diff and check the view hash, mean", statistics.fmean(updates), "ms"),
    ]


def _keystroke(text: str, view: dict[str, Any], seat: int, prompts: Any) -> Callable[[], object]:
    return lambda: (suggest(text, view, seat, prompts), typing_error(text, view, seat, prompts))


def _frame(view: dict[str, Any]) -> Callable[[], object]:
    return lambda: (render_header(view, 80), render_board(view, 80, 24), render_players(view, 80))


def _update_times(views: list[dict[str, Any]]) -> list[float]:
    """Seat 0's diffs from one position to the next, applied and hash-checked as a viewer does, timed."""
    tracker = ViewTracker()
    tracker.accept(Update(0, canonical_hash(views[0]), "snapshot", canonical_bytes(views[0]).decode()))
    times: list[float] = []
    for version in range(1, len(views)):
        patch = json.dumps(jsonpatch.make_patch(views[version - 1], views[version]).patch)
        raw = Update(version, canonical_hash(views[version]), "diff", patch)
        _timed(partial(tracker.accept, raw), times)
    return times
