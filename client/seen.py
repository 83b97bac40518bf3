"""Facts read off a game's view (the dict the server streams) that screens of every game need."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def actor(view: Mapping[str, Any]) -> int | None:
    """The seat the game waits for: whoever owes a decision, else the current player (None once over)."""
    if view["phase"] == "over":
        return None
    pending = view.get("pending")
    return int(pending["seat"]) if pending else int(view["current"])
