"""Which Lords of Vegas commands ask "are you sure?" before they are sent: the final and the expensive.

Ending a turn while money is unspent and something could still be bought is final (the turn does not come
back); a raise or a remodel is the dearest thing a player buys. The thresholds are the player's
(`vegas play --confirm-over N`, `--no-confirm`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vegas_table.client.lords.rules import legal_texts, try_action
from vegas_table.engine.lords.actions import EndTurn, Raise, Remodel, parse_action

SPENDING = ("build", "sprawl", "remodel", "raise")  # what a turn's money can still buy


def question(action_text: str, view: Mapping[str, Any], seat: int | None, over: int) -> str | None:
    """The question to ask before sending `action_text`, or None if it goes at once. `over`: the cost
    from which a raise or a remodel is confirmed."""
    if seat is None:
        return None
    action = parse_action(action_text)
    money = int(view["seats"][seat]["money"])
    if isinstance(action, EndTurn):
        could = sorted({t.split()[0] for t in legal_texts(view, seat) if t.split()[0] in SPENDING},
                       key=SPENDING.index)
        if could and money > 0:
            return f"End your turn with ${money}m unspent (you could still {', '.join(could)})? Enter again ends it."
        return None
    if isinstance(action, Raise | Remodel):
        played = try_action(view, seat, action)
        cost = money - played[0].money[seat] if played else 0
        if cost >= over:
            return f"{action_text} costs ${cost}m of your ${money}m: Enter again to confirm, or edit the line."
    return None
