"""Lords of Vegas decisions and trade offers as prompts: what is asked, of whom, and the possible answers.

The answers come from the engine's own list of legal answers (through the mirror), so a prompt never
offers a choice the server would refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vegas_table.client.choices import Choice, Prompt
from vegas_table.client.lords.rules import legal_entries
from vegas_table.client.render.lords import PENDING_WORDS, seat_name
from vegas_table.engine.lords.actions import AcceptTrade, Layoff, Place, RejectTrade, Remove, WithdrawTrade
from vegas_table.engine.lords.board import LOT_BY_NAME, LOTS


def _lot_label(view: Mapping[str, Any], lot: str) -> str:
    data = view["lots"].get(lot) or {}
    if "tile" in data:
        pips = data["die"][1] if data.get("die") else "no"
        return f"{lot} (your {pips} in a {data['tile']} casino)"
    return f"{lot} (parking lot, ${LOTS[LOT_BY_NAME[lot]].price}m)"


def _decision(view: Mapping[str, Any], seat: int | None) -> Prompt | None:
    pending = view.get("pending")
    if not pending:
        return None
    if pending["seat"] != seat:
        words = PENDING_WORDS.get(pending["kind"], pending["kind"]).format(**pending)
        return Prompt(f"Waiting for {seat_name(view, pending['seat'])} to {words}")
    answers = legal_entries(view, seat)
    kind = pending["kind"]
    if kind == "remove_marker":
        title = f"All your markers are down: which parking lot do you give up to take {pending['lot']}?"
    elif kind == "remove_die":
        title = f"All your dice are down: which die moves to {pending['lot']} (it will show {pending['pips']})?"
    elif kind == "place_die":
        rest = ", ".join(map(str, pending["values"]))
        title = f"Reorganized: which tile gets your {pending['values'][0]}? (dice to place: {rest})"
    else:
        gambler = seat_name(view, int(view["current"]))
        title = f"{gambler} bets ${pending['bet']}m at your casino on {pending['lot']}: lay off half the bet?"
    return Prompt(title, tuple(_answer(view, a) for a in answers), yours=True)


def _answer(view: Mapping[str, Any], action: Any) -> Choice:
    if isinstance(action, Remove):
        return Choice(_lot_label(view, action.lot), action.text())
    if isinstance(action, Place):
        return Choice(action.lot, action.text())
    if isinstance(action, Layoff):
        label = "yes: lay off half to the bank" if action.layoff else "no: keep the whole bet"
        return Choice(label, action.text())
    return Choice(action.text(), action.text())


def _trade_prompts(view: Mapping[str, Any], seat: int | None) -> list[Prompt]:
    answers = legal_entries(view, seat)
    prompts = []
    for trade in view.get("trades", ()):
        terms = ", ".join(trade["transfers"])
        ids = [a for a in answers if isinstance(a, AcceptTrade | RejectTrade | WithdrawTrade)
               and a.trade == trade["id"]]
        if seat == trade["proposer"]:
            waiting = [seat_name(view, p) for p in trade["parties"] if p not in trade["accepted"]]
            title = f"Your trade {trade['id']} ({terms}) waits for {', '.join(waiting)}"
        elif seat in trade["parties"] and seat not in trade["accepted"]:
            title = f"Trade {trade['id']} from {seat_name(view, trade['proposer'])}: {terms}"
        else:
            who = seat_name(view, trade["proposer"])
            prompts.append(Prompt(f"Trade {trade['id']} proposed by {who}: {terms}"))
            continue
        prompts.append(Prompt(title, tuple(Choice(_trade_label(a), a.text()) for a in ids), yours=True))
    return prompts


def _trade_label(action: Any) -> str:
    if isinstance(action, AcceptTrade):
        return "accept" + (f", giving up {' '.join(action.removes)} to make room" if action.removes else "")
    return "reject" if isinstance(action, RejectTrade) else "withdraw"


def lords_prompts(view: Mapping[str, Any], seat: int | None) -> list[Prompt]:
    """The open questions of the game as `seat` sees them: a pending decision first, then trades."""
    if view["phase"] == "over":
        return []
    decision = _decision(view, seat)
    return ([decision] if decision else []) + _trade_prompts(view, seat)
