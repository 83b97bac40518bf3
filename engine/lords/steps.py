"""What a turn still owes, as data: rule functions push steps here and one loop (`play.perform`) does them.

A rule calls the rules below it and owes those above it: when its work needs a part of the rules that stands
above its module (a card that ends the game, an answered decision that resumes the draw step, a trade whose
step is an action, played by that action's rule), it pushes a step instead of calling back, and the loop does the
step once the rule returns, before anything that was owed earlier. So every rule module imports only what
lies below it, and the engine reads bottom-up.

`Owed` is a stack: the step done next is last. `owe(owed, a, b)` puts `a` then `b` ahead of what is owed
already, so a step's own follow-ups are done before the steps that were waiting behind it (as a call
finishes before its caller goes on). The stack lives for one `apply`; between actions nothing is owed but
the pending decisions, which `LordsState.pending` keeps (with what they resume).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vegas_table.engine.lords.state import Trade


@dataclass(slots=True)
class TradeRun:
    """A trade with an action step under way (`trade_steps.py`): the money its steps moved so far, the steps
    done, and why it stopped (empty while it goes on)."""

    trade: Trade
    removed: tuple[tuple[int, str], ...]
    change: list[int]
    done: list[str] = field(default_factory=list)
    stop: str = ""


@dataclass(frozen=True, slots=True)
class TradeAction:
    """Step `number` (from 1) of the trade `run`: `seat` plays `action` by its rule, as if alone; if the rule
    refuses it, the trade stops there (`trade_steps.acted`) and the acceptance that set it off stands."""

    run: TradeRun
    number: int
    seat: int
    action: Any


@dataclass(frozen=True, slots=True)
class TradeStep:
    """The trade goes on after its step `number` (from 1; 0 before the first): those are done, or one of
    them stopped it."""

    run: TradeRun
    number: int


@dataclass(frozen=True, slots=True)
class FinishDraw:
    """The draw step resumes once its decisions are made: ties (of `blocks` too), payments, scoring."""

    blocks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Finish:
    """The game ends now, for `reason` (`turn.finish`)."""

    reason: str


Step = TradeAction | TradeStep | FinishDraw | Finish
Owed = list[Step]


def owe(owed: Owed, *steps: Step) -> None:
    """Do `steps` in this order, next, before whatever was owed already."""
    owed.extend(reversed(steps))
