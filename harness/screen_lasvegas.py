"""A cheap screen of Las Vegas search settings: regret against a reference, before any tournament.

A 500-game tournament takes the better part of an hour and still cannot tell apart settings a few points of
win share apart. Against greedy, what matters in a decision is the chance to win when both seats play greedy
from there on, and that can be estimated directly: the screen collects positions from greedy-vs-greedy games
(`collect`), values every legal placement of each by many playouts to the game's END with greedy at every
seat on common samples (`reference`: the seat's share of the win, so the reference is what choosing against
greedy is about, not a model of it), and scores a search setting by its mean regret (the reference value of
the best placement less that of the one it chose) and how often it chose the best (`screen`). Everything is
set by the seeds, so two settings are compared on the same positions and the same references.

`--odds-games N` also checks the round's-end value the search's playouts use (`odds`, a normal
approximation with a spread of `ROUND_SPREAD` × √rounds left): over N greedy-vs-greedy games it fits, for
each number of rounds left, the spread under which the money margins at a round's end best predict who won
(maximum likelihood), beside the model's.

    python -m harness.screen_lasvegas --positions 40 --samples 1000 --seed sc1 --cache refs.json \\
        --variant round:1.0@600 --variant round:0@600 --variant game:1.0@300
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vegas_table.bots.greedy import Table
from vegas_table.bots.lasvegas.round_end import ADVERSARY, GREEDY
from vegas_table.bots.lasvegas.search_model import GAME_END, LasVegasModel, greedy_move
from vegas_table.bots.lasvegas.standing import ROUND_SPREAD, win_share
from vegas_table.bots.search import Search
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.state import OVER, ROUNDS

Progress = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class Position:
    """A placement to decide: the seat's view (all the search and the reference see) and its legal actions'
    texts, in the engine's order."""

    view: Mapping[str, Any]
    seat: int
    options: tuple[str, ...]

    def actions(self) -> list[Any]:
        return [GAME.parse_action(text) for text in self.options]


def collect(seed: str, count: int, players: int = 2, every: int = 3, late: int = 0) -> list[Position]:
    """`count` placements with a choice (no kicks or notes: search leaves those to greedy), every `every`-th
    one met in greedy-vs-greedy games of deals "<seed>/<n>", so that positions come from every round; with
    `late`, only those with at most that many dice left in the hands (where the exact solver plays)."""
    positions: list[Position] = []
    met = 0
    deal = 0
    while len(positions) < count:
        state, _ = GAME.new(GameConfig("lasvegas", "base", players, f"{seed}/{deal}"))
        while state.phase != OVER and len(positions) < count:
            seat = GAME.actors(state)[0]
            options = GAME.legal_actions(state, seat)
            if len(options) > 1 and state.pending is None and (not late or sum(map(sum, state.hands)) <= late):
                met += 1
                if met % every == 0:
                    positions.append(Position(GAME.view(state, seat), seat, tuple(o.text() for o in options)))
            greedy_move(state)
        deal += 1
    return positions


def reference(position: Position, samples: int, seed: str) -> list[float]:
    """Each option's value: the seat's mean share of the win when it plays the option and every seat plays
    greedy to the game's end, over `samples` determinized states (the same ones, with the same dice, for
    every option)."""
    actions = position.actions()
    totals = [0.0] * len(actions)
    for n in range(samples):
        sample = GAME.determinize(position.view, position.seat, random.Random(f"{seed}/{n}"))
        for index, action in enumerate(actions):
            state = GAME.clone(sample)
            GAME.apply(state, position.seat, action)
            while state.phase != OVER:
                greedy_move(state)
            totals[index] += win_share(state, position.seat)
    return [total / samples for total in totals]


def round_ends(seed: str, games: int, players: int = 2) -> dict[int, list[tuple[float, float]]]:
    """Per number of rounds left to play: (money margin over the best opponent at a round's end, share of the
    win at the game's end) of every seat, in greedy-vs-greedy games of deals "<seed>/odds/<n>"."""
    found: dict[int, list[tuple[float, float]]] = {}
    for n in range(games):
        state, _ = GAME.new(GameConfig("lasvegas", "base", players, f"{seed}/odds/{n}"))
        ends: list[tuple[int, list[int]]] = []
        while state.phase != OVER:
            round_ = state.round
            greedy_move(state)
            if state.phase != OVER and state.round != round_:
                ends.append((ROUNDS - state.round + 1, [state.money(s) for s in range(players)]))
        for left, money in ends:
            for seat in range(players):
                margin = money[seat] - max(m for s, m in enumerate(money) if s != seat)
                found.setdefault(left, []).append((float(margin), win_share(state, seat)))
    return found


