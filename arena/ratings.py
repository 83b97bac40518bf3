"""Ratings with uncertainty: a Bradley-Terry fit of who beat whom, on the Elo scale, and a 95% interval.

Within each game every pair of seats played by different bots is one comparison: the seat with the larger
share of the win beat the other (equal shares, such as two losers, are no comparison). The fit is the
classic minorise-maximise iteration (Hunter 2004), with one win and one loss for every bot against a
virtual bot of rating 1500, which keeps an unbeaten bot finite and anchors the scale.

The interval is the wider, on each side, of two: a bootstrap that resamples whole deals (every game played
on one seed) with replacement and refits; and a floor of what the bot's games can support, a Wilson interval
of its win rate with each game it played one trial (its fraction of that game's comparisons won, so the
seats of one game count once) and the virtual win and loss two more, put on the Elo scale around its rating
(`400 log10(p / (1 - p))`, measured from its observed rate). The bootstrap alone is zero-width when every
deal tells the same story (two deals, each won by the same bot, resample to the same fit every time); the
floor keeps four games from claiming more than four games can tell.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from vegas_table.arena.play import GameRecord
from vegas_table.arena.stats import wilson_interval

ANCHOR = 1500.0
ITERATIONS = 200
Comparison = tuple[str, str]  # (winner, loser)


@dataclass(frozen=True, slots=True)
class Rating:
    bot: str
    elo: float
    low: float  # 95% interval: the bootstrap widened to what the games support (module docstring)
    high: float
    comparisons: int


def comparisons(record: GameRecord) -> list[Comparison]:
    shares = [record.share(seat) for seat in range(len(record.seats))]
    found = []
    for i in range(len(shares)):
        for j in range(i + 1, len(shares)):
            a, b = record.seats[i], record.seats[j]
            if a != b and shares[i] != shares[j]:
                found.append((a, b) if shares[i] > shares[j] else (b, a))
    return found


def fit(bots: Sequence[str], games: Sequence[Sequence[Comparison]]) -> dict[str, float]:
    """Elo-scale ratings of `bots` from the comparisons of each game."""
    wins = {b: 1.0 for b in bots}  # the virtual win
    pairs: dict[tuple[str, str], int] = {}
    for game in games:
        for winner, loser in game:
            wins[winner] += 1
            key = (winner, loser) if winner < loser else (loser, winner)
            pairs[key] = pairs.get(key, 0) + 1
    strength = {b: 1.0 for b in bots}
    for _ in range(ITERATIONS):
        denominator = {b: 2.0 / (strength[b] + 1.0) for b in bots}  # the virtual win and loss, strength 1
        for (a, b), n in pairs.items():
            denominator[a] += n / (strength[a] + strength[b])
            denominator[b] += n / (strength[a] + strength[b])
        strength = {b: wins[b] / denominator[b] for b in bots}
    return {b: ANCHOR + 400 * math.log10(strength[b]) for b in bots}


def rate(records: Sequence[GameRecord], deals: Sequence[int], samples: int = 200, seed: str = "ratings"
         ) -> list[Rating]:
    """Each bot's rating with a 95% interval; `deals[k]` is the deal records[k] was played on."""
    bots = sorted({name for r in records for name in r.seats})
    by_deal: dict[int, list[list[Comparison]]] = {}
    for record, deal in zip(records, deals, strict=True):
        by_deal.setdefault(deal, []).append(comparisons(record))
    everything = [game for games in by_deal.values() for game in games]
    point = fit(bots, everything)
    rng = random.Random(seed)
    keys = sorted(by_deal)
    draws: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(samples):
        resampled = [game for key in rng.choices(keys, k=len(keys)) for game in by_deal[key]]
        for bot, elo in fit(bots, resampled).items():
            draws[bot].append(elo)
    counted = {b: sum(1 for game in everything for pair in game if b in pair) for b in bots}
    ratings = []
    for b in sorted(bots, key=lambda b: -point[b]):
        floor_low, floor_high = supported(b, everything, point[b])
        ratings.append(Rating(b, point[b], min(_quantile(draws[b], 0.025), floor_low),
                              max(_quantile(draws[b], 0.975), floor_high), counted[b]))
    return ratings


def supported(bot: str, games: Sequence[Sequence[Comparison]], elo: float) -> tuple[float, float]:
    """The narrowest 95% interval around `elo` that `bot`'s games can support (see the module docstring): a
    Wilson interval of its win rate over its games and the virtual win and loss, on the Elo scale."""
    won, trials = 1.0, 2  # the virtual win and loss
    for game in games:
        mine = [pair for pair in game if bot in pair]
        if mine:
            won += sum(1 for winner, _ in mine if winner == bot) / len(mine)
            trials += 1
    low, high = wilson_interval(won, trials)
    observed = _elo_odds(won / trials)
    return elo + _elo_odds(low) - observed, elo + _elo_odds(high) - observed


def _elo_odds(p: float) -> float:
    """A win rate as Elo points above the field it was won against: `400 log10(p / (1 - p))`."""
    return 400 * math.log10(p / (1 - p))


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]
