"""Trades that include an action the current player performs now (rulebooks 000, 001, 003: "You may trade an
action you perform this turn for money"): such a trade happens step by step, in the order its terms are
written, and "if something stops an element of a trade from occurring ..., the subsequent steps of the trade
do not occur" (seed 003); the steps already done stay done.

    trade black>blue $8, blue>black die C1, black does remodel C1 aqua, black>blue die C1

Only the current player can perform an action in a trade (no player may ever take an action on another
player's turn), and only a turn action (build, sprawl, remodel, reorg, raise, gamble, acquire, use); it is
checked and applied by the same rules as when played alone. An action that asks a player for a decision
(all dice down, a layoff, placing reorganized dice) stops the trade there: the decision is made as usual
and the rest of the trade does not happen (a ruling). Trades without an action term happen all at once,
as before (`engine/lords/trades.py`).
"""

from __future__ import annotations

from vegas_table.engine.core.api import Event
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.actions import parse_action
from vegas_table.engine.lords.board import BLOCK_OF
from vegas_table.engine.lords.casinos import settle_ties
from vegas_table.engine.lords.checks import illegal, lot_index
from vegas_table.engine.lords.events import TradeClosed, TradeCompleted
from vegas_table.engine.lords.holdings import put_marker, touched
from vegas_table.engine.lords.state import OVER, LordsState, Trade, Transfer
from vegas_table.engine.lords.steps import Owed, TradeAction, TradeRun, TradeStep, owe
from vegas_table.engine.lords.underworld import check_cards, give_cards


def has_steps(transfers: tuple[Transfer, ...]) -> bool:
    """Whether a trade includes an action, and so happens step by step."""
    return any(t.item == "action" for t in transfers)


def check_steps(state: LordsState, action: object, transfers: tuple[Transfer, ...]) -> tuple[int, ...]:
    """What can be checked before the steps run (who is named, what kind of step); the parties in seat order.

    Whether each step is possible is judged when its turn comes: earlier steps change what later ones need."""
    parties: set[int] = set()
    for t in transfers:
        giver = _seat(state, action, t.giver)
        parties.add(giver)
        if t.item == "action":
            if giver != state.current:
                raise illegal(action, "not_your_turn", f"{t.text()}: only {state.name(state.current)}, whose turn "
                              "it is, can perform an action in a trade")
            continue
        receiver = _seat(state, action, t.receiver)
        if giver == receiver:
            raise illegal(action, "bad_trade", f"{t.text()}: a player cannot trade with themselves")
        parties.add(receiver)
        if t.item == "money" and t.amount < 1:
            raise illegal(action, "bad_trade", f"{t.text()}: an amount of money is at least $1m")
        if t.item == "card" and state.uw is None:
            raise illegal(action, "not_in_rules", "Underworld cards need the 'underworld' option")
    return tuple(sorted(parties))


def _seat(state: LordsState, action: object, colour: str) -> int:
    if colour not in state.names:
        raise illegal(action, "unknown_player", f"nobody plays {colour} in this game (players: "
                      f"{', '.join(state.names)})")
    return state.names.index(colour)


def execute_steps(state: LordsState, trade: Trade, removed: list[tuple[int, str]], owed: Owed) -> None:
    """Run the trade's steps in order until one cannot happen (`step`); report what was done and where it
    stopped. An action step is played by its own rule, above this module: owed (`TradeAction`)."""
    owe(owed, TradeStep(TradeRun(trade, tuple(removed), [0] * state.players), 0))


def step(state: LordsState, at: TradeStep, events: list[Event], owed: Owed) -> None:
    """The trade goes on after step `at.number`: its next steps up to an action (owed, with the rest of the
    trade after it), or to the end of the trade, where what was done is reported."""
    run, number = at.run, at.number
    transfers = run.trade.transfers
    while True:
        if number and not run.stop:
            if state.phase == OVER:
                run.stop = f"the game ended at step {number}"
            elif state.pending and number < len(transfers):
                run.stop = f"step {number} ({transfers[number - 1].text()}) waits for a decision, so the rest " \
                           "does not happen"
        if run.stop or number == len(transfers):
            break
        t = transfers[number]
        number += 1
        if t.item == "action":
            owe(owed, TradeAction(run, number, state.names.index(t.giver), parse_action(t.action)),
                TradeStep(run, number))
            return
        try:
            _step(state, t, run.change, events)
        except IllegalAction as why:
            acted(run, number, why)
            continue
        acted(run, number, None)
    events.append(TradeCompleted(run.trade.id, ", ".join(run.done),
                                 tuple((s, d) for s, d in enumerate(run.change) if d), run.removed))
    if run.stop:
        events.append(TradeClosed(run.trade.id, "stopped", -1, run.stop))


def acted(run: TradeRun, number: int, why: IllegalAction | None) -> None:
    """Step `number` happened, or (`why`) it could not happen: the trade stops there."""
    t = run.trade.transfers[number - 1]
    if why is None:
        run.done.append(t.text())
    else:
        run.stop = f"step {number} ({t.text()}) cannot happen: {why.message.split(': ', 1)[-1]}"


def _step(state: LordsState, t: Transfer, change: list[int], events: list[Event]) -> None:
    """One step that is not an action, checked then done; IllegalAction (nothing changed) if it cannot happen
    now."""
    giver = state.names.index(t.giver)
    receiver = state.names.index(t.receiver)
    if t.item == "money":
        if state.money[giver] < t.amount:
            raise illegal(t, "insufficient_funds", f"{state.name(giver)} has ${state.money[giver]}m")
        state.money[giver] -= t.amount
        state.money[receiver] += t.amount
        change[giver] -= t.amount
        change[receiver] += t.amount
    elif t.item == "card":
        check_cards(state, t, (t,))
        give_cards(state, (t,))
    else:
        lot = lot_index(t.lot)
        mine = state.marker if t.item == "lot" else state.die_owner
        if mine[lot] != giver:
            what = "parking lot" if t.item == "lot" else "die"
            raise illegal(t, "not_owner", f"{state.name(giver)} has no {what} on {t.lot}")
        if t.item == "lot":
            put_marker(state, lot, receiver)
        else:
            state.die_owner[lot] = receiver
            touched(state, lot)
            settle_ties(state, events, (BLOCK_OF[lot],))
