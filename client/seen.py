"""Facts read off a game's view (the dict the server streams) that screens of every game need.

A view names each seat by its colour (`"name": "Green"`): the game knows colours, the lobby knows people.
The client adds who sits at each seat (`with_players`, from the lobby's seat list) so every screen can say
`Green (Dan)` where the game says `Green`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any


def actor(view: Mapping[str, Any]) -> int | None:
    """The seat the game waits for: whoever owes a decision, else the current player (None once over)."""
    if view["phase"] == "over":
        return None
    pending = view.get("pending")
    return int(pending["seat"]) if pending else int(view["current"])


def with_players(view: Mapping[str, Any], players: Sequence[tuple[str, bool] | tuple[str, bool, str]]
                 ) -> dict[str, Any]:
    """A copy of `view` whose seats also hold who sits there: `"player"` (a name, "" if unknown), `"bot"`
    and `"away"` (since when the player's client is gone, "" while it follows the game), from
    `players[seat]` = (name, is a bot[, away since]).

    Only the seats are copied: the view the client follows is checked against the server's hashes and
    must stay as the server sent it."""
    seats = [{**seat, "player": players[i][0], "bot": players[i][1], "away": (players[i][2:] or ("",))[0]}
             if i < len(players) else dict(seat) for i, seat in enumerate(view["seats"])]
    return {**view, "seats": seats}


def away_text(view: Mapping[str, Any], seat: int) -> str:
    """`away` (with `since 14:05` when known) for a seat whose player's client is gone, else ""."""
    since = str(view["seats"][seat].get("away") or "")
    if not since:
        return ""
    clock = since[11:16] if len(since) >= 16 and since[10] == "T" else ""
    return f"away since {clock} UTC" if clock else "away"


def player_of(view: Mapping[str, Any], seat: int) -> str:
    """Who sits at `seat` ("" when unknown or when it is just the colour again)."""
    data = view["seats"][seat]
    player = str(data.get("player") or "")
    return "" if player.lower() == str(data["name"]).lower() else player


def seat_label(view: Mapping[str, Any], seat: int) -> str:
    """The seat as players call it: its colour and who sits there, `Green (Dan)`, `Blue (bot)`; the colour
    alone when nobody is known."""
    player = "bot" if view["seats"][seat].get("bot") else player_of(view, seat)
    name = str(view["seats"][seat]["name"])
    return f"{name} ({player})" if player else name


def name_players(text: str, view: Mapping[str, Any]) -> str:
    """`text` (a log line, which names seats by colour) with each seat's player beside its colour the first
    time it is named: `Green builds on A2` → `Green (Dan) builds on A2`. Only capitalized colours are seats
    (`a green casino` stays as it is)."""
    labels = {str(s["name"]): seat_label(view, i) for i, s in enumerate(view["seats"])}
    labels = {name: label for name, label in labels.items() if label != name}
    if not labels:
        return text
    done: set[str] = set()

    def swap(match: re.Match[str]) -> str:
        name = match.group(0)
        if name in done or text[match.end():match.end() + 2] == " (":
            return name
        done.add(name)
        return labels[name]

    return re.sub(r"\b(" + "|".join(map(re.escape, labels)) + r")\b", swap, text)


def places(view: Mapping[str, Any]) -> dict[str, Any]:
    """The places of the board a player watches change, by name: Lords of Vegas lots (tiles, owners, dice,
    colours), Las Vegas casinos (their dice)."""
    if "lots" in view:
        return dict(view["lots"])
    return {str(c["casino"]): c for c in view.get("casinos", ())}


def changed_places(view: Mapping[str, Any], before: Mapping[str, Any] | None) -> frozenset[str]:
    """The places that differ from `before` (a `places` of an earlier view): what happened since then."""
    if before is None:
        return frozenset()
    now = places(view)
    return frozenset(name for name in now.keys() | before.keys() if now.get(name) != before.get(name))
