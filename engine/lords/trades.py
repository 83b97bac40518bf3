"""Trades among any number of players, at any time (rulebook 000 "At Any Time: Trading", RULINGS).

A trade lists transfers of money, parking lots, dice in casinos and (option underworld) Underworld cards.
It is proposed by one of its parties, accepted by each of them, and happens all at once when the last one
accepts, or fails (and says why) if something in it is no longer possible. Any party may reject it; its
proposer may withdraw it; open trades expire when the turn ends. A receiver without a free marker or die
names, when accepting (or proposing), the parking lots or dice they give up to make room.
"""

from __future__ import annotations

from collections import Counter

from vegas_table.engine.core.api import Event
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.lords.actions import AcceptTrade, ProposeTrade, RejectTrade, WithdrawTrade
from vegas_table.engine.lords.board import BLOCK_OF, LOTS
from vegas_table.engine.lords.casinos import settle_ties
from vegas_table.engine.lords.checks import check_open, illegal, lot_index
from vegas_table.engine.lords.events import TradeAccepted, TradeClosed, TradeCompleted, TradeProposed
from vegas_table.engine.lords.holdings import put_marker, touched
from vegas_table.engine.lords.state import DICE_PER_PLAYER, MARKERS_PER_PLAYER, LordsState, Trade, Transfer
from vegas_table.engine.lords.steps import Owed
from vegas_table.engine.lords.trade_steps import check_steps, execute_steps, has_steps
from vegas_table.engine.lords.underworld import check_cards, give_cards

MAX_TRANSFERS = 48


def _seat(state: LordsState, action: object, colour: str) -> int:
    if colour not in state.names:
        raise illegal(action, "unknown_player", f"nobody plays {colour} in this game (players: "
                      f"{', '.join(state.names)})")
    return state.names.index(colour)


def _check_terms(state: LordsState, action: object, transfers: tuple[Transfer, ...]) -> tuple[int, ...]:
    """Check that every transfer is possible now; return the parties in seat order."""
    if len(transfers) > MAX_TRANSFERS:
        raise illegal(action, "bad_trade", f"a trade has at most {MAX_TRANSFERS} transfers")
    if has_steps(transfers):  # a trade with an action happens in order: each step is judged in its turn
        return check_steps(state, action, transfers)
    items: set[str] = set()
    parties: set[int] = set()
    for t in transfers:
        giver, receiver = _seat(state, action, t.giver), _seat(state, action, t.receiver)
        if giver == receiver:
            raise illegal(action, "bad_trade", f"{t.text()}: a player cannot trade with themselves")
        parties |= {giver, receiver}
        if t.item == "money":
            if t.amount < 1:
                raise illegal(action, "bad_trade", f"{t.text()}: an amount of money is at least $1m")
            continue
        if t.item == "card":
            continue
        if t.lot in items:
            raise illegal(action, "bad_trade", f"{t.lot} appears twice in the trade")
        items.add(t.lot)
        lot = lot_index(t.lot)
        owner = state.marker[lot] if t.item == "lot" else state.die_owner[lot]
        if owner != giver:
            what = "parking lot" if t.item == "lot" else "die"
            raise illegal(action, "not_owner", f"{state.name(giver)} has no {what} on {t.lot}")
    check_cards(state, action, transfers)
    for seat, change in enumerate(_money_change(state, transfers)):
        if state.money[seat] + change < 0:
            raise illegal(action, "insufficient_funds", f"{state.name(seat)} has ${state.money[seat]}m and "
                          f"would have to pay ${-change}m")
    return tuple(sorted(parties))


def _money_change(state: LordsState, transfers: tuple[Transfer, ...]) -> list[int]:
    change = [0] * state.players
    for t in transfers:
        if t.item == "money":
            change[state.names.index(t.giver)] -= t.amount
            change[state.names.index(t.receiver)] += t.amount
    return change


def _room_needed(state: LordsState, seat: int, transfers: tuple[Transfer, ...]) -> tuple[int, int]:
    """How many markers and dice `seat` must give up to receive what the trade gives them."""
    name = state.names[seat]
    flow: Counter[str] = Counter()
    for t in transfers:
        if t.item in ("lot", "die"):
            flow[t.item] += (t.receiver == name) - (t.giver == name)
    markers = flow["lot"] - (MARKERS_PER_PLAYER - state.markers_down(seat))
    dice = flow["die"] - (DICE_PER_PLAYER - state.dice_down(seat))
    return max(0, markers), max(0, dice)


def _check_removes(state: LordsState, action: object, seat: int, transfers: tuple[Transfer, ...],
                   removes: tuple[str, ...], exact: bool) -> None:
    """The lots `seat` gives up must be theirs, outside the trade, and make exactly the room needed."""
    traded = {t.lot for t in transfers if t.item in ("lot", "die")}
    markers = dice = 0
    for name in removes:
        lot = lot_index(name)
        if name in traded:
            raise illegal(action, "bad_remove", f"{name} is part of the trade; give up something else")
        if state.marker[lot] == seat:
            markers += 1
        elif state.die_owner[lot] == seat:
            dice += 1
        else:
            raise illegal(action, "bad_remove", f"you have neither a marker nor a die on {name}")
    if len(set(removes)) != len(removes):
        raise illegal(action, "bad_remove", "a lot is named twice after 'remove'")
    need_markers, need_dice = _room_needed(state, seat, transfers)
    short = markers < need_markers or dice < need_dice
    if short or (exact and (markers, dice) != (need_markers, need_dice)):
        raise illegal(action, "no_room", f"{state.name(seat)} must give up {need_markers} parking lot(s) and "
                      f"{need_dice} die/dice to receive this (named {markers} and {dice})")


