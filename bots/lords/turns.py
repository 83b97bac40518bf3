"""Searching a Lords of Vegas turn past the opponent's reply.

The planner (`bots.lords.planner`) judges a turn by greedy's static value at its end, as if nothing happened
next; but what a turn leaves is judged by what the opponent does with it: money spent that the opponent's
next buy outbids, a casino left where its sprawl takes it over. A turn has almost no chance inside it; the
chance is the card drawn between turns (its lot and its colour's payments) and the dice of a reorganization.
So the seat's few best whole-turn plans (the planner's best lines, greedy's own turn, ending at once) are
each played on the same determinized samples (common random numbers, paired as in `bots.search`): the plan,
the card drawn, the opponents' whole turns as greedy plays them (the real opponent when it is greedy), the
next card, and the seat's static value there. The planner's best plan is played unless another is clearly
better on those samples; the chosen plan is followed for the rest of the turn while the position is the
one it expected, and searched again when a roll made it another. Before any plan, a deal greedy would
propose (`bots.lords.dealing`: a lot bought next to the seat's casino, worth the build it opens) is proposed,
as search plays greedy's deals; the turn is planned once the partner has answered.

Everything comes from the seat's view: the samples are `Game.determinize`'s, and each simulated seat
judges by the outlook its own view would give it (`Outlook.of`), never the sample's deck order.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from vegas_table.bots.base import TOO_LATE
from vegas_table.bots.lords.greedy import LordsGreedy
from vegas_table.bots.lords.planner import AHEAD, LordsPlanner, Reach
from vegas_table.bots.lords.playout import answer_trades
from vegas_table.bots.lords.value import PLAIN, Outlook, Weights, value
from vegas_table.bots.search import clearly_better
from vegas_table.bots.settings import grouped, named_numbers
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.actions import EndTurn, Reorganize
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.legal import legal_actions
from vegas_table.engine.lords.state import OVER, LordsState

TURN_ACTIONS = 40  # a simulated turn ends after this many actions, whatever greedy still wants
# How far greedy's points margin can still move before the game ends (the win chance's spread, `win_chance`):
# at the end, per share of the draws left, and the share past which it grows no more. Fitted to who won 960
# classic 2p games of greedy against itself (`python -m harness.fit_lords_spread lv1.jsonl`, the data of
# `bots.lords.learned`).
Spread = tuple[float, float, float]
SPREAD: Spread = (6.6, 86.6, 0.53)


@dataclass(frozen=True, slots=True)
class Looking:
    """How the turn search spends its effort: the determinized samples every plan is played on, the planner's
    best lines among the plans, the rounds of turns played by greedy past the seat's (1: each opponent's
    reply; 2: and the seat's next turn and every opponent's again), the rerolls a simulated greedy tries per
    reorganization (greedy's own 12 make a simulated turn several times dearer), the seat's own turns played
    by greedy after the last reply before the value is read (0: judged as the seat's next turn starts; 1: as
    it ends, so that what a plan leaves is judged by what the seat's greedy makes of it), and the standard
    errors by which a plan must beat the planner's best to be played. With `chance=1` a sample scores the
    seat's chance to win as its value's margin gives it (`win_chance`) rather than the margin itself. With
    `deals=1` a deal greedy would propose (`bots.lords.dealing`) is proposed before the turn is planned.
    `ms`: the milliseconds a decision may take (0: no budget, every sample is played), as a turn's time
    limit bounds it (`Turn.deadline`)."""

    samples: int = 8
    lines: int = 3
    replies: int = 1
    rolls: int = 4
    own: int = 0
    chance: int = 0
    deals: int = 1
    confidence: float = 1.0
    ms: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Looking:
        """`samples=8:lines=3:replies=1:rolls=4:own=0:chance=0:deals=1:confidence=1:ms=0` (any may be left
        out); ValueError names what is wrong."""
        measures, flags, counts = grouped(text, [("confidence", "ms"), ("own", "chance", "deals")])
        looking = cls(**named_numbers(counts, ("samples", "lines", "replies", "rolls"), int, least=1),
                      **named_numbers(flags, ("own", "chance", "deals"), int, least=0))
        measured = named_numbers(measures, ("confidence", "ms"), float, least=0.0)
        return replace(looking, confidence=measured.get("confidence", looking.confidence),
                       ms=measured.get("ms", looking.ms))


LOOKING = Looking()


@dataclass(frozen=True, slots=True)
class Plan:
    """A whole turn of the seat's: its actions in order, then `greedy` plays on to the turn's end (after a
    reorganization, whose dice no plan can foresee; or greedy's own turn, with no actions) or the turn ends."""

    actions: tuple[Any, ...]
    greedy: bool = False


@dataclass(slots=True)
class Course:
    """The plan being followed: its turn, the actions still to play, and the view the seat should see next
    (anything else, such as a roll's dice, and the turn is searched again)."""

    turn: int
    left: list[Any]
    greedy: bool
    expected: Mapping[str, Any] | None


class LordsTurns:
    """Chooses Lords of Vegas actions by searching whole turns past the opponents' replies."""

    def __init__(self, seed: int | str = 0, weights: Weights = PLAIN, reach: Reach = AHEAD,
                 looking: Looking = LOOKING) -> None:
        self.planner = LordsPlanner(seed, weights, reach, deals=bool(looking.deals))
        self.greedy = self.planner.greedy
        self.weights = weights
        self.looking = looking
        self.rng = random.Random(f"{seed}/turns")
        self.mine = LordsGreedy(seed, weights, rolls=looking.rolls)  # the seat's greedy in simulated turns
        self.theirs = LordsGreedy(seed, rolls=looking.rolls)  # the opponents' (plain greedy)
        self.course: Course | None = None
        self.searched = 0  # turns whose plans were compared on the samples (for harness.time_lords_planner)
        self.departed = 0  # of those, the turns where another plan than the planner's best was chosen

    def decide(self, view: Mapping[str, Any], options: Sequence[Any], stop: float | None = None) -> Any:
        """The chosen action (an engine action). Decisions, trade answers and a turn with nothing worth
        planning are greedy's, as the planner's are. `stop`: the `time.perf_counter()` time to have chosen
        by (None: no limit); the plans are compared on the samples played by then, and with less than
        `TOO_LATE` to spend greedy chooses."""
        if view.get("pending") or not any(isinstance(o, EndTurn) for o in options):
            return self.greedy.decide(view, options)
        following = self.follow(view, options)
        if following is not None:
            return following
        if stop is not None and stop - time.perf_counter() < TOO_LATE:
            self.course = None
            return self.greedy.decide(view, options)
        seat = int(view["viewer"])
        outlook = Outlook.of(view, self.weights)
        base = GAME.determinize(view, seat, self.greedy.rng)
        deal = self.greedy.deal(base, seat, outlook, options)  # None without `looking.deals` (its greedy's)
        if deal is not None:  # what it is worth is the action it opens, planned once the partner has answered
            self.course = None
            self.greedy.remember(view, deal)
            return deal
        plans = self.plans(base, seat, outlook, options)
        if not plans:
            self.course = None
            action = self.greedy.otherwise(base, seat, outlook, options)
            self.greedy.remember(view, action)
            return action
        index = self.choose(view, seat, plans, stop) if len(plans) > 1 else 0
        self.searched += len(plans) > 1
        self.departed += index != 0
        return self.start(view, options, plans[index])

    def follow(self, view: Mapping[str, Any], options: Sequence[Any]) -> Any | None:
        """The next action of the plan being followed, if the position is the one it expected; else None."""
        course = self.course
        if course is None or course.turn != int(view["turn"]):
            return None
        if not course.left and course.greedy:  # greedy plays on to the turn's end, as the plan was scored
            return self.greedy.decide(view, options)
        if course.expected != view:
            return None
        if course.left:
            action = course.left.pop(0)
            if action not in options:
                return None
            course.expected = self.expect(view, action)
            return action
        return None

    def start(self, view: Mapping[str, Any], options: Sequence[Any], plan: Plan) -> Any:
        """Follow `plan` from this decision: its first action (or greedy's, or ending the turn)."""
        if not plan.actions:
            self.course = Course(int(view["turn"]), [], True, None) if plan.greedy else None
            return self.greedy.decide(view, options) if plan.greedy else EndTurn()
        first, *rest = plan.actions
        self.course = Course(int(view["turn"]), rest, plan.greedy, self.expect(view, first))
        return first

    @staticmethod
    def expect(view: Mapping[str, Any], action: Any) -> Mapping[str, Any] | None:
        """The view the seat should see after playing `action` (None if it rolls dice: no view is expected)."""
        if isinstance(action, Reorganize):
            return None
        seat = int(view["viewer"])
        after = GAME.determinize(view, seat, random.Random(0))
        try:
            GAME.apply(after, seat, action)
        except IllegalAction:
            return None
        return GAME.view(after, seat)

    def plans(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any]) -> list[Plan]:
        """The whole turns worth comparing, the planner's best first: its best `looking.lines` lines and the
        best one that starts otherwise, greedy's own turn and ending at once. None when no line is worth doing
        (then greedy's `otherwise` decides, as in the planner)."""
        lines = self.planner.lines(base, seat, outlook, options)
        if not lines:
            return []
        picked = lines[:self.looking.lines]
        other = next((line for line in lines if line.first != lines[0].first), None)
        if other is not None and other not in picked:
            picked.append(other)
        plans = [Plan(tuple(GAME.parse_action(text) for text in line.actions), line.state is None)
                 for line in picked]
        return [*plans, Plan((), True), Plan((EndTurn(),))]

    def choose(self, view: Mapping[str, Any], seat: int, plans: list[Plan], stop: float | None = None) -> int:
        """The index of the plan to play: the best on the same samples, if it beats the first (the planner's
        best) by `looking.confidence` standard errors of the paired differences; else 0. Plans that leave the
        same position on a sample (greedy's own turn is often one of the planner's lines) are judged once:
        what follows is greedy's, which decides alike from alike positions, its rerolls drawn from the
        position's own generator. No sample is begun after `stop` (a `time.perf_counter()` time) but the
        first."""
        scores: list[list[float]] = [[] for _ in plans]
        for sampled in range(self.looking.samples):
            if sampled and stop is not None and time.perf_counter() >= stop:
                break
            sample = GAME.determinize(view, seat, self.rng)
            judged: dict[str, float] = {}  # the position the seat's turn leaves (its hash): its outcome
            for index, plan in enumerate(plans):
                left = self.played(sample, seat, plan)
                key = GAME.state_hash(left)
                if key not in judged:
                    judged[key] = self.outcome(left, seat)
                scores[index].append(judged[key])
        best = max(range(len(plans)), key=lambda i: (sum(scores[i]), -i))
        return best if clearly_better(scores[best], scores[0], self.looking.confidence) else 0

    def played(self, sample: LordsState, seat: int, plan: Plan) -> LordsState:
        """A copy of `sample` once the seat has played `plan` to its turn's end."""
        state = sample.clone()
        turn = state.turn
        for action in plan.actions:
            if state.turn != turn or state.phase == OVER:
                break
            try:
                GAME.apply(state, seat, action)
            except IllegalAction:
                break
            settle(state)
        if plan.greedy:
            play_turn(state, self.mine, self.theirs, seat)
        elif state.turn == turn and state.phase != OVER:
            GAME.apply(state, seat, EndTurn())
        return state

    def outcome(self, state: LordsState, seat: int) -> float:
        """The seat's value once every opponent's turn has been played by greedy on `state` (`looking.replies`
        rounds of them, the seat's own turns between by greedy too), and the card drawn for the seat's next
        turn (and that turn too, by greedy, with `looking.own`). Plays on `state` itself."""
        for _ in range(self.looking.replies * state.players - 1 + self.looking.own):
            if state.phase == OVER:
                break
            play_turn(state, self.mine, self.theirs, seat)
        outlook = Outlook.at_table(state, self.weights)
        margin = value(state, seat, outlook)
        return win_chance(margin, outlook.left_share, state.phase == OVER) if self.looking.chance else margin


def win_chance(margin: float, left_share: float, over: bool, spread: Spread = SPREAD) -> float:
    """The seat's chance to win given its value's margin over the best opponent, with `left_share` of the
    draws still to come: the chance that a normal change, whose spread narrows as the end nears, leaves the
    margin above zero. Once the game is `over`: 1 for a win, 0 for a loss (the margin then is the points,
    ties broken by money). Judged by the chance rather than the margin, a seat far ahead prefers the surer plan
    and a seat far behind the riskier one. `spread`: the fitted one, or one `harness.fit_lords_spread` tries."""
    if over:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    at_end, per_share, cap = spread
    width = at_end + per_share * min(left_share, cap)
    return 0.5 * (1.0 + math.erf(margin / (width * math.sqrt(2.0))))


def settle(state: LordsState) -> None:
    """Answer what an action left waiting: decisions with their default answer, open trades as greedy would."""
    while state.pending and state.phase != OVER:
        head = state.pending[0]
        GAME.apply(state, head.seat, legal_actions(state, head.seat)[0])
    if state.trades:
        answer_trades(state)


def play_turn(state: LordsState, own: LordsGreedy, others: LordsGreedy, seat: int) -> None:
    """Play the turn under way to its end: `seat`'s actions and decisions by `own`, every other seat's by
    `others` (greedy, judging by the outlook its own view gives it)."""
    turn = state.turn
    outlooks: dict[int, Outlook] = {}
    for _ in range(TURN_ACTIONS):
        if state.turn != turn or state.phase == OVER:
            return
        actor = state.pending[0].seat if state.pending else state.current
        player = own if actor == seat else others
        if actor not in outlooks:
            outlooks[actor] = Outlook.at_table(state, player.weights)
        options = legal_actions(state, actor)
        action = options[0] if len(options) == 1 and not isinstance(options[0], EndTurn) else \
            player.choice_in(state, actor, outlooks[actor], options)
        GAME.apply(state, actor, action)
        if state.trades:
            answer_trades(state)
    if state.turn == turn and state.phase != OVER and not state.pending:
        GAME.apply(state, state.current, EndTurn())
