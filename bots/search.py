"""The search bot: Monte Carlo search over determinized states, for both games.

Every playout starts from a full state the bot cannot tell from the real one (`determinize`: the same
view, the hidden cards and the dice generator drawn anew), plays on with a fast policy to a horizon, and
scores the end by every seat's margin. The playouts are spent by sequential halving over the root's
candidates with common samples (`Search.halving`): each round plays every surviving candidate on the same
determinized states and playout dice, and keeps the better half. The prior's choice (greedy's) stays unless
the last candidate standing beats it by more than the model's `confidence` standard errors of their paired
differences.

Candidates come from the game's model (`Model`): at a Lords root the greedy bot's best few (bets grouped
into their smallest, middle and largest), in Las Vegas every placement. The budget is a number of
playouts (deterministic for a seed) or milliseconds (`search@200`, `search@500ms` on the command line), and
a turn's time limit always holds: the search stops early, keeping a margin.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from vegas_table.bots.base import TOO_LATE, Bot, Choice, GameInfo, Turn
from vegas_table.bots.choices import back, engine_option
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.settings import budget
from vegas_table.engine.core.api import Game
from vegas_table.engine.registry import get_game


class Model(Protocol):
    """What the search needs of a game besides its rules."""

    confidence: float  # standard errors by which halving's last candidate must beat the prior's choice

    def budget(self, view: Mapping[str, Any]) -> int: ...  # the game's default playouts for this decision
    # The root's candidates, the prior's choice first (only one: played without a search); `stop` is the turn's
    # time limit as a `time.perf_counter()` time, for a model that works out its candidates at length.
    def root(self, view: Mapping[str, Any], options: Sequence[Any], stop: float | None = None) -> list[Any]: ...
    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> Any: ...
    # Plays on from `state` to the model's horizon; returns what `rewards` scores (the state played on, or what
    # the model keeps of its end).
    def playout(self, state: Any, rng: random.Random) -> Any: ...
    def rewards(self, end: Any) -> list[float]: ...
    def remember(self, view: Mapping[str, Any], action: Any) -> None: ...  # what the seat plays, once chosen


def clearly_better(these: list[float], those: list[float], confidence: float) -> bool:
    """Whether paired scores show `these` ahead of `those` by more than `confidence` standard errors of the
    mean difference, over the samples both were played on (`those` may have stopped earlier)."""
    diffs = [a - b for a, b in zip(these, those, strict=False)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean > confidence * spread


class Search:
    """One decision's search."""

    def __init__(self, game: Game[Any], model: Model, rng: random.Random) -> None:
        self.game, self.model, self.rng = game, model, rng

    def halving(self, view: Mapping[str, Any], seat: int, roots: list[Any], playouts: int | None,
                millis: float | None, stop: float | None = None) -> Any:
        """Sequential halving over the root's candidates with common samples: in each round every surviving
        candidate is played on the same determinized states with the same playout dice, and the better half
        goes on. Pairing the samples removes the luck of the deal from the comparison, which a tree's
        separate samples cannot (a Lords of Vegas deal moves a position's value more than most choices do).
        The prior's choice (the first candidate: greedy's) stays unless the last one standing beats it
        clearly on the samples both were played on.

        The budget is `playouts` (spread evenly over the rounds) or `millis` milliseconds (each round its
        share of the time); either way the search stops at `stop` (a `time.perf_counter()` time: the turn's
        time limit) and chooses among the candidates still standing, on the samples played so far."""
        alive = list(range(len(roots)))
        totals = [0.0] * len(roots)
        scores: list[list[float]] = [[] for _ in roots]  # per candidate, per sample (the same samples for all)
        rounds = max(1, math.ceil(math.log2(len(roots))))
        start = time.perf_counter()
        for done_rounds in range(rounds):
            sweeps = max(1, playouts // (rounds * len(alive))) if playouts is not None else 0
            deadline = start + millis / 1000 * (done_rounds + 1) / rounds if millis else None
            swept = 0
            while (deadline is None and swept < sweeps) or (deadline is not None and (
                    swept == 0 or time.perf_counter() < deadline)):
                if stop is not None and time.perf_counter() >= stop:
                    return self.best(roots, alive, totals, scores, self.model.confidence)
                sample = self.model.determinize(view, seat, self.rng)
                seed = self.rng.getrandbits(64)
                for index in alive:
                    state = self.game.clone(sample)
                    self.game.apply(state, seat, roots[index])
                    score = self.model.rewards(self.model.playout(state, random.Random(seed)))[seat]
                    totals[index] += score
                    scores[index].append(score)
                swept += 1
            if done_rounds < rounds - 1:
                alive.sort(key=lambda i: (-totals[i], i))
                alive = alive[:max(1, math.ceil(len(alive) / 2))]
        return self.best(roots, alive, totals, scores, self.model.confidence)

    @staticmethod
    def best(roots: list[Any], alive: list[int], totals: list[float], scores: list[list[float]],
             confidence: float) -> Any:
        """The candidate standing with the best total (they were all played on the same samples), if it beats
        the prior's choice clearly (by `confidence` standard errors); else the prior's choice (also when
        nothing was played)."""
        leader = min(alive, key=lambda i: (-totals[i], i))
        return roots[leader if clearly_better(scores[leader], scores[0], confidence) else 0]


class SearchBot(Bot):
    """Search with a budget of `playouts` per decision, or `millis` milliseconds; without either, each
    game's default number of playouts. Whatever the budget, a decision ends in time when the turn has a time
    limit (`Turn.time_limit`): it stops at `Turn.deadline`."""

    name = "search"
    games = ("lasvegas", "lords")

    def __init__(self, seed: str = "0", playouts: int | None = None, millis: float | None = None) -> None:
        super().__init__(seed)
        self.seed = seed
        self.playouts, self.millis = playouts, millis
        self.models: dict[str, Model] = {}
        self.greedy = GreedyBot(seed)

    @classmethod
    def configured(cls, seed: str, setting: str) -> SearchBot:
        """`search@200`: 200 playouts a decision; `search@500ms`: 500 milliseconds a decision."""
        playouts, millis = budget("search", setting, "playouts")
        return cls(seed, millis=millis) if millis is not None else cls(seed, playouts=playouts)

    def on_game_start(self, info: GameInfo) -> None:
        self.models.pop(info.game, None)

    def model(self, game: str) -> Model:
        if game not in self.models:
            from vegas_table.bots.lasvegas.search_model import LasVegasModel
            from vegas_table.bots.lords.search_model import LordsModel

            model: Model = LordsModel(self.seed) if game == "lords" else LasVegasModel()
            self.models[game] = model
        return self.models[game]

    def choose(self, turn: Turn) -> Choice:
        started = time.perf_counter()
        stop = turn.deadline(started)
        legal = turn.legal
        if len(legal) == 1 and not legal[0].is_range:
            return legal[0]
        if turn.info.game == "lasvegas" and turn.view.get("pending"):
            return self.greedy.choose(turn)  # a kick or a note: few and plain choices
        if "underworld" in turn.view:
            return self.greedy.choose(turn)  # its playouts know nothing of the Underworld cards
        if stop is not None and stop - started < TOO_LATE:
            return self.greedy.choose(turn)
        game = get_game(turn.info.game)
        model = self.model(turn.info.game)
        options = [engine_option(game, option) for option in legal]
        roots = model.root(turn.view, options, stop)
        if len(roots) == 1:
            model.remember(turn.view, roots[0])
            return back(roots[0], options, legal)
        rng = random.Random(f"{self.seed}/{turn.version}/{self.rng.getrandbits(32)}")
        search = Search(game, model, rng)
        playouts = self.playouts if self.playouts is not None or self.millis else model.budget(turn.view)
        chosen = search.halving(turn.view, turn.seat, roots, playouts, self.millis, stop)
        model.remember(turn.view, chosen)
        return back(chosen, options, legal)