def do_propose(state: LordsState, seat: int, action: ProposeTrade, events: list[Event], owed: Owed) -> None:
    check_open(state, action)
    parties = _check_terms(state, action, action.transfers)
    if seat not in parties:
        raise illegal(action, "not_a_party", "you can only propose a trade you take part in")
    _check_removes(state, action, seat, action.transfers, action.removes, exact=True)
    trade = Trade(state.next_trade, seat, action.transfers, parties, [seat], {seat: action.removes})
    state.next_trade += 1
    state.trades.append(trade)
    events.append(TradeProposed(trade.id, seat, ", ".join(t.text() for t in trade.transfers), parties))


def find_trade(state: LordsState, action: AcceptTrade | RejectTrade | WithdrawTrade) -> Trade:
    for trade in state.trades:
        if trade.id == action.trade:
            return trade
    open_ids = ", ".join(str(t.id) for t in state.trades) or "none"
    raise illegal(action, "unknown_trade", f"there is no open trade {action.trade} (open: {open_ids})")


def do_accept(state: LordsState, seat: int, action: AcceptTrade, events: list[Event], owed: Owed) -> None:
    check_open(state, action)
    trade = find_trade(state, action)
    if seat not in trade.parties:
        raise illegal(action, "not_a_party", f"trade {trade.id} does not name you")
    if seat in trade.accepted:
        raise illegal(action, "already_accepted", f"you have already accepted trade {trade.id}")
    _check_removes(state, action, seat, trade.transfers, action.removes, exact=True)
    trade.accepted.append(seat)
    trade.removes[seat] = action.removes
    events.append(TradeAccepted(trade.id, seat))
    if len(trade.accepted) == len(trade.parties):
        _execute(state, trade, action, events, owed)


def do_reject(state: LordsState, seat: int, action: RejectTrade, events: list[Event], owed: Owed) -> None:
    check_open(state, action)
    trade = find_trade(state, action)
    if seat not in trade.parties:
        raise illegal(action, "not_a_party", f"trade {trade.id} does not name you")
    state.trades.remove(trade)
    events.append(TradeClosed(trade.id, "rejected", seat, ""))


def do_withdraw(state: LordsState, seat: int, action: WithdrawTrade, events: list[Event], owed: Owed) -> None:
    check_open(state, action)
    trade = find_trade(state, action)
    if seat != trade.proposer:
        raise illegal(action, "not_proposer", f"only {state.name(trade.proposer)} can withdraw trade {trade.id}")
    state.trades.remove(trade)
    events.append(TradeClosed(trade.id, "withdrawn", seat, ""))


def _execute(state: LordsState, trade: Trade, action: AcceptTrade, events: list[Event], owed: Owed) -> None:
    """Everyone accepted: do it all at once, or fail as a whole if part of it is no longer possible."""
    state.trades.remove(trade)
    try:
        _check_terms(state, action, trade.transfers)
        for seat in trade.parties:
            _check_removes(state, action, seat, trade.transfers, trade.removes.get(seat, ()), exact=False)
    except IllegalAction as why:
        reason = why.message.split(": ", 1)[-1]
        events.append(TradeClosed(trade.id, "failed", -1, reason))
        return
    blocks: set[int] = set()
    removed: list[tuple[int, str]] = []
    for seat in trade.parties:
        for name in trade.removes.get(seat, ()):
            lot = lot_index(name)
            if state.marker[lot] == seat:
                put_marker(state, lot, -1)
            else:
                state.die_owner[lot], state.die_pips[lot], state.reorganized[lot] = -1, 0, False
                touched(state, lot)
                blocks.add(BLOCK_OF[lot])
            removed.append((seat, name))
    if has_steps(trade.transfers):
        settle_ties(state, events, sorted(blocks))
        execute_steps(state, trade, removed, owed)
        return
    change = _money_change(state, trade.transfers)
    for seat, delta in enumerate(change):
        state.money[seat] += delta
    give_cards(state, trade.transfers)
    for t in trade.transfers:
        if t.item in ("lot", "die"):
            lot = lot_index(t.lot)
            receiver = state.names.index(t.receiver)
            if t.item == "lot":
                put_marker(state, lot, receiver)
            else:
                state.die_owner[lot] = receiver
                touched(state, lot)
                blocks.add(BLOCK_OF[lot])
    terms = ", ".join(t.text() for t in trade.transfers)
    events.append(TradeCompleted(trade.id, terms, tuple((s, d) for s, d in enumerate(change) if d),
                                 tuple(removed)))
    settle_ties(state, events, sorted(blocks))


def default_removes(state: LordsState, seat: int, transfers: tuple[Transfer, ...]) -> tuple[str, ...] | None:
    """The lowest-numbered markers and dice outside the trade that make the room `seat` needs, if any."""
    need_markers, need_dice = _room_needed(state, seat, transfers)
    traded = {t.lot for t in transfers if t.item in ("lot", "die")}
    markers = [LOTS[i].name for i in range(len(LOTS)) if state.marker[i] == seat and LOTS[i].name not in traded]
    dice = [LOTS[i].name for i in range(len(LOTS)) if state.die_owner[i] == seat and LOTS[i].name not in traded]
    if len(markers) < need_markers or len(dice) < need_dice:
        return None
    return tuple(markers[:need_markers] + dice[:need_dice])
