"""What the exact solver of a Las Vegas round's end costs, to choose where it takes over.

`solve`: in 2p greedy-vs-greedy games of deals "<seed>/<n>", the first placement of each round with at most
N dice left in the hands (for each N asked) is solved from scratch (`RoundSolver.options`, a fresh memory):
the mean and the longest time and the positions solved. `decide`: the time of a whole search decision
(300 playouts, each decision with a fresh model) at every fourth placement of such games, by the solver's
settings at the root and at the playouts' tails. In-process wall times on whatever the machine is doing:
run it pinned and alone, and compare settings within one run.

    python -m harness.solve_cost solve --games 6 --dice 4 6 8
    python -m harness.solve_cost decide --games 3 --setting 0,0 --setting 8,0 --setting 8,4
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

from bots.lasvegas.round_end import ADVERSARY, GREEDY, RoundSolver, applies
from bots.lasvegas.search_model import LasVegasModel, greedy_move
from bots.search import Search
from engine.core.api import GameConfig
from engine.lasvegas.game import LAS_VEGAS as GAME
from engine.lasvegas.state import OVER, LasVegasState


def placements(seed: str, games: int) -> Iterator[LasVegasState]:
    """Every placement with a choice in greedy-vs-greedy 2p games, as a copy of the state before it."""
    for n in range(games):
        state, _ = GAME.new(GameConfig("lasvegas", "base", 2, f"{seed}/{n}"))
        while state.phase != OVER:
            if len(state.options) > 1 and state.pending is None:
                yield GAME.clone(state)
            greedy_move(state)


def solve_times(seed: str, games: int, most: int, opponents: str) -> list[tuple[float, int]]:
    """(seconds, positions remembered) of solving the first position of each round with at most `most` dice
    left, from scratch."""
    found: list[tuple[float, int]] = []
    seen: set[tuple[str, int]] = set()
    for state in placements(seed, games):
        if applies(state, most) and (state.config.seed, state.round) not in seen:
            seen.add((state.config.seed, state.round))
            started = time.perf_counter()
            solver = RoundSolver.of(state, state.current, opponents)
            solver.options(state)
            found.append((time.perf_counter() - started, len(solver.known)))
    return found


def decision_time(states: Sequence[tuple[Any, int, list[Any]]], root: int, tail: int, opponents: str) -> float:
    """Mean seconds of a search decision (300 playouts) over `states` (view, seat, options)."""
    started = time.perf_counter()
    for n, (view, seat, options) in enumerate(states):
        model = LasVegasModel(solve_root=root, solve_tail=tail, opponents=opponents)
        roots = model.root(view, options)
        if len(roots) > 1:
            Search(GAME, model, random.Random(n)).halving(view, seat, roots, 300, None)
    return (time.perf_counter() - started) / len(states)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m harness.solve_cost", description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=("solve", "decide"))
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", default="cost")
    parser.add_argument("--opponents", choices=(ADVERSARY, GREEDY), default=ADVERSARY)
    parser.add_argument("--dice", type=int, nargs="*", default=[4, 6, 8], help="solve: dice left at most")
    parser.add_argument("--setting", action="append", default=[], help="decide: ROOT,TAIL dice left at most")
    args = parser.parse_args(argv)
    if args.mode == "solve":
        for most in args.dice:
            times = solve_times(args.seed, args.games, most, args.opponents)
            seconds = [t for t, _ in times]
            print(f"{args.opponents} at most {most} dice: {len(times)} positions, "
                  f"mean {sum(seconds) / len(times):.3f} s, longest {max(seconds):.3f} s, positions remembered "
                  f"{sum(k for _, k in times) // len(times)} on average, {max(k for _, k in times)} at most",
                  flush=True)
        return
    states = [(GAME.view(s, s.current), s.current, list(s.options))
              for n, s in enumerate(placements(args.seed, args.games)) if n % 4 == 3]
    for setting in args.setting or ["0,0", "8,0"]:
        root, tail = map(int, setting.split(","))
        print(f"root {root}, tail {tail} ({args.opponents}): {len(states)} decisions, "
              f"{decision_time(states, root, tail, args.opponents):.3f} s a decision", flush=True)


if __name__ == "__main__":
    main()
