"""The search bot: Monte Carlo search over determinized states, for both games.

Every playout starts from a full state the bot cannot tell from the real one (`determinize`: the same
view, the hidden cards and the dice generator drawn anew), plays on with a fast policy to a horizon, and
scores the end by every seat's margin. Two ways to spend the playouts:

- `Search.halving` (what both games use): sequential halving over the root's candidates with common
  samples. Each round plays every surviving candidate on the same determinized states and playout dice,
  and keeps the better half. The prior's choice (greedy's) stays unless the last candidate standing beats
  it by more than the model's `confidence` standard errors of their paired differences.
- `Search.run`: information-set MCTS (single observer): one tree shared by all samples, a node per action
  sequence whose statistics count only the playouts in which it was available, UCB for the seat acting
  at each node, one node added per playout, the change in margins from the root's as the score. Wide
  choices are handled by progressive widening: a node considers its first max(8, ⌈1 + √visits⌉)
  candidates in the order of a prior. The root's most visited candidate is played.

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
from dataclasses import dataclass, field
from typing import Any, Protocol

from vegas_table.bots.base import TOO_LATE, Bot, Choice, GameInfo, Turn, sooner
from vegas_table.bots.choices import back, engine_option
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.settings import budget
from vegas_table.engine.core.api import Game
from vegas_table.engine.registry import get_game

EXPLORATION = 0.7  # UCB's constant, for scores in units of a clear lead
MIN_WIDTH = 8  # candidates every node considers from its first playout
MAX_DEPTH = 12  # tree levels a playout walks before the fast policy takes over


class Model(Protocol):
    """What the search needs of a game besides its rules."""

    paired: bool  # choose by sequential halving with common samples rather than by the tree
    confidence: float  # standard errors by which halving's last candidate must beat the prior's choice
    keeps_prior: bool  # halving plays the prior's choice to the end, so the last comparison has every sample

    def budget(self, view: Mapping[str, Any]) -> int: ...  # the game's default playouts for this decision
    # The root's candidates, the prior's choice first (only one: played without a search); `stop` is the turn's
    # time limit as a `time.perf_counter()` time, for a model that works out its candidates at length.
    def root(self, view: Mapping[str, Any], options: Sequence[Any], stop: float | None = None) -> list[Any]: ...
    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> Any: ...
    def candidates(self, state: Any, seat: int, rng: random.Random) -> list[Any]: ...
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


@dataclass(slots=True)
class Node:
    """The statistics of one action, for the seat that took it (`actor`)."""

    actor: int = -1
    action: Any = None
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def widened(visits: int) -> int:
    """How many of a node's candidates are considered after `visits` playouts (progressive widening)."""
    return max(MIN_WIDTH, 1 + math.ceil(math.sqrt(visits)))


def key(action: Any) -> str:
    return str(action.text())


class Search:
    """One decision's tree search."""

    def __init__(self, game: Game[Any], model: Model, rng: random.Random) -> None:
        self.game, self.model, self.rng = game, model, rng
        self.offsets: list[float] = []  # each seat's score before the decision: playouts count the change

    def run(self, view: Mapping[str, Any], seat: int, roots: list[Any], playouts: int | None,
            millis: float | None, stop: float | None = None) -> Any:
        """IS-MCTS: `playouts` playouts, or for `millis` milliseconds, and never past `stop` (a
        `time.perf_counter()` time: the turn's time limit)."""
        root = Node(children={key(a): Node(seat, a) for a in roots})
        order = [key(a) for a in roots]
        deadline = sooner(time.perf_counter() + millis / 1000 if millis else None, stop)
        done = 0
        while (playouts is None or done < playouts) and (deadline is None or time.perf_counter() < deadline):
            state = self.model.determinize(view, seat, self.rng)
            if not done:
                self.offsets = self.model.rewards(state)
            self.playout(root, state, [root.children[k] for k in order[:widened(root.visits)]])
            root.visits += 1
            done += 1
        best = max(order, key=lambda k: (root.children[k].visits, -order.index(k)))
        return root.children[best].action

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
                if self.model.keeps_prior and 0 not in alive:
                    alive.append(0)  # the prior's choice is played on every sample its challenger is
        return self.best(roots, alive, totals, scores, self.model.confidence)

    @staticmethod
    def best(roots: list[Any], alive: list[int], totals: list[float], scores: list[list[float]],
             confidence: float) -> Any:
        """The candidate standing with the best total (they were all played on the same samples), if it beats
        the prior's choice clearly (by `confidence` standard errors); else the prior's choice (also when
        nothing was played)."""
        leader = min(alive, key=lambda i: (-totals[i], i))
        return roots[leader if clearly_better(scores[leader], scores[0], confidence) else 0]

    def playout(self, root: Node, state: Any, first: list[Node]) -> None:
        path = [self.step(first, state)]
        node = path[0]
        depth = 1
        while node.visits and depth < MAX_DEPTH and not self.game.is_over(state):
            actors = self.game.actors(state)
            seat = actors[0]
            options = self.model.candidates(state, seat, self.rng)[:widened(node.visits)]
            children = []
            for action in options:
                name = f"{seat}:{key(action)}"  # the same words may be another seat's move in another sample
                child = node.children.get(name)
                if child is None:
                    child = node.children[name] = Node(seat, action)
                children.append(child)
            node = self.step(children, state, options)
            path.append(node)
            depth += 1
        end = self.model.playout(state, self.rng)
        scores = [score - offset for score, offset in zip(self.model.rewards(end), self.offsets, strict=True)]
        for each in path:
            each.visits += 1
            each.total += scores[each.actor]

    def step(self, children: list[Node], state: Any, actions: list[Any] | None = None) -> Node:
        """Choose among the available `children` (an untried one first, else by UCB) and play its action."""
        for child in children:
            child.available += 1
        fresh = [i for i, child in enumerate(children) if not child.visits]
        index = fresh[0] if fresh else max(range(len(children)), key=lambda i: children[i].ucb())
        chosen = children[index]
        action = actions[index] if actions is not None else chosen.action
        self.game.apply(state, chosen.actor, action)
        return chosen


class SearchBot(Bot):
    """IS-MCTS with a budget of `playouts` per decision, or `millis` milliseconds; without either, each
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
        run = search.halving if model.paired else search.run
        playouts = self.playouts if self.playouts is not None or self.millis else model.budget(turn.view)
        chosen = run(turn.view, turn.seat, roots, playouts, self.millis, stop)
        model.remember(turn.view, chosen)
        return back(chosen, options, legal)