def fitted_spread(points: Sequence[tuple[float, float]]) -> float:
    """The spread s ($k, to the nearest 2) under which the chance Φ(margin / s) best explains the shares
    of the win (maximum likelihood)."""
    def likelihood(spread: float) -> float:
        total = 0.0
        for margin, share in points:
            chance = min(max(0.5 * (1 + math.erf(margin / spread / math.sqrt(2))), 1e-12), 1 - 1e-12)
            total += share * math.log(chance) + (1 - share) * math.log(1 - chance)
        return total
    return float(max(range(10, 400, 2), key=likelihood))


def odds_check(seed: str, games: int) -> list[str]:
    """The fitted spread beside the model's, for each number of rounds left."""
    lines = []
    for left, points in sorted(round_ends(seed, games).items()):
        lines.append(f"{left} rounds left: fitted spread {fitted_spread(points):.0f}k over {len(points)} margins, "
                     f"the model's {ROUND_SPREAD * math.sqrt(left):.0f}k")
    return lines


@dataclass(frozen=True, slots=True)
class Variant:
    """A search setting: the playouts' horizon ("round" or "game"), the confidence needed to leave greedy's
    choice, the playouts a decision, whether halving keeps greedy's choice to the end, and where the exact
    solver of a round's end takes over (`root`, `tail`: dice left in the hands at most; 0, the default here,
    never) and how its opponent plays (`adversary`: minimax, else greedy). Written `round:1.0@600`,
    `round:1.0@600+keep`, `round:0.5@300+root=8+tail=4+adversary`."""

    horizon: str
    confidence: float
    playouts: int
    keeps_prior: bool = False
    solve_root: int = 0
    solve_tail: int = 0
    opponents: str = GREEDY

    @classmethod
    def parse(cls, text: str) -> Variant:
        text, *extras = text.split("+")
        setting, _, playouts = text.partition("@")
        horizon, _, confidence = setting.partition(":")
        flags = dict(extra.partition("=")[::2] for extra in extras)
        unknown = set(flags) - {"keep", "root", "tail", ADVERSARY}
        if unknown:
            raise ValueError(f"unknown variant settings {sorted(unknown)} in {text!r}")
        return cls(horizon, float(confidence or 1.0), int(playouts or 600), "keep" in flags,
                   int(flags.get("root") or 0), int(flags.get("tail") or 0),
                   ADVERSARY if ADVERSARY in flags else GREEDY)

    def text(self) -> str:
        extras = ("+keep" if self.keeps_prior else "") + (f"+root={self.solve_root}" if self.solve_root else "")
        extras += (f"+tail={self.solve_tail}" if self.solve_tail else "") + (
            f"+{ADVERSARY}" if self.opponents == ADVERSARY else "")
        return f"{self.horizon}:{self.confidence:g}@{self.playouts}{extras}"

    def choose(self, position: Position, seed: str) -> int:
        """The index (in the position's options) of what search with this setting plays there."""
        model = LasVegasModel(self.horizon, self.confidence, self.keeps_prior, self.solve_root, self.solve_tail,
                              self.opponents)
        actions = position.actions()
        roots = model.root(position.view, actions)
        if len(roots) == 1:
            return actions.index(roots[0])
        search = Search(GAME, model, random.Random(seed))
        chosen = search.halving(position.view, position.seat, roots, self.playouts, None)
        return actions.index(chosen)


@dataclass(frozen=True, slots=True)
class Screened:
    """How a setting chose on the screen's positions: mean regret (in shares of a win) with its standard
    error over positions, and the share of positions on which it chose a best option."""

    name: str
    regret: float
    error: float
    best: float
    left_greedy: float  # share of positions where it played something other than greedy's choice
    regrets: tuple[float, ...] = ()  # per position (and search run), for paired comparisons

    def line(self, against: Screened | None = None) -> str:
        text = (f"{self.name:<18} regret {self.regret:.4f} +-{self.error:.4f}  best {self.best:6.1%}  "
                f"left greedy {self.left_greedy:6.1%}")
        if against is not None and len(against.regrets) == len(self.regrets) > 1:
            diffs = [a - b for a, b in zip(self.regrets, against.regrets, strict=True)]
            error = statistics.stdev(diffs) / len(diffs) ** 0.5
            text += f"  vs {against.name}: {statistics.fmean(diffs):+.4f} +-{error:.4f}"
        return text


