"""One action, played: its rule, then the one loop that does what the turn still owes (`steps.py`).

Each action has one rule (`RULES`); a rule changes the state, appends its events and may push steps it owes
to the rules above it. `perform` runs the rule, then pops the owed steps one by one and hands each to the
module whose work it is, until nothing is owed. Most actions owe nothing, and then the loop does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, assert_never

from vegas_table.engine.core.api import Event
from vegas_table.engine.core.errors import IllegalAction, MalformedAction
from vegas_table.engine.lords import actions as a
from vegas_table.engine.lords.checks import check_turn
from vegas_table.engine.lords.decisions import do_decision
from vegas_table.engine.lords.develop import do_build, do_raise, do_remodel, do_reorganize, do_sprawl
from vegas_table.engine.lords.gamble import do_gamble
from vegas_table.engine.lords.state import LordsState
from vegas_table.engine.lords.steps import Finish, FinishDraw, Owed, TradeAction, TradeStep
from vegas_table.engine.lords.trade_steps import acted, step
from vegas_table.engine.lords.trades import do_accept, do_propose, do_reject, do_withdraw
from vegas_table.engine.lords.turn import end_turn, finish, finish_draw
from vegas_table.engine.lords.underworld import do_acquire, do_use

Rule = Callable[[LordsState, int, Any, list[Event], Owed], None]


def _do_end(state: LordsState, seat: int, action: a.EndTurn, events: list[Event], owed: Owed) -> None:
    check_turn(state, seat, action)
    end_turn(state, events)


RULES: Mapping[type, Rule] = {
    a.Build: do_build, a.Sprawl: do_sprawl, a.Remodel: do_remodel, a.Reorganize: do_reorganize,
    a.Raise: do_raise, a.Gamble: do_gamble, a.Remove: do_decision, a.Place: do_decision,
    a.Layoff: do_decision, a.ProposeTrade: do_propose, a.AcceptTrade: do_accept, a.RejectTrade: do_reject,
    a.WithdrawTrade: do_withdraw, a.Acquire: do_acquire, a.UseCard: do_use, a.EndTurn: _do_end,
}


def perform(state: LordsState, seat: int, action: Any) -> list[Event]:
    """Play `seat`'s action and everything it owes; IllegalAction (state unchanged) if the rules forbid it."""
    rule = RULES.get(type(action))
    if rule is None:
        raise MalformedAction("malformed_action", f"{action!r} is not a Lords of Vegas action")
    events: list[Event] = []
    owed: Owed = []
    rule(state, seat, action, events, owed)
    while owed:
        _do(state, owed, events)
    return events


def _do(state: LordsState, owed: Owed, events: list[Event]) -> None:
    """Do the next owed step, by the module whose work it is."""
    match owed.pop():
        case TradeAction() as at:
            _trade_action(state, at, events, owed)
        case TradeStep() as at:
            step(state, at, events, owed)
        case FinishDraw(blocks):
            finish_draw(state, events, blocks)
        case Finish(reason):
            finish(state, events, reason)
        case other:
            assert_never(other)


def _trade_action(state: LordsState, at: TradeAction, events: list[Event], owed: Owed) -> None:
    """An action that is a step of a trade, by the action's own rule: refused, it stops the trade instead."""
    played: list[Event] = []
    try:
        RULES[type(at.action)](state, at.seat, at.action, played, owed)
    except IllegalAction as why:
        acted(at.run, at.number, why)
        return
    events += played
    acted(at.run, at.number, None)
