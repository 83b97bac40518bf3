"""What the exact solver of a Las Vegas round's end costs, to choose where it takes over.

`solve`: in 2p greedy-vs-greedy games of deals "<seed>/<n>", the first placement of each round with at most
N dice left in the hands (for each N asked) is solved from scratch (`RoundSolver.options`, a fresh memory):
the mean and the longest time and the positions solved. `decide`: the time of a whole search decision
(300 playouts, each decision with a fresh model) at every fourth placement of such games, by the solver's
settings at the root and at the playouts' tails. `game`: every decision of the search bot in 2p games
against greedy (deals "<seed>/<n>", the search in seat n % 2), its model kept from decision to decision as
in play, so the solver's memory of a round serves the round's later decisions: the mean, the slowest
decisions, and the mean of those the solver played, by the dice left at most for a root to be solved
(`--setting ROOT`). In-process wall times on whatever the machine is doing: run it pinned and alone, and
compare settings within one run.

    python -m harness.solve_cost solve --games 6 --dice 4 6 8
    python -m harness.solve_cost decide --games 3 --setting 0,0 --setting 8,0 --setting 8,4
    python -m harness.solve_cost game --games 4 --setting 8 --setting 10 --setting 8,60000,4 --setting 8,60000,0,6
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

from vegas_table.bots.lasvegas.round_end import ADVERSARY, GREEDY, RoundSolver, applies
from vegas_table.bots.lasvegas.search_model import SOLVE_POSITIONS, LasVegasModel, greedy_move
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.search import Search, SearchBot
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.state import OVER, LasVegasState


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


def game_decisions(seed: str, games: int, root: int, positions: int, tail: int = 0,
                   opponents: str = ADVERSARY, own: int = 0) -> list[tuple[float, bool]]:
    """(seconds, whether the solver may take it) of every search decision with a choice in 2p games against
    greedy, the search solving roots with at most `root` dice left, in at most `positions` new positions, and
    its playouts' tails from `tail` dice left (0: never), its own placements in them by the solver from `own`
    dice left (0: never), the solver's opponent playing `opponents`."""
    found: list[tuple[float, bool]] = []
    for n in range(games):
        config = GameConfig("lasvegas", "base", 2, f"{seed}/{n}")
        state, _ = GAME.new(config)
        searcher, version = n % 2, 0
        bot = SearchBot(f"{seed}/{n}")
        bot.on_game_start(game_info(config, searcher))
        bot.models["lasvegas"] = LasVegasModel(solve_root=root, solve_tail=tail, opponents=opponents,
                                                 solve_positions=positions, solve_own=own)
        while state.phase != OVER:
            seat = GAME.actors(state)[0]
            if seat != searcher or len(GAME.legal_actions(state, seat)) < 2:
                greedy_move(state)  # the greedy seat, or the search's only move
            else:
                solves = state.pending is None and applies(state, root)
                started = time.perf_counter()
                GAME.apply(state, seat, decide(bot, GAME, state, game_info(config, seat), version))
                found.append((time.perf_counter() - started, solves))
            version += 1
    return found


def game_report(seed: str, games: int, setting: str, opponents: str = ADVERSARY) -> str:
    """`game_decisions` at a setting ROOT, ROOT,POSITIONS (the root solve's allowance of new positions) or
    ROOT,POSITIONS,TAIL[,OWN] (the playouts' tails solved from TAIL dice left, the searcher's own placements
    in them the solver's from OWN)."""
    root, positions, tail, own = [*setting.split(","), "", "", ""][:4]
    decisions = game_decisions(seed, games, int(root), int(positions) if positions else SOLVE_POSITIONS,
                               int(tail) if tail else 0, opponents, int(own) if own else 0)
    seconds = sorted(t for t, _ in decisions)
    solved = [t for t, solves in decisions if solves]
    return (f"{len(seconds)} decisions, mean {sum(seconds) / len(seconds):.3f} s, slowest "
            f"{', '.join(f'{t:.2f}' for t in seconds[-3:])} s; {len(solved)} at a root that may be solved, mean "
            f"{sum(solved) / max(1, len(solved)):.3f} s")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m harness.solve_cost", description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=("solve", "decide", "game"))
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", default="cost")
    parser.add_argument("--opponents", choices=(ADVERSARY, GREEDY), default=ADVERSARY)
    parser.add_argument("--dice", type=int, nargs="*", default=[4, 6, 8], help="solve: dice left at most")
    parser.add_argument("--setting", action="append", default=[],
                        help="decide: ROOT,TAIL dice left at most; game: ROOT[,POSITIONS[,TAIL[,OWN]]]")
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
    if args.mode == "game":
        for setting in args.setting or ["8"]:
            print(f"root {setting}: {game_report(args.seed, args.games, setting, args.opponents)}", flush=True)
        return
    states = [(GAME.view(s, s.current), s.current, list(s.options))
              for n, s in enumerate(placements(args.seed, args.games)) if n % 4 == 3]
    for setting in args.setting or ["0,0", "8,0"]:
        root, tail = map(int, setting.split(","))
        print(f"root {root}, tail {tail} ({args.opponents}): {len(states)} decisions, "
              f"{decision_time(states, root, tail, args.opponents):.3f} s a decision", flush=True)


if __name__ == "__main__":
    main()