def score(name: str, chosen: Sequence[int], greedy: Sequence[int], values: Sequence[Sequence[float]]) -> Screened:
    """Regret and agreement of the `chosen` indices against the reference `values` of each position."""
    regrets = [max(v) - v[c] for c, v in zip(chosen, values, strict=True)]
    error = statistics.stdev(regrets) / len(regrets) ** 0.5 if len(regrets) > 1 else 0.0
    best = sum(v[c] == max(v) for c, v in zip(chosen, values, strict=True)) / len(values)
    left = sum(c != g for c, g in zip(chosen, greedy, strict=True)) / len(values)
    return Screened(name, statistics.fmean(regrets), error, best, left, tuple(regrets))


def greedy_choice(position: Position) -> int:
    return Table.of(position.view).best(position.actions(), position.seat)


def references(positions: Sequence[Position], samples: int, seed: str, cache: Path | None,
               progress: Progress) -> list[list[float]]:
    """Every position's reference values, from `cache` when it holds them for these positions and samples."""
    key = {"seed": seed, "samples": samples, "positions": len(positions), "players": positions[0].view["players"],
           "first": positions[0].view["turn"]}
    if cache is not None and cache.exists():
        saved = json.loads(cache.read_text())
        if saved["key"] == key:
            return [list(v) for v in saved["values"]]
    values = []
    for n, position in enumerate(positions):
        values.append(reference(position, samples, f"{seed}/ref/{n}"))
        progress(f"reference {n + 1}/{len(positions)}")
    if cache is not None:
        cache.write_text(json.dumps({"key": key, "values": values}))
    return values


def screen(variants: Sequence[Variant], positions: Sequence[Position], values: Sequence[Sequence[float]],
           seed: str, repeats: int, progress: Progress) -> list[Screened]:
    """Greedy's own regret, then each variant's, choosing `repeats` times on each position with other
    search seeds (the regret of a setting is an average over its luck too)."""
    greedy = [greedy_choice(p) for p in positions]
    results = [score("greedy", greedy, greedy, values)]
    for variant in variants:
        chosen, greedy_rep, values_rep = [], [], []
        for n, position in enumerate(positions):
            for r in range(repeats):
                chosen.append(variant.choose(position, f"{seed}/search/{n}/{r}"))
                greedy_rep.append(greedy[n])
                values_rep.append(values[n])
            progress(f"{variant.text()} {n + 1}/{len(positions)}")
        results.append(score(variant.text(), chosen, greedy_rep, values_rep))
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m harness.screen_lasvegas", description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--samples", type=int, default=1000, help="reference playouts per option")
    parser.add_argument("--seed", default="sc1")
    parser.add_argument("--repeats", type=int, default=1, help="search runs per position and variant")
    parser.add_argument("--cache", type=Path, help="a JSON file keeping the reference values between runs")
    parser.add_argument("--late", type=int, default=0, help="only positions with at most this many dice in hand")
    parser.add_argument("--odds-games", type=int, default=0, help="fit the round's-end odds over this many games")
    parser.add_argument("--variant", action="append", default=[], help="horizon:confidence@playouts, e.g. "
                        f"round:1.0@600 or {GAME_END}:0.5@300")
    args = parser.parse_args(argv)

    def progress(text: str) -> None:
        print(f"\r{text}   ", end="", file=sys.stderr, flush=True)

    for line in odds_check(args.seed, args.odds_games) if args.odds_games else ():
        print(line)
    if args.positions < 1:
        return
    positions = collect(args.seed, args.positions, args.players, late=args.late)
    values = references(positions, args.samples, args.seed, args.cache, progress)
    results = screen([Variant.parse(v) for v in args.variant], positions, values, args.seed, args.repeats, progress)
    print(file=sys.stderr)
    print(f"{len(positions)} positions at {args.players} seats, {args.samples} reference samples, seed {args.seed}, "
          f"{args.repeats} search runs each")
    for result in results:
        print(result.line(results[1] if len(results) > 2 and result is not results[1] else None))


if __name__ == "__main__":
    main()
