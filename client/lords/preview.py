"""What a Lords of Vegas command will cost and do, said on the line under it before Enter.

A command without chance (build, sprawl, remodel, raise, a decision) is played on a copy of the rules
mirror and its cost and consequences are read off the result: the money it takes, the casinos it merges,
who is boss after. A trade offered or accepted is said in its terms (`client.lords.trades`): what you give,
what you get, who else must agree. A command that rolls or draws (gamble, reorganize, the end of the turn) is
described in words and odds: the mirror's dice are not the game's, so no outcome is ever shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from vegas_table.client.choices import Prompt
from vegas_table.client.lords.commands import resolve
from vegas_table.client.lords.rules import try_action
from vegas_table.client.lords.trades import acceptance, proposal
from vegas_table.client.orders import Answer, CommandError, Order, Propose, Submit
from vegas_table.engine.lords.actions import EndTurn, Gamble, Layoff, ProposeTrade, Reorganize, parse_action
from vegas_table.engine.lords.board import COLOURS, LOT_BY_NAME, LOTS
from vegas_table.engine.lords.casinos import boss
from vegas_table.engine.lords.events import BossTie, CasinosMerged
from vegas_table.engine.lords.gamble import PAYS_DOUBLE, PAYS_EVEN

TWO_DICE = [a + b for a in range(1, 7) for b in range(1, 7)]
DOUBLE = Fraction(sum(t in PAYS_DOUBLE for t in TWO_DICE), 36)
EVEN = Fraction(sum(t in PAYS_EVEN for t in TWO_DICE), 36)
LOSE = 1 - DOUBLE - EVEN


def percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.0f}%"


HOUSE_EDGE = LOSE - EVEN - 2 * DOUBLE  # what a bet loses on average, as a share of the bet
GAMBLE_ODDS = (f"2d6: 2 or 12 pays double ({percent(DOUBLE)}), 3, 4, 9, 10 or 11 pays the bet ({percent(EVEN)}), "
               f"5 to 8 loses it ({percent(LOSE)}); on average a bet loses {float(HOUSE_EDGE * 100):.1f}%")


def _money(view: Mapping[str, Any], seat: int) -> int:
    return int(view["seats"][seat]["money"])


def _cost(cost: int, money: int) -> str:
    return f"costs ${cost}m of your ${money}m, ${money - cost}m left" if cost > 0 else "costs nothing"


def _casino_of(view: Mapping[str, Any], lot: str) -> Mapping[str, Any] | None:
    return next((c for c in view["casinos"] if lot in c["lots"]), None)


def _worded(action: Any, view: Mapping[str, Any], seat: int) -> str | None:
    """The commands with chance in them, in words (never played on the mirror)."""
    money = _money(view, seat)
    if isinstance(action, Gamble):
        casino = _casino_of(view, action.lot)
        house = view["seats"][int(casino["boss"])]["name"] if casino and casino.get("boss") is not None else "?"
        return (f"bet ${action.bet}m of ${money}m against {house}: 3-4 or 9-11 win ${action.bet}m, 2 or 12 win "
                f"${2 * action.bet}m, 5-8 lose ({percent(DOUBLE + EVEN)} win; help gamble)")
    if isinstance(action, Reorganize):
        casino = _casino_of(view, action.lot)
        dice = [view["lots"][lot]["die"][1] for lot in casino["lots"] if view["lots"][lot].get("die")] \
            if casino else []
        return f"{_cost(sum(dice), money)} (the pips on the casino's dice): each of its dice is rolled again"
    if isinstance(action, EndTurn):
        nxt = view["seats"][(int(view["current"]) + 1) % int(view["players"])]["name"]
        return f"ends your turn with ${money}m; {nxt} draws a card and plays next"
    if isinstance(action, Layoff):
        return ("the bank takes half the bet: you pay or collect half" if action.layoff
                else "you keep the whole bet: you pay or collect all of it")
    return None


def _casino_after(after: Any, lot: int, names: list[str], merged: bool, tie: bool) -> str:
    """`makes one 3-space gold casino C4-C5-C8, boss Green`: the casino `lot` is in afterwards."""
    lots = after.casinos[after.casino_of[lot]]
    colour, height = COLOURS[after.tile[lot]], after.height[lot]
    shape = f"{len(lots)}-space {colour} casino" + (f", {height} high," if height > 1 else "")
    where = "-".join(LOTS[i].name for i in lots) if len(lots) <= 4 else f"{LOTS[lots[0]].name}+{len(lots) - 1}"
    who = boss(after, lots)
    owner = "boss tie, rerolled" if tie else (f"boss {names[who]}" if who >= 0 else "no boss")
    return f"{'merged: ' if merged else ''}{shape} {where}, {owner}"


def preview(action: Any, view: Mapping[str, Any], seat: int) -> str | None:
    """One line on what `action` will cost and do for `seat` in `view`; None if the mirror cannot tell."""
    worded = _worded(action, view, seat)
    if worded is not None:
        return f"{action.text()}: {worded}"
    played = try_action(view, seat, action)
    if played is None:
        return None
    after, events = played
    names = [str(s["name"]) for s in view["seats"]]
    money = _money(view, seat)
    parts = [_cost(money - after.money[seat], money)]
    lot = LOT_BY_NAME.get(str(getattr(action, "lot", "")), -1)
    if lot >= 0 and after.tile[lot] >= 0:
        parts.append(_casino_after(after, lot, names, any(isinstance(e, CasinosMerged) for e in events),
                                   any(isinstance(e, BossTie) for e in events)))
    return f"{action.text()}: " + " → ".join(parts)


def _said(order: Order, view: Mapping[str, Any], seat: int) -> str | None:
    """What the order will do: a trade in its terms, an action by `preview`; None for a refusal or a
    withdrawal (they change nothing of yours)."""
    route = order.route
    if isinstance(route, Propose):
        action = parse_action(order.action)
        return proposal(action, view, seat) if isinstance(action, ProposeTrade) else None
    if isinstance(route, Answer):
        return acceptance(route.trade_id, route.removes, view, seat) if route.answer == "accept" else None
    return preview(parse_action(order.action), view, seat) if isinstance(route, Submit) else None


def preview_text(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> str | None:
    """The preview of the command on the line (`preview`), if it is a valid one; how a shorthand reads first."""
    if seat is None:
        return None
    try:
        order = resolve(text, view, seat, prompts)
    except CommandError:
        return None
    said = _said(order, view, seat)
    if said and order.note:  # `sprawl C5 = sprawl B5 C5: ...`: how the shorthand reads, then what it does
        return f"{' '.join(text.split())} = {said}"
    return said
