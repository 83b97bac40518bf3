"""The greedy Lords of Vegas player: the action that most raises the position's value, until none does.

It decides from its seat's view and its legal actions only. It rebuilds the position the view shows
(`Game.determinize`: the deck's order, which it never draws from, is a sample), tries each legal action on
a copy with the engine's own rules, and values the result (`value.value`: its expected points and money
against the best opponent's). Chance is sampled: a reorganization is tried several times with the bot's
own dice. When nothing raises the value, it considers a gamble (only when behind, or short of money for a
buy that would pay, and never in the casino of the strongest opponent), then ends its turn. With the
Underworld, acquiring a card and using one are actions like the others: the value counts what the cards in
front of a seat should still bring it (`bots.lords.cardvalue`), so a card is bought when that beats its
price in points at the money's rate. tests/bots/test_lords_greedy.py holds it to each rule on a built position.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.bots.base import Choice, Turn
from vegas_table.bots.choices import back, engine_option
from vegas_table.bots.lords.dealing import best_deal
from vegas_table.bots.lords.manners import NO_MANNERS, Manners, fair
from vegas_table.bots.lords.value import PLAIN, Outlook, Weights, value, worths
from vegas_table.engine.core.api import ActionRange
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lords.actions import (
    AcceptTrade,
    EndTurn,
    Gamble,
    Layoff,
    ProposeTrade,
    RejectTrade,
    Reorganize,
    UseCard,
    WithdrawTrade,
)
from vegas_table.engine.lords.board import LOT_BY_NAME, LOTS
from vegas_table.engine.lords.casinos import boss
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.holdings import touched
from vegas_table.engine.lords.legal import legal_actions
from vegas_table.engine.lords.state import DICE_PER_PLAYER, LordsState, Transfer

REORG_SAMPLES = 12  # rerolls tried per reorganization
WORTH_DOING = 0.05  # points an action must add to be taken (no moves for nothing)
ACCEPT_MARGIN = 0.3  # points a trade must add to be accepted
KEY_TRADE = 1.0  # points a trade the bot offers must add for it
KEY_BUY = 1.5  # points a buy must add for the bot to gamble for its price
BEHIND = 8.0  # points behind the strongest opponent at which gambling is worth its cost
RICH = 200  # $m added to a position to list the buys the bot cannot afford yet


class LordsGreedy:
    """Chooses one Lords of Vegas action from a view and the legal actions (engine objects)."""

    def __init__(self, seed: int | str = 0, weights: Weights = PLAIN, deals: bool = False,
                 rolls: int = REORG_SAMPLES) -> None:
        self.rng = random.Random(str(seed))
        self.weights = weights
        self.deals = deals  # propose the best deal a greedy partner accepts (`bots.lords.dealing`)
        self.rolls = rolls  # rerolls tried per reorganization (fewer in a search's simulated turns)
        self.offered: tuple[int, set[ProposeTrade]] = (-1, set())  # the turn, and the offers made in it
        self.people: frozenset[int] = frozenset()  # the seats people play (`GameInfo.people`): table manners
        self.why = ""  # a few words on the last decision (why it refused an offer), for the table's log

    def choose(self, turn: Turn) -> Choice:
        """The bot SDK's decision: `decide` on the turn's view and legal actions, given back as one of them."""
        self.people = turn.info.people
        options = [engine_option(GAME, option) for option in turn.legal]
        return back(self.decide(turn.view, options), options, turn.legal)

    def decide(self, view: Mapping[str, Any], options: Sequence[Any]) -> Any:
        """The chosen action (an engine action; a bet is a concrete `Gamble`), as the seat plays it."""
        self.why = ""
        chosen = self.choice(view, options)
        self.remember(view, chosen)
        return chosen

    def remember(self, view: Mapping[str, Any], action: Any) -> None:
        """Remember an offer the seat makes, so that it is not made again this turn (the partner would be
        asked again at once, and refuse again). Only what is played counts: the search ranks greedy's choice
        (`choice`) among its candidates and tells greedy what it played (`bots.lords.search_model`)."""
        if not isinstance(action, ProposeTrade):
            return
        turn = int(view["turn"])
        if self.offered[0] != turn:
            self.offered = (turn, set())
        self.offered[1].add(action)

    def choice(self, view: Mapping[str, Any], options: Sequence[Any]) -> Any:
        """What `decide` plays, without remembering it."""
        if len(options) == 1 and not isinstance(options[0], EndTurn):
            return options[0]
        seat = int(view["viewer"])
        outlook = Outlook.of(view, self.weights)
        base = GAME.determinize(view, int(view["viewer"]), self.rng)
        return self.choice_in(base, seat, outlook, options)

    def choice_in(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any]) -> Any:
        """What greedy plays at `seat` in the full position `base` (its view's, or a search's sample, which a
        turn never reads the hidden part of), judging by `outlook`; `options` are the seat's legal actions."""
        if base.pending and base.pending[0].kind == "layoff":
            return self._layoff(base, seat, outlook)
        if base.pending:  # a decision: the best of its answers, however they compare with now
            return max(options, key=lambda option: self.expected(base, seat, option, outlook))
        gains = self.gains(base, seat, outlook, options)
        if gains and max(gains.values()) > WORTH_DOING:
            deal = self.deal(base, seat, outlook, options, gains)
            return max(gains, key=lambda option: gains[option]) if deal is None else deal
        return self.otherwise(base, seat, outlook, options, gains)

    def otherwise(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any],
                  plain: Mapping[Any, float] | None = None) -> Any:
        """What the seat does when no plain action is worth doing: a gamble, an offer, refusing a trade, or
        ending the turn. `plain`: what each plain action adds (`gains`)."""
        bet = self._gamble(base, seat, outlook, options)
        if bet is not None:
            return bet
        offer = self._offer(base, seat, outlook, options, plain)
        if offer is not None:
            return offer
        rejects = [o for o in options if isinstance(o, RejectTrade)]
        if rejects:
            self.why = refusal(rejects[0], plain or {}, base.name(seat))
        ends = [o for o in options if isinstance(o, EndTurn)]
        return (rejects or ends or list(options))[0]

    def gains(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any]) -> dict[Any, float]:
        """What each plain action (no bet, no end, no refusal) adds to the position's value; a trade must
        add `ACCEPT_MARGIN` more."""
        now = value(base, seat, outlook)
        gains = {}
        for option in options:
            if isinstance(option, (ActionRange, EndTurn, RejectTrade, WithdrawTrade)):
                continue
            margin = ACCEPT_MARGIN if isinstance(option, AcceptTrade) else 0.0
            gains[option] = self.expected(base, seat, option, outlook) - now - margin
        return gains

    def ranked(self, view: Mapping[str, Any], options: Sequence[Any], limit: int) -> list[Any]:
        """At most `limit` concrete actions worth considering, best first by the greedy's judgement: its own
        choice, then the plain actions by gain, ending the turn, and a few bets (smallest, half, most)."""
        choice = self.choice(view, options)
        seat = int(view["viewer"])
        base = GAME.determinize(view, int(view["viewer"]), self.rng)
        outlook = Outlook.of(view, self.weights)
        if view.get("pending"):
            gains = {o: self.expected(base, seat, o, outlook) for o in options if not isinstance(o, ActionRange)}
        else:
            gains = self.gains(base, seat, outlook, options)
        order = sorted(gains, key=lambda option: -gains[option])
        rest = [o for o in options if isinstance(o, (EndTurn, RejectTrade))]
        for option in options:
            if isinstance(option, ActionRange):
                rest += [option.at(b) for b in sorted({option.low, (option.low + option.high) // 2, option.high})]
        ranked = ([choice] + [o for o in order + rest if o != choice])[:limit]
        ends = [o for o in options if isinstance(o, EndTurn)]
        return ranked + [e for e in ends if e not in ranked]

    def expected(self, base: LordsState, seat: int, action: Any, outlook: Outlook) -> float:
        """The mean value of the position after `action`, over samples of the dice it rolls."""
        samples = self.rolls if isinstance(action, Reorganize) or rerolls(base, action) else 1
        total = 0.0
        for k in range(samples):
            state = base.clone()
            state.rng = Rng(f"{base.rng.seed}/{k}")
            try:
                play_out(state, seat, action)
            except IllegalAction:
                return float("-inf")
            total += value(state, seat, outlook)
        return total / samples

    @staticmethod
    def accepting(state: LordsState, seat: int, answer: AcceptTrade, outlook: Outlook,
                  margin: float = 0.0) -> LordsState | None:
        """The position once `seat`'s `answer` has made its trade happen, if greedy would give that answer (the
        trade adds `ACCEPT_MARGIN` and `WORTH_DOING`, and `margin` more, to its value); else None. A deal's
        partner is predicted by it (`bots.lords.dealing`), and so are a trade's parties in a playout."""
        found = LordsGreedy.answering(state, seat, answer, outlook, margin)
        return found[1] if found is not None and found[0] > 0 else None

    @staticmethod
    def answering(state: LordsState, seat: int, answer: AcceptTrade, outlook: Outlook, margin: float = 0.0
                  ) -> tuple[float, LordsState] | None:
        """How far what `seat`'s `answer` adds to its value is past what greedy asks of a trade (`ACCEPT_MARGIN`,
        `WORTH_DOING` and `margin`): greedy accepts above 0; and the position once the trade has happened. None
        if the rules refuse it."""
        after = state.clone()
        try:
            play_out(after, seat, answer)
        except IllegalAction:
            return None
        gain = value(after, seat, outlook) - value(state, seat, outlook) - ACCEPT_MARGIN
        return gain - (WORTH_DOING + margin), after

    def _layoff(self, base: LordsState, seat: int, outlook: Outlook) -> Layoff:
        """As the House: lay off (halve the swing) when leading, keep the whole bet's edge otherwise."""
        each = worths(base, outlook)
        leading = each[seat] >= max(each)
        return Layoff(leading)

    def _gamble(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any]) -> Any:
        """A bet, never in a casino of the strongest opponent, at the table that can cover it: the shortfall of a
        buy it cannot afford worth `KEY_BUY` points, or the most it may when `BEHIND` with two turns left; else
        None."""
        ranges = [o for o in options if isinstance(o, ActionRange) and isinstance(o.base, Gamble)]
        if not ranges:
            return None
        each = worths(base, outlook)
        strongest = max((s for s in range(base.players) if s != seat), key=lambda s: each[s])
        tables = []
        for option in ranges:
            lots = base.casinos[base.casino_of[LOT_BY_NAME[option.base.lot]]]
            house = boss(base, lots)
            if house != strongest:
                tables.append((option.high, -each[house], option))
        if not tables:
            return None
        limit, _, table = max(tables, key=lambda t: (t[0], t[1]))
        short = self._shortfall(base, seat, outlook)
        if short is not None and short <= limit:
            return table.at(max(short, 1))
        turns_left = outlook.draws_left / base.players
        if each[seat] < each[strongest] - BEHIND and turns_left >= 2:
            return table.at(limit)
        return None

    def deal(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any],
             plain: Mapping[Any, float] | None = None) -> ProposeTrade | None:
        """The deal to propose before any plain action, when the seat makes deals: one worth more to it, with
        the action it opens, than the best of `plain` (what each plain action adds, `gains`, worked out here if
        not given); else None. At two seats too: a deal greedy accepts there is one its static value misjudges
        (it does not count the build the lot sold opens to the buyer)."""
        if not self.deals:
            return None
        if plain is None:
            plain = self.gains(base, seat, outlook, options)
        return self._offer(base, seat, outlook, options, plain, max(plain.values(), default=0.0))

    def _offer(self, base: LordsState, seat: int, outlook: Outlook, options: Sequence[Any],
               plain: Mapping[Any, float] | None = None, beat: float = 0.0) -> ProposeTrade | None:
        """A trade to propose, on the seat's own turn (ending it among the `options`): when it makes deals, the
        best deal (`bots.lords.dealing`) worth more than `beat` (the best plain action's gain), else the
        purchase of a die (`_die_offer`). One open offer at a time, never one made already this turn
        (`remember`), and table manners with people (`bots.lords.manners`): one offer to each a turn, and none
        that takes something of theirs for nothing."""
        if not any(isinstance(o, EndTurn) for o in options) or any(t.proposer == seat for t in base.trades):
            return None
        made = self.offered[1] if self.offered[0] == base.turn else set()
        manners = Manners.of(self.people, made, base.names)
        offer = best_deal(self, base, seat, outlook, plain, beat, manners) if self.deals else \
            self._die_offer(base, seat, outlook, manners)
        if offer is None or offer in made or not fair(offer, base.names, self.people):
            return None
        return offer

    def _die_offer(self, base: LordsState, seat: int, outlook: Outlook,
                   manners: Manners = NO_MANNERS) -> ProposeTrade | None:
        """An offer to buy the die that makes another player boss of a casino where the seat has a die, at
        what the die is worth to its owner (plus $1m), when the casino is worth more than that to the seat;
        never to a person `manners` says it has asked this turn."""
        if base.dice_down(seat) >= DICE_PER_PLAYER:
            return None
        now = value(base, seat, outlook)
        before = worths(base, outlook)
        best: tuple[float, ProposeTrade] | None = None
        for lots in base.casinos.values():
            chief = boss(base, lots)
            if chief in (-1, seat) or not manners.may_ask(chief) or all(base.die_owner[lot] != seat for lot in lots):
                continue
            top = max((lot for lot in lots if base.die_owner[lot] == chief), key=lambda lot: base.die_pips[lot])
            after = base.clone()
            after.die_owner[top] = seat
            touched(after, top)  # the index of what each seat holds (engine/lords/holdings.py)
            if boss(after, lots) != seat:
                continue
            loss = before[chief] - worths(after, outlook)[chief]
            price = max(1, math.ceil(loss / outlook.money) + 1)
            if price > base.money[seat]:
                continue
            after.money[seat] -= price
            after.money[chief] += price
            gain = value(after, seat, outlook) - now
            if gain > KEY_TRADE and (best is None or gain > best[0]):
                me, them = base.names[seat], base.names[chief]
                best = (gain, ProposeTrade((Transfer(me, them, "money", amount=price),
                                            Transfer(them, me, "die", lot=LOTS[top].name))))
        return best[1] if best else None

    def _shortfall(self, base: LordsState, seat: int, outlook: Outlook) -> int | None:
        """The money missing for the best buy the seat cannot afford, if that buy is worth a gamble."""
        rich = base.clone()
        rich.money[seat] += RICH
        now = value(rich, seat, outlook)
        best: tuple[float, int] | None = None
        for option in legal_actions(rich, seat):
            if isinstance(option, (ActionRange, EndTurn, AcceptTrade, RejectTrade, WithdrawTrade, Reorganize)):
                continue
            cost = price(rich, option)
            if cost <= base.money[seat]:
                continue
            gain = self.expected(rich, seat, option, outlook) - now
            if gain > KEY_BUY and (best is None or gain > best[0]):
                best = (gain, cost - base.money[seat])
        return best[1] if best else None


def refusal(reject: RejectTrade, gains: Mapping[Any, float], name: str) -> str:
    """Why `name` refuses the trade `reject` closes, in a few words, from what accepting it would add (`gains`,
    `ACCEPT_MARGIN` taken off): a loss, too small a gain, or a trade it cannot take part in now."""
    accepts = [gain for option, gain in gains.items()
               if isinstance(option, AcceptTrade) and option.trade == reject.trade]
    best = max(accepts, default=float("-inf")) + ACCEPT_MARGIN
    if best == float("-inf"):
        return f"{name} cannot make this trade now"
    if best < 0:
        return f"it would cost {name} {-best:.2f} points"
    return f"too little in it for {name} ({best:+.2f} points)"


def rerolls(state: LordsState, action: Any) -> bool:
    """Whether `action` uses an Underworld card that rolls dice (its outcome is sampled like a reorganization)."""
    if not isinstance(action, UseCard) or state.uw is None:
        return False
    return any(e.op == "reroll" for card in state.uw.cards if card.id == action.card for e in card.on_use)


def price(state: LordsState, action: Any) -> int:
    """What a development action costs in `state` (the money it takes from its player)."""
    probe = state.clone()
    seat = probe.current
    before = probe.money[seat]
    try:
        GAME.apply(probe, seat, action)
    except IllegalAction:
        return 1 << 30
    return before - probe.money[seat]


def play_out(state: LordsState, seat: int, action: Any) -> None:
    """Apply `action`, then everything it leaves waiting: every party's acceptance of a trade, and each
    decision it asked for answered with its first (default) answer."""
    GAME.apply(state, seat, action)
    if isinstance(action, AcceptTrade):
        trade = next((t for t in state.trades if t.id == action.trade), None)
        for party in trade.parties if trade else ():
            if party not in trade.accepted:  # type: ignore[union-attr]
                answers = [a for a in legal_actions(state, party) if isinstance(a, AcceptTrade)
                           and a.trade == action.trade]
                if not answers:
                    raise IllegalAction("no_room", "a party cannot take part")
                GAME.apply(state, party, answers[0])
    while state.pending:
        head = state.pending[0]
        GAME.apply(state, head.seat, legal_actions(state, head.seat)[0])

