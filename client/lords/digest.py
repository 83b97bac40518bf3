"""What changed for you since your last turn ended, in sentences: Lords of Vegas.

Worked out from two views, the one the turn ended on and today's, so it says what the table did to you
whatever you answered meanwhile (an offer accepted, a decision made): money and points, casinos whose boss
changed where you were or are boss, your dice that moved or changed hands, your parking lots that did, the
cards drawn, and the events a view does not keep (trades done, Underworld cards acquired and used).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.client.seen import seat_label
from vegas_table.engine.lords.board import lots_name

View = Mapping[str, Any]
# what only the events tell: trades done, Underworld cards acquired and used and what they did
KEPT_EVENTS = (" done: ", " acquires ", " uses ", " rerolls dice of ", " turns the die on ", " acts on the ")


def casino_words(casino: Mapping[str, Any]) -> str:
    """`the gold casino C2-C4` (`C2+4` for a long one): its colour first, so it is never taken for a seat."""
    return f"the {casino['colour']} casino {lots_name(casino['lots'])}"


def _who(view: View, seat: int | None, me: int) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == me else seat_label(view, seat)


def _money_and_points(before: View, after: View, me: int) -> list[str]:
    lines = []
    for seat, (was, now) in enumerate(zip(before["seats"], after["seats"], strict=True)):
        changes = []
        if was["money"] != now["money"]:
            changes.append(f"${was['money']}m → ${now['money']}m")
        if was["score"] != now["score"]:
            changes.append(f"{was['score']} → {now['score']} points")
        if changes:
            who = "You" if seat == me else seat_label(after, seat)
            lines.append(f"{who}: {', '.join(changes)}.")
    return lines


def _bosses(before: View, after: View, me: int) -> list[str]:
    """Casinos you were or are boss of whose boss changed (a casino is known by any of its lots)."""
    was_boss = {lot: c.get("boss") for c in before["casinos"] for lot in c["lots"]}
    lines = []
    for casino in after["casinos"]:
        boss = casino.get("boss")
        previous = {was_boss[lot] for lot in casino["lots"] if lot in was_boss}
        if not previous or previous == {boss} or (me not in previous and boss != me):
            continue
        if boss == me:
            lines.append(f"You are now boss of {casino_words(casino)}.")
        else:
            lines.append(f"You are no longer boss of {casino_words(casino)}: {_who(after, boss, me)} is.")
    return lines


def _lots(before: View, after: View, me: int) -> list[str]:
    """Your dice and parking lots that changed: pips, owner, gone."""
    lines = []
    for lot, was in sorted(before["lots"].items()):
        now = after["lots"].get(lot, {})
        if was.get("marker") == me and now.get("marker") != me:
            lines.append(f"Your parking lot {lot} is now {_who(after, now.get('marker'), me)}'s."
                         if "marker" in now else f"Your parking lot {lot} is gone.")
        die, new = was.get("die"), now.get("die")
        if not die or die[0] != me or die == new:
            continue
        if new and new[0] == me:
            lines.append(f"Your die on {lot} went from {die[1]} to {new[1]}.")
        elif new:
            lines.append(f"Your die on {lot} is now {_who(after, new[0], me)}'s {new[1]}.")
        else:
            lines.append(f"Your die on {lot} is gone.")
    return lines


def lords_digest(before: View, after: View, me: int, events: Sequence[str]) -> list[str]:
    """The sentences of what changed for seat `me` between the views `before` and `after`, with `events`
    (the log's sentences in between) for what views do not keep."""
    drawn = list(after["discard_pile"][len(before["discard_pile"]):])
    lines = [*_money_and_points(before, after, me), *_bosses(before, after, me), *_lots(before, after, me)]
    if drawn:
        lines.append(f"Cards drawn: {', '.join(drawn)}.")
    mine = seat_label(after, me)
    lines += [text for text in events if any(mark in text for mark in KEPT_EVENTS)
              or (mine in text and " bet $" in text)]  # a gamble at your casino
    return lines or ["Nothing changed for you."]
