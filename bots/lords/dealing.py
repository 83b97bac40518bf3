"""Deals: trades a partner accepts, at the price it would just accept, that pay the seat proposing them.

Lords of Vegas is a trading game, and at four seats a trade is rarely a zero-sum one: two players who swap
what each is better placed to use both gain on the other two. At two seats it is, but the partner judges what
it hands over by what it is worth where it stands (a parking lot's income), not by what it opens to the seat
(the casino built on that lot next to the seat's own), so a deal it accepts can still pay.

A deal here moves one item between the seat and one opponent, a parking lot or a die either way, with money
either way. The partner's answer is
predicted as the greedy bot answers (`bots.lords.greedy`: it accepts when the trade adds `ACCEPT_MARGIN` and
`WORTH_DOING` to its value), which needs nothing hidden: the value reads the board, the money and the deck's
public make-up. The price is found by bisection, as the least money the seat pays (or the most it asks) at
which the partner still accepts: the partner's gain only grows with the money it gets. The seat proposes the
deal that adds most to its own value, counting the best action the deal opens to it (a lot bought next to
its casino is worth the casino built on it), when that is more than `KEY_TRADE` points, and more than the best
plain action is worth now (a deal is sought before plain actions too, not only when nothing else is worth
doing: the money of a sale or the lot of a purchase may open a better action than any there is now).

What an action after the deal adds is greedy's gain; an action the deal leaves alone (none of its lots near
what changed hands, and open before the deal too) is taken to add what it adds now, which the seat has just
worked out, so that only the few actions near the traded item are tried again.

With people at the table (`bots.lords.manners`), a person is offered one deal a turn at most, and a deal that
takes a person's lot or die pays for it: its price is sought from $1m up, never at nothing or less.

Playing it is honest: every deal is judged on the bot's determinized copy of what its view shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from vegas_table.bots.lords.manners import NO_MANNERS, Manners
from vegas_table.bots.lords.value import Outlook, value
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.actions import AcceptTrade, ProposeTrade
from vegas_table.engine.lords.board import LOT_BY_NAME, LOT_COUNT, LOTS
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.legal import legal_actions
from vegas_table.engine.lords.state import LordsState, Transfer

if TYPE_CHECKING:
    from vegas_table.bots.lords.greedy import LordsGreedy

KEY_TRADE = 0.5  # points a deal must add for the seat to propose it
SURE = 0.05  # points of the partner's gain, past what it asks of a trade, kept as a margin


def best_deal(greedy: LordsGreedy, base: LordsState, seat: int, outlook: Outlook,
              plain: Mapping[Any, float] | None = None, beat: float = 0.0,
              manners: Manners = NO_MANNERS) -> ProposeTrade | None:
    """The deal worth most to `seat` (its own gain by `greedy`'s judgement, with the best action it opens), if
    that is more than `KEY_TRADE` and `beat` (what the best plain action adds); else None. `plain`: what each
    plain action adds now (`LordsGreedy.gains`), reused for the actions a deal leaves alone; `manners`: the
    partners it may ask, and those it must pay for what it takes."""
    floor = max(KEY_TRADE, beat)
    now = value(base, seat, outlook)
    best: tuple[float, ProposeTrade] | None = None
    for partner in range(base.players):
        if partner == seat or not manners.may_ask(partner):
            continue
        for goods in _goods(base, seat, partner):
            paid = manners.must_pay(partner) and goods.giver == base.names[partner]
            found = _priced(greedy, base, seat, partner, goods, outlook, now, plain or {}, paid)
            if found is not None and found[0] > floor and (best is None or found[0] > best[0]):
                best = found
    return best[1] if best else None


def _goods(state: LordsState, seat: int, partner: int) -> list[Transfer]:
    """What the two may hand each other besides money: each parking lot (a marker, no casino yet) or die of
    either (a swap of two parking lots is not offered)."""
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
            outlook: Outlook, now: float, plain: Mapping[Any, float],
            paid: bool = False) -> tuple[float, ProposeTrade] | None:
    """The deal of `goods` at the price the partner would just accept, with what it adds for `seat`; None if
    the partner would refuse it at any price the two can pay (`paid`: at any price of $1m or more)."""
    low, high = -base.money[partner], base.money[seat]  # money the seat pays (negative: it is paid)
    if paid:
        low = 0  # the least price tried is low + 1: $1m
        if high < 1:
            return None
    trial = _trial(greedy, base, seat, partner, goods, high, outlook, None)
    if trial is None or not trial.accepted:
        return None
    found = _cheapest(lambda money: _trial(greedy, base, seat, partner, goods, money, outlook, trial.answer),
                      low, trial)
    gain = value(found.after, seat, outlook) - now
    if found.after.current == seat and not found.after.pending:
        gain += _opened(greedy, found.after, seat, outlook, plain, _near(base, goods))
    return gain, found.offer


def _cheapest(trial_at: Callable[[int], Trial | None], low: int, high: Trial) -> Trial:
    """The accepted trial of the least money in (`low`, `high.money`], by bisection: the partner's gain only
    grows with the money it gets. (A secant search, the partner's value being nearly linear in money, took more
    trials: the line bends where its best opponent changes.)"""
    while high.money - low > 1:
        middle = (low + high.money) // 2
        tried = trial_at(middle)
        if tried is not None and tried.accepted:
            high = tried
        else:
            low = middle
    return high


def _near(state: LordsState, goods: Transfer) -> set[str]:
    """The lots whose actions a deal of `goods` may change: its lot, the casino it is part of, and the lots
    next to either."""
    lot = LOT_BY_NAME[goods.lot]
    lots = set(state.casinos.get(state.casino_of[lot], ())) | {lot}
    return {LOTS[n].name for n in lots | {n for m in lots for n in LOTS[m].neighbours}}


def _opened(greedy: LordsGreedy, after: LordsState, seat: int, outlook: Outlook, plain: Mapping[Any, float],
            near: set[str]) -> float:
    """What the best action open after a deal adds (0 if none adds anything): what it adds now, from `plain`,
    for an action that was open before and touches no lot `near` the traded item; else tried anew."""
    best = 0.0
    fresh = []
    for option in legal_actions(after, seat):
        lots = {getattr(option, "lot", None), getattr(option, "from_lot", None)}
        if option in plain and not lots & near:
            best = max(best, plain[option])
        else:
            fresh.append(option)
    opened = greedy.gains(after, seat, outlook, fresh)
    return max(best, *opened.values()) if opened else best


class Trial(NamedTuple):
    """A deal tried at one price: the offer, what the partner gains past its threshold (it accepts above 0),
    the position once the deal has happened, and the partner's answer."""

    offer: ProposeTrade
    money: int
    surplus: float
    after: LordsState
    answer: AcceptTrade

    @property
    def accepted(self) -> bool:
        return self.surplus > 0


def _trial(greedy: LordsGreedy, base: LordsState, seat: int, partner: int, goods: Transfer, money: int,
           outlook: Outlook, answer: AcceptTrade | None) -> Trial | None:
    """The deal of `goods` with `money` paid by the seat (or to it), the partner answering it as greedy would
    (`answer`, found among its legal actions if None); None if the rules refuse it."""
    me, them = base.names[seat], base.names[partner]
    payment = [Transfer(me, them, "money", amount=money)] if money > 0 else \
        [Transfer(them, me, "money", amount=-money)] if money < 0 else []
    offer = ProposeTrade((goods, *payment))
    proposed = base.clone()
    try:
        GAME.apply(proposed, seat, offer)
    except IllegalAction:
        return None
    if answer is None:
        trade = proposed.trades[-1].id
        answer = next((a for a in legal_actions(proposed, partner)
                       if isinstance(a, AcceptTrade) and a.trade == trade), None)
    found = None if answer is None else greedy.answering(proposed, partner, answer, outlook, SURE)
    return None if found is None or answer is None else Trial(offer, money, found[0], found[1], answer)
