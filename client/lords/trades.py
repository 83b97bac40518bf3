"""A Lords of Vegas trade in the words of the player who reads it: what they give, what they get, who else
must agree. The previews of `trade ...` and `accept N` say this before Enter, because the money a trade
moves is only part of it (a lot or a die handed over costs no money, yet it may cost the game).

    you give Green (Dan) $5m and the die on D5 · you get lot A3 from Green (Dan)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.client.render.lords import seat_name
from vegas_table.engine.lords.actions import ProposeTrade, parse_action
from vegas_table.engine.lords.state import Transfer


def _item(transfer: Transfer) -> str:
    if transfer.item == "money":
        return f"${transfer.amount}m"
    if transfer.item == "die":
        return f"the die on {transfer.lot}"
    return f"{transfer.item} {transfer.lot or transfer.card}"


def _who(view: Mapping[str, Any], colour: str, seat: int) -> str:
    """`you`, or the seat whose colour the trade's text names, as players call it."""
    found = next((i for i, s in enumerate(view["seats"]) if s["colour"] == colour), None)
    return "you" if found == seat else seat_name(view, found) if found is not None else colour


def terms(transfers: Sequence[Transfer], view: Mapping[str, Any], seat: int) -> str:
    """The trade's parts, those between the same two players together, in the order they were written:
    `you give Green (Dan) $5m and lot A3 · you get the die on B4 from Green (Dan) · you build A2 gold`."""
    groups: dict[tuple[str, str] | int, list[str]] = {}
    for index, transfer in enumerate(transfers):
        key: tuple[str, str] | int = index if transfer.item == "action" else (transfer.giver, transfer.receiver)
        groups.setdefault(key, []).append(transfer.action if transfer.item == "action" else _item(transfer))
    parts = []
    for key, items in groups.items():
        if isinstance(key, int):
            doer = _who(view, transfers[key].giver, seat)
            parts.append(f"{doer} {items[0]}" if doer == "you" else f"{doer} does {items[0]}")
            continue
        giver, receiver = (_who(view, colour, seat) for colour in key)
        what = " and ".join(items)
        parts.append(f"you give {receiver} {what}" if giver == "you" else f"you get {what} from {giver}"
                     if receiver == "you" else f"{giver} gives {receiver} {what}")
    return " · ".join(parts)


def _removes(removes: Sequence[str]) -> str:
    return f" · you give up {' and '.join(removes)} to make room" if removes else ""


def proposal(action: ProposeTrade, view: Mapping[str, Any], seat: int) -> str:
    """`trade ...: you give ... · you get ... · Green (Dan) must accept`: what is offered, and to whom."""
    colours = dict.fromkeys(c for t in action.transfers for c in (t.giver, t.receiver) if c)
    others = [who for c in colours if (who := _who(view, c, seat)) != "you"]
    asked = f" · {' and '.join(others)} must accept" if others else ""
    return f"{action.text()}: {terms(action.transfers, view, seat)}{_removes(action.removes)}{asked}"


def acceptance(trade_id: int, removes: Sequence[str], view: Mapping[str, Any], seat: int) -> str | None:
    """`accept 1: you give ... · you get ... · it happens now` (or who it waits for); None if the view has no
    such trade."""
    trade = next((t for t in view.get("trades", ()) if t["id"] == trade_id), None)
    if trade is None:
        return None
    offered = parse_action("trade " + ", ".join(trade["transfers"]))
    assert isinstance(offered, ProposeTrade), "a trade's terms read back as a trade"
    waiting = [seat_name(view, p) for p in trade["parties"] if p != seat and p not in trade["accepted"]]
    then = f"then it waits for {' and '.join(waiting)}" if waiting else "the trade happens now"
    text = f"accept {trade_id}" + (f" remove {' '.join(removes)}" if removes else "")
    return f"{text}: {terms(offered.transfers, view, seat)}{_removes(removes)} · {then}"
