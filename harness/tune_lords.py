"""Tuning the Lords of Vegas value's weights: greedy judging by other weights against plain greedy.

Every measurement is a duel on duplicate deals (`arena.tournament`: each deal in every rotation of the
seats), the challenger at one seat and plain greedy at the others, so the luck of the deal cancels within a
deal; and every candidate of one search is played on the same deals (common random numbers), so two
candidates are compared on the same games. A coordinate search moves one weight at a time, keeping a step
only when it gains on those deals; what it finds must then be confirmed on fresh deals (another `--seed`):
gains on a few hundred games are mostly the deals' noise.

    python -m harness.tune_lords duel --weights money_early=0.5:money_late=0.05 --rules classic --players 2
    python -m harness.tune_lords search --rules classic --players 2 --deals 100 --seed tune1
    python -m harness.tune_lords duel --bot lookahead --deals 100 --seed p1 --save lookahead.json
    python -m harness.tune_lords pair lookahead.json planner.json     # two bots' margins, deal by deal
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from vegas_table.arena.fanout import play_games
from vegas_table.arena.play import GameRecord
from vegas_table.arena.stats import mean_and_error
from vegas_table.arena.tournament import Scheduled, plan, standings
from vegas_table.bots.lords.value import Weights

STEPS = {"money_early": 0.1, "money_late": 0.03, "contested": 0.1, "income": 0.25, "rivals": 0.5}


@dataclasses.dataclass(frozen=True, slots=True)
class Duel:
    """How a challenger fared against plain greedy: its share of the wins (par: 1 / players), 95% interval;
    and its final points less the best opponent's, per game, with the standard error over deals. The points
    margin is the tuning's measure: it moves with the play far more steadily than a win does."""

    weights: Weights
    share: float
    low: float
    high: float
    games: int
    margin: float = 0.0
    error: float = 0.0
    deals: Mapping[int, float] = dataclasses.field(default_factory=dict)  # the margin in each deal

    def line(self) -> str:
        return (f"{self.share:6.1%} ({self.low:.1%}-{self.high:.1%}) of {self.games}, points margin "
                f"{self.margin:+.2f} +-{self.error:.2f}  {self.weights.text() or 'plain'}")


def deal_margins(records: Sequence[GameRecord], where: Sequence[Scheduled], bot: str) -> dict[int, float]:
    """`bot`'s points less the best other seat's in each deal, its rotations averaged within the deal."""
    per_deal: dict[int, list[float]] = {}
    for record, place in zip(records, where, strict=True):
        points = [s["points"] for s in record.standings]
        for seat, name in enumerate(record.seats):
            if name == bot:
                others = max(p for s, p in enumerate(points) if s != seat)
                per_deal.setdefault(place.deal, []).append(points[seat] - others)
    return {deal: statistics.fmean(v) for deal, v in per_deal.items()}


def margins(records: Sequence[GameRecord], where: Sequence[Scheduled], bot: str) -> tuple[float, float]:
    """The mean over deals of `bot`'s points less the best other seat's (its rotations averaged within a
    deal), and that mean's standard error."""
    return mean_and_error(list(deal_margins(records, where, bot).values()))


def paired(these: Mapping[int, float], those: Mapping[int, float]) -> tuple[float, float, int]:
    """How much more `these` deals' margins are than `those` on the deals both played (two challengers on
    the same deals: the luck of each deal cancels), ± its standard error, and how many deals."""
    common = sorted(set(these) & set(those))
    return (*mean_and_error([these[d] - those[d] for d in common]), len(common))


def challenger(weights: Weights) -> str:
    """The bot name of greedy with `weights`, a weight written out even when they are plain greedy's, so that
    plain greedy against itself is played too (its points margin is not zero: with more than two players it
    is over the best of the others) under a name of its own."""
    return f"greedy@{weights.text() or f'money_early={weights.money_early!r}'}"


def duel(weights: Weights, rules: str, players: int, deals: int, seed: str, jobs: int = 1, bot: str = "") -> Duel:
    """Greedy with `weights` (or the bot named `bot`, such as `planner@depth=4`) at one seat, plain greedy at
    the others, over `deals` duplicate deals."""
    lineup = (bot or challenger(weights),) + ("greedy",) * (players - 1)
    specs, where = plan("lords", rules, players, [lineup], deals, seed)
    records = play_games(specs, jobs)
    row = standings(lineup, records, where)[0]
    each = deal_margins(records, where, lineup[0])
    return Duel(weights, row.share, row.low, row.high, row.games, *mean_and_error(list(each.values())), each)


def neighbours(weights: Weights, name: str) -> Iterator[Weights]:
    """The weights with `name` one step up and one step down (never below zero; `rivals` within 0-1)."""
    now = getattr(weights, name)
    for moved in (now + STEPS[name], now - STEPS[name]):
        if moved >= 0 and (name != "rivals" or moved <= 1):
            yield dataclasses.replace(weights, **{name: round(moved, 4)})


def coordinate_search(start: Weights, rules: str, players: int, deals: int, seed: str, rounds: int) -> Weights:
    """Each weight in turn moved a step either way, the step kept when its points margin is better on the
    same deals."""
    best = duel(start, rules, players, deals, seed)
    print(best.line(), flush=True)
    for _ in range(rounds):
        moved = False
        for name in STEPS:
            for weights in neighbours(best.weights, name):
                tried = duel(weights, rules, players, deals, seed)
                print(tried.line(), flush=True)
                if tried.margin > best.margin:
                    best, moved = tried, True
                    break
        print(f"round: best {best.line()}", flush=True)
        if not moved:
            break
    return best.weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("duel", "search", "pair"))
    parser.add_argument("--weights", default="", help="name=number pairs joined by ':' (the rest plain)")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="tune1")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--bot", default="", help="duel: this bot (such as planner@depth=4) instead of greedy")
    parser.add_argument("--save", default="", help="duel: write each deal's margin to this JSON file")
    parser.add_argument("files", nargs="*", help="pair: two files --save wrote, on the same deals")
    args = parser.parse_args(argv)
    weights = Weights.parse(args.weights)
    if args.mode == "pair":
        these, those = ({int(k): v for k, v in json.loads(Path(f).read_text()).items()} for f in args.files)
        gain, error, deals = paired(these, those)
        print(f"{args.files[0]} less {args.files[1]}: points margin {gain:+.2f} +-{error:.2f} over {deals} deals")
    elif args.mode == "duel":
        fought = duel(weights, args.rules, args.players, args.deals, args.seed, args.jobs, args.bot)
        print(fought.line(), args.bot)
        if args.save:
            Path(args.save).write_text(json.dumps(fought.deals))
    else:
        found = coordinate_search(weights, args.rules, args.players, args.deals, args.seed, args.rounds)
        print(f"found {found.text() or 'plain'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
