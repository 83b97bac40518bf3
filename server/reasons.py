"""A server bot's reason for its choice, on the table's log: a refusal says why (`Bot.reason`).

The reason is the table's, not the game's: the rules never see it, so the replay keeps the engine's own
events (a rejection's `reason` empty, the golden replays unchanged) and the API stays as it is. What carries
it is the event's existing `reason` field, filled on the Watch stream's copy of the event and so in its log
line ("Trade 8 rejected by Green: it would cost Green 1.4 points"): any event of the bot's action that has an
empty `reason` gets it, so nothing here knows a game's events by name.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from vegas_table.engine.core.api import Event


class Reason(NamedTuple):
    """What a bot said of the action it chose at `version`."""

    version: int
    action: str
    why: str


def told(events: list[Event], why: str) -> list[Event]:
    """`events` with `why` in the `reason` of each that has an empty one (copies; the originals unchanged)."""
    if not why:
        return events
    return [dataclasses.replace(e, reason=why) if _no_reason(e) else e for e in events]


def _no_reason(event: Event) -> bool:
    return dataclasses.is_dataclass(event) and getattr(event, "reason", None) == ""
