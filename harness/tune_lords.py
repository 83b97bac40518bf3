"""Tuning the Lords of Vegas value's weights: greedy judging by other weights against plain greedy.

Every measurement is a duel on duplicate deals (`arena.tournament`: each deal in every rotation of the
seats), the challenger at one seat and plain greedy at the others, so the luck of the deal cancels within a
deal; and every candidate of one search is played on the same deals (common random numbers), so two
candidates are compared on the same games. A coordinate search moves one weight at a time, keeping a step
only when it gains on those deals; what it finds must then be confirmed on fresh deals (another `--seed`):
gains on a few hundred games are mostly the deals' noise.

    python -m harness.tune_lords duel --weights money_early=0.5:money_late=0.05 --rules classic --players 2
    python -m harness.tune_lords search --rules classic --players 2 --deals 100 --seed tune1
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Iterator

from arena.fanout import play_games
from arena.tournament import plan, standings
from bots.lords.value import Weights

STEPS = {"money_early": 0.1, "money_late": 0.03, "contested": 0.1, "income": 0.25, "rivals": 0.5}


@dataclasses.dataclass(frozen=True, slots=True)
class Duel:
    """How a challenger fared against plain greedy: its share of the wins (par: 1 / players), 95% interval."""

    weights: Weights
    share: float
    low: float
    high: float
    games: int

    def line(self) -> str:
        return (f"{self.share:6.1%} ({self.low:.1%}-{self.high:.1%}) of {self.games}  "
                f"{self.weights.text() or 'plain'}")


def duel(weights: Weights, rules: str, players: int, deals: int, seed: str, jobs: int = 1) -> Duel:
    """Greedy with `weights` at one seat, plain greedy at the others, over `deals` duplicate deals."""
    lineup = (f"greedy@{weights.text()}" if weights.text() else "greedy",) + ("greedy",) * (players - 1)
    if lineup[0] == "greedy":
        return Duel(weights, 1 / players, 1 / players, 1 / players, 0)
    specs, where = plan("lords", rules, players, [lineup], deals, seed)
    row = standings(lineup, play_games(specs, jobs), where)[0]
    return Duel(weights, row.share, row.low, row.high, row.games)


def neighbours(weights: Weights, name: str) -> Iterator[Weights]:
    """The weights with `name` one step up and one step down (never below zero; `rivals` within 0-1)."""
    now = getattr(weights, name)
    for moved in (now + STEPS[name], now - STEPS[name]):
        if moved >= 0 and (name != "rivals" or moved <= 1):
            yield dataclasses.replace(weights, **{name: round(moved, 4)})


def coordinate_search(start: Weights, rules: str, players: int, deals: int, seed: str, rounds: int) -> Weights:
    """Each weight in turn moved a step either way, the step kept when it does better on the same deals."""
    best = duel(start, rules, players, deals, seed)
    print(best.line(), flush=True)
    for _ in range(rounds):
        moved = False
        for name in STEPS:
            for weights in neighbours(best.weights, name):
                tried = duel(weights, rules, players, deals, seed)
                print(tried.line(), flush=True)
                if tried.share > best.share:
                    best, moved = tried, True
                    break
        print(f"round: best {best.line()}", flush=True)
        if not moved:
            break
    return best.weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("duel", "search"))
    parser.add_argument("--weights", default="", help="name=number pairs joined by ':' (the rest plain)")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="tune1")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    weights = Weights.parse(args.weights)
    if args.mode == "duel":
        print(duel(weights, args.rules, args.players, args.deals, args.seed, args.jobs).line())
    else:
        found = coordinate_search(weights, args.rules, args.players, args.deals, args.seed, args.rounds)
        print(f"found {found.text() or 'plain'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
