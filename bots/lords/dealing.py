"""Deals: trades a partner accepts, at the price it would just accept, that pay the seat proposing them.

Lords of Vegas is a trading game, and at four seats a trade is rarely a zero-sum one: two players who swap
what each is better placed to use both gain on the other two. A deal here moves one item between the seat
and one opponent, a parking lot or a die either way, with money either way. The partner's answer is
predicted as the greedy bot answers (`bots.lords.greedy`: it accepts when the trade adds `ACCEPT_MARGIN` and
`WORTH_DOING` to its value), which needs nothing hidden: the value reads the board, the money and the deck's
public make-up. The price is found by bisection, as the least money the seat pays (or the most it asks) at
which the partner still accepts: the partner's gain only grows with the money it gets. The seat proposes the
deal that adds most to its own value, counting the best action the deal opens to it (a lot bought next to
its casino is worth the casino built on it), when that is more than `KEY_TRADE` points.

Playing it is honest: every deal is judged on the bot's determinized copy of what its view shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bots.lords.value import Outlook, value
from engine.core.errors import IllegalAction
from engine.lords.actions import AcceptTrade, ProposeTrade
from engine.lords.board import LOT_COUNT, LOTS
from engine.lords.game import LORDS_OF_VEGAS as GAME
from engine.lords.legal import legal_actions
from engine.lords.state import LordsState, Transfer

if TYPE_CHECKING:
    from bots.lords.greedy import LordsGreedy

KEY_TRADE = 0.5  # points a deal must add for the seat to propose it (1.0 won fewer games: docs/BOTS.md)
SURE = 0.05  # points of the partner's gain, past what it asks of a trade, kept as a margin


def best_deal(greedy: LordsGreedy, base: LordsState, seat: int, outlook: Outlook) -> ProposeTrade | None:
    """The deal worth most to `seat` (its own gain by `greedy`'s judgement, past `KEY_TRADE`), or None."""
    now = value(base, seat, outlook)
    best: tuple[float, ProposeTrade] | None = None
    for partner in range(base.players):
        if partner == seat:
            continue
        for goods in _goods(base, seat, partner):
            found = _priced(greedy, base, seat, partner, goods, outlook, now)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
    return best[1] if best else None


def _goods(state: LordsState, seat: int, partner: int) -> list[Transfer]:
    """What the two may hand each other besides money: each parking lot (a marker, no casino yet) or die of
    either. (Swaps of a parking lot of each were tried too, and won no more games: docs/BOTS.md.)"""
    me, them = state.names[seat], state.names[partner]
    goods = []
    for lot in range(LOT_COUNT):
        kind = "die" if state.tile[lot] >= 0 else "lot"
        owner = state.die_owner[lot] if kind == "die" else state.marker[lot]
        if owner == partner:
            goods.append(Transfer(them, me, kind, lot=LOTS[lot].name))
        elif owner == seat:
            goods.append(Transfer(me, them, kind, lot=LOTS[lot].name))
    return goods


def _priced(greedy: LordsGreedy, base: LordsState, seat: int, partner: int, goods: Transfer,
            outlook: Outlook, now: float) -> tuple[float, ProposeTrade] | None:
    """The deal of `goods` at the price the partner would just accept, with what it adds for `seat`; None if
    the partner would refuse it at any price the two can pay, or it adds too little."""
    low, high = -base.money[partner], base.money[seat]  # money the seat pays (negative: it is paid)
    trial = _trial(greedy, base, seat, partner, goods, high, outlook)
    if trial is None:
        return None
    while high - low > 1:  # the partner accepts at `high`, not at `low` (or `low` is the most it can pay)
        middle = (low + high) // 2
        found = _trial(greedy, base, seat, partner, goods, middle, outlook)
        if found is not None:
            high, trial = middle, found
        else:
            low = middle
    offer, after = trial
    gain = value(after, seat, outlook) - now
    if after.current == seat and not after.pending:
        opened = greedy.gains(after, seat, outlook, legal_actions(after, seat))
        gain += max(0.0, *opened.values()) if opened else 0.0
    return (gain, offer) if gain > KEY_TRADE else None


def _trial(greedy: LordsGreedy, base: LordsState, seat: int, partner: int, goods: Transfer,
           money: int, outlook: Outlook) -> tuple[ProposeTrade, LordsState] | None:
    """The deal of `goods` with `money` paid by the seat (or to it), and the position once it has happened, if
    the partner would accept it; None if it would not, or the rules refuse it."""
    me, them = base.names[seat], base.names[partner]
    payment = [Transfer(me, them, "money", amount=money)] if money > 0 else \
        [Transfer(them, me, "money", amount=-money)] if money < 0 else []
    offer = ProposeTrade((goods, *payment))
    proposed = base.clone()
    try:
        GAME.apply(proposed, seat, offer)
    except IllegalAction:
        return None
    trade = proposed.trades[-1].id
    answer = next((a for a in legal_actions(proposed, partner) if isinstance(a, AcceptTrade) and a.trade == trade),
                  None)
    after = None if answer is None else greedy.accepting(proposed, partner, answer, outlook, SURE)
    return None if after is None else (offer, after)
