"""Tournaments: line-ups of bots over duplicate deals, every seat rotation of each, and the results.

A deal is an engine seed. Every line-up plays every deal once in each rotation of its seats, so each bot
meets the same cards and dice from every seat: luck mostly cancels between the rotations, and a difference
in results is the bots'. A bot's result in a game is the share of the win its seats took (a shared win
counts as a fraction); its par is its seats over all seats. Intervals take the deal as the unit (its
rotations are not independent of each other): a Wilson interval over the deals' mean shares, which (each
being between 0 and 1) vary no more than a proportion would, so it is wider, and more honest, than
counting seats or games.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from vegas_table.arena.play import GameRecord, GameSpec
from vegas_table.arena.stats import wilson_interval
from vegas_table.engine import GameConfig

Lineup = tuple[str, ...]


def round_robin(bots: Sequence[str], players: int) -> list[Lineup]:
    """Every line-up of `players` seats: all sets of distinct bots when there are enough of them, else every
    mix of them in which at least two bots meet (for two bots and four seats: 1-3, 2-2 and 3-1)."""
    names = list(dict.fromkeys(bots))
    if len(names) >= players:
        return [tuple(c) for c in itertools.combinations(names, players)]
    return [tuple(c) for c in itertools.combinations_with_replacement(names, players) if len(set(c)) > 1]


def rotations(lineup: Lineup) -> list[Lineup]:
    return [lineup[k:] + lineup[:k] for k in range(len(lineup))]


@dataclass(frozen=True, slots=True)
class Scheduled:
    """Where a game sits in the tournament: its line-up (unrotated), its deal and its rotation."""

    lineup: int
    deal: int
    rotation: int


def plan(game: str, rules: str, players: int, lineups: Sequence[Lineup], deals: int, seed: str,
         options: Sequence[str] = ()) -> tuple[list[GameSpec], list[Scheduled]]:
    """Every game of the tournament: deal d has engine seed "<seed>/<d>" for every line-up and rotation."""
    specs: list[GameSpec] = []
    where: list[Scheduled] = []
    for (k, lineup), d in itertools.product(enumerate(lineups), range(deals)):
        config = GameConfig(game, rules, players, f"{seed}/{d}", tuple(sorted(options)))
        for r, seats in enumerate(rotations(lineup)):
            specs.append(GameSpec(len(specs), config, seats))
            where.append(Scheduled(k, d, r))
    return specs, where


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's results in one line-up."""

    bot: str
    seats: int  # seats it holds in the line-up
    games: int
    share: float  # mean share of the win its seats took per game
    par: float  # seats / players: what an equal bot would take
    low: float  # 95% interval of `share`, deals as the unit
    high: float


def standings(lineup: Lineup, records: Sequence[GameRecord], where: Sequence[Scheduled]) -> list[Standing]:
    """Each bot's result in `lineup`, from that line-up's games."""
    players = len(lineup)
    rows = []
    for bot in dict.fromkeys(lineup):
        per_deal: dict[int, list[float]] = {}
        for record, place in zip(records, where, strict=True):
            won = sum(record.share(seat) for seat, name in enumerate(record.seats) if name == bot)
            per_deal.setdefault(place.deal, []).append(won)
        means = [statistics.fmean(v) for v in per_deal.values()]
        low, high = wilson_interval(sum(means), len(means))
        rows.append(Standing(bot, lineup.count(bot), len(records), statistics.fmean(means),
                             lineup.count(bot) / players, low, high))
    return rows
