"""Planning a Lords of Vegas turn: the best sequence of the seat's own actions to the end of its turn.

Greedy takes one action at a time, the one that most raises the value as if the turn ended right after it,
so it misses what only pays with a second action (sprawl, then sprawl again to merge; keeping money for a
better buy than the first one in sight). A turn has almost no chance inside it (the cards are drawn
between turns; only a reorganization rolls dice), so its sequences can be searched without sampling: a
beam search over the seat's own actions, each sequence valued by greedy's value at its end, and the first
action of the best sequence played. The next decision plans again from the position it leaves.

A reorganization is a leaf, valued by greedy's mean over sampled rerolls (`LordsGreedy.expected`).
Everything that is not the seat's own plan (decisions, trades, gambles, offers, the House's layoff) is
greedy's, as is the judgement (`Weights`). It reads only the seat's view, like greedy: the position is
`Game.determinize`'s, whose hidden parts (the deck's order) a turn never reaches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vegas_table.bots.lords.greedy import WORTH_DOING, LordsGreedy, play_out, rerolls
from vegas_table.bots.lords.value import PLAIN, Outlook, Weights, value
from vegas_table.bots.settings import named_numbers
from vegas_table.engine.core.api import ActionRange
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.actions import (
    AcceptTrade,
    EndTurn,
    ProposeTrade,
    RejectTrade,
    Reorganize,
    WithdrawTrade,
)
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.legal import legal_actions
from vegas_table.engine.lords.state import LordsState

NOT_PLANNED = (ActionRange, EndTurn, AcceptTrade, RejectTrade, WithdrawTrade, ProposeTrade)  # left to greedy


@dataclass(frozen=True, slots=True)
class Reach:
    """How far the planner looks: the sequences kept at each step, and the most actions in a sequence."""

    width: int = 6
    depth: int = 5

    @classmethod
    def parse(cls, text: str) -> Reach:
        """`width=4:depth=3` (either may be left out); ValueError names what is wrong."""
        return cls(**named_numbers(text, cls.__slots__, int, least=1))


AHEAD = Reach()  # the planner's default reach


@dataclass(frozen=True, slots=True)
class Line:
    """A sequence of the seat's actions from the decision's position: its first action, every action's text
    (in order, to tell sequences apart), the position at its end (None after a reorganization, whose dice
    end what can be planned) and that position's value."""

    first: Any
    actions: tuple[str, ...]
    state: LordsState | None
    worth: float


class LordsPlanner:
    """Chooses one Lords of Vegas action: the first of the best planned sequence of the turn, else greedy's."""

    def __init__(self, seed: int | str = 0, weights: Weights = PLAIN, reach: Reach = AHEAD,
                 deals: bool = False) -> None:
        self.greedy = LordsGreedy(seed, weights, deals)  # with `deals`, its `otherwise` proposes them
        self.reach = reach

    def decide(self, view: Mapping[str, Any], options: Sequence[Any]) -> Any:
        """The chosen action (an engine action). Decisions, trade answers and a turn with nothing worth
        planning are greedy's."""
        if view.get("pending") or not any(isinstance(o, EndTurn) for o in options):
            return self.greedy.decide(view, options)
        seat = int(view["viewer"])
        outlook = Outlook.of(view, self.greedy.weights)
        base = GAME.determinize(view, seat, self.greedy.rng)
        best = self.plan(base, seat, outlook, options)
        if best is not None:
            return best.first
        action = self.greedy.otherwise(base, seat, outlook, options)
        self.greedy.remember(view, action)  # an offer refused is not made again this turn
        return action

    def plan(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any]) -> Line | None:
        """The best sequence of at most `reach.depth` actions whose end is worth more than `WORTH_DOING`
        above now (the first of `lines`); None if no sequence is worth doing."""
        found = self.lines(base, seat, outlook, options)
        return found[0] if found else None

    def lines(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any]) -> list[Line]:
        """Every sequence the beam search kept whose end is worth more than `WORTH_DOING` above now, best
        first (the shorter first among equals): a beam search of `reach.depth` steps, `reach.width` sequences
        kept at each step, best first; sequences of the same actions in another order count once."""
        now = value(base, seat, outlook)
        beam = [Line(None, (), base, now)]
        kept: list[Line] = []
        for _ in range(self.reach.depth):
            grown: dict[frozenset[str], Line] = {}
            for line in beam:
                for child in self.extend(line, seat, outlook, options):
                    key = frozenset(child.actions)
                    if key not in grown or child.worth > grown[key].worth:
                        grown[key] = child
            beam = sorted(grown.values(), key=lambda line: -line.worth)[:self.reach.width]
            kept += [line for line in beam if line.worth > now + WORTH_DOING]
            beam = [line for line in beam if line.state is not None]
        return sorted(kept, key=lambda line: -line.worth)

    def extend(self, line: Line, seat: int, outlook: Outlook, first: Sequence[Any]) -> list[Line]:
        """Every sequence one action longer than `line` (at the root, the decision's own legal `first`)."""
        state = line.state
        assert state is not None
        options = first if not line.actions else legal_actions(state, seat)
        grown = []
        for action in options:
            if isinstance(action, NOT_PLANNED):
                continue
            after: LordsState | None
            if isinstance(action, Reorganize) or rerolls(state, action):
                after, worth = None, self.greedy.expected(state, seat, action, outlook)
                if worth == float("-inf"):
                    continue
            else:
                after = state.clone()
                try:
                    play_out(after, seat, action)
                except IllegalAction:
                    continue
                worth = value(after, seat, outlook)
            grown.append(Line(line.first if line.actions else action, (*line.actions, action.text()), after, worth))
        return grown
