"""Two versions of a bot on the very same games: the paired difference, deal by deal.

A tournament's win rate over 200 games has a 95% interval some 14 points wide, so two settings a few points
apart cannot be told apart by comparing two tournaments' rates. Played on the same deals and seat rotations
(`arena.tournament.plan`: the games a `vegas tournament` with the same arguments plays), the two versions'
games start alike and part only where their choices do, so the difference per deal (its rotations averaged)
carries far less of the deals' luck; the seat's money (or points) margin over the best other seat moves more
steadily still than the win. Each side's games are written to a cache file as they finish, keyed by the bot's
name and the game, so the base version's games are played once for every challenger on those deals (the
cache is only as true as the name: a changed bot needs a new cache), and a run cut short keeps what it
played. Games are played one at a time, each deal's for both sides before the next deal's.

    python -m harness.paired --game lasvegas --rules base --players 2 --deals 100 --seed x5 \\
        --base search --challenger mybots:Tails --cache x5.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from vegas_table.arena.play import GameRecord, GameSpec, play_spec
from vegas_table.arena.stats import mean_and_error, wilson_interval
from vegas_table.arena.tournament import plan


def cache_key(bot: str, seat: int, spec: GameSpec) -> str:
    """A game's name in the cache: the compared bot and its seat, the game's config and its seats."""
    config = spec.config
    return "|".join([bot, str(seat), config.game, config.rules, config.seed, ",".join(config.options), *spec.seats])


def load(path: Path | None) -> dict[str, GameRecord]:
    if path is None or not path.exists():
        return {}
    found = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        found[row["key"]] = GameRecord(0, tuple(row["seats"]), tuple(row["winners"]),
                                       tuple(row["standings"]), row["turns"], row["actions"])
    return found


def save(path: Path | None, key: str, record: GameRecord) -> None:
    if path is None:
        return
    row = {"key": key, "seats": record.seats, "winners": record.winners, "standings": record.standings,
           "turns": record.turns, "actions": record.actions}
    with path.open("a") as out:
        out.write(json.dumps(row) + "\n")


def outcome(record: GameRecord, seat: int) -> tuple[float, float]:
    """The compared bot's share of the win at `seat`, and its margin over the best other seat in the
    standing's first figure (money in Las Vegas, points in Lords of Vegas)."""
    measure = next(iter(record.standings[0]))
    figures = [s[measure] for s in record.standings]
    return record.share(seat), figures[seat] - max(f for o, f in enumerate(figures) if o != seat)


def play(base: str, challenger: str, against: str, args: argparse.Namespace) -> int:
    lineup = (base,) + (against,) * (args.players - 1)
    specs, where = plan(args.game, args.rules, args.players, [lineup], args.deals, args.seed)
    cache = load(args.cache)
    per_deal: dict[int, list[list[float]]] = {}  # deal: [base share, challenger share, base margin, its margin]
    differ = 0
    for spec, place in zip(specs, where, strict=True):
        seat = -place.rotation % args.players  # where the line-up's first seat sits in this rotation
        results = []
        for bot in (base, challenger):
            named = GameSpec(spec.index, spec.config, tuple(bot if s == seat else n for s, n in enumerate(spec.seats)))
            key = cache_key(bot, seat, named)
            if key not in cache:
                cache[key] = play_spec(named)
                save(args.cache, key, cache[key])
            results.append(outcome(cache[key], seat))
        differ += results[0] != results[1]
        row = per_deal.setdefault(place.deal, [[], [], [], []])
        for column, value in enumerate((results[0][0], results[1][0], results[0][1], results[1][1])):
            row[column].append(value)
        if place.rotation == args.players - 1:
            print(f"deal {place.deal}: {base} {sum(row[0])}, {challenger} {sum(row[1])}", flush=True)
    report(base, challenger, per_deal, differ, len(specs))
    return 0


def report(base: str, challenger: str, per_deal: dict[int, list[list[float]]], differ: int, games: int) -> None:
    deals = list(per_deal.values())
    n = len(deals)
    for name, column in ((base, 0), (challenger, 1)):
        share = sum(statistics.fmean(d[column]) for d in deals)
        low, high = wilson_interval(share, n)
        print(f"{name}: {share / n:.1%} ({low:.1%}-{high:.1%}) of {games} games")
    share, error = mean_and_error([statistics.fmean(d[1]) - statistics.fmean(d[0]) for d in deals])
    margin, merror = mean_and_error([statistics.fmean(d[3]) - statistics.fmean(d[2]) for d in deals])
    print(f"{challenger} less {base}, per deal: win share {share:+.1%} +-{error:.1%}, "
          f"margin {margin:+.2f} +-{merror:.2f} ({differ} of {games} games ended differently)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="lasvegas")
    parser.add_argument("--rules", default="base")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="x5")
    parser.add_argument("--base", default="search", help="the bot as it is (its games are cached)")
    parser.add_argument("--challenger", required=True, help="the other version (a name or module:Class)")
    parser.add_argument("--against", default="greedy", help="the bot at every other seat")
    parser.add_argument("--cache", type=Path, help="a JSON-lines file of the games played (read and added to)")
    args = parser.parse_args(argv)
    return play(args.base, args.challenger, args.against, args)


if __name__ == "__main__":
    sys.exit(main())
