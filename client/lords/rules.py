"""What the rules say about an action in the position a player sees, asked of the engine through the mirror.

`legal_texts` lists the canonical texts a seat may play now (a bet range as `gamble B4 1..12`), for
completion; `refusal` is the sentence the engine would refuse an action with, for validation as you type;
`try_action` plays an action on a copy of the mirror, for the preview of what it will cost and do. All of it
is advice: the server decides, and its refusal is what the player finally reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vegas_table.client.lords.mirror import mirror_state
from vegas_table.engine.core.api import ActionRange, Event
from vegas_table.engine.core.errors import EngineError
from vegas_table.engine.lords.legal import legal_actions
from vegas_table.engine.lords.state import LordsState

_LAST: list[tuple[Mapping[str, Any], LordsState | None]] = []  # the last view's mirror: typing asks it often


def mirror_of(view: Mapping[str, Any]) -> LordsState | None:
    """The mirror of `view`, rebuilt only when the view is a new one (every key typed asks for it)."""
    if not _LAST or _LAST[0][0] is not view:
        _LAST[:] = [(view, mirror_state(view))]
    return _LAST[0][1]


def legal_entries(view: Mapping[str, Any], seat: int | None) -> list[Any]:
    """The engine's legal-action entries for `seat` in `view` (empty for spectators or unreadable views)."""
    state = mirror_of(view) if seat is not None else None
    return legal_actions(state, seat) if state is not None and seat is not None else []


def legal_texts(view: Mapping[str, Any], seat: int | None) -> list[str]:
    return [entry.text() for entry in legal_entries(view, seat)]


def refusal(view: Mapping[str, Any], seat: int | None, action: Any) -> str | None:
    """Why the engine would refuse `action` from `seat` now, or None if it would accept it (or cannot tell)."""
    if seat is None:
        return f"{action.text()}: you are watching this game; only players act"
    state = mirror_of(view)
    if state is None:
        return None
    for entry in legal_actions(state, seat):
        if entry == action or (isinstance(entry, ActionRange) and action in entry):
            return None
    return _engine_says(state, seat, action)


def refusals(view: Mapping[str, Any], seat: int | None, actions: list[Any]) -> list[str | None]:
    """`refusal` of each of `actions`, listing the legal actions once (typing judges many candidates)."""
    if seat is None:
        return [f"{action.text()}: you are watching this game; only players act" for action in actions]
    state = mirror_of(view)
    if state is None:
        return [None for _ in actions]
    legal = legal_actions(state, seat)
    exact = {entry for entry in legal if not isinstance(entry, ActionRange)}
    ranges = [entry for entry in legal if isinstance(entry, ActionRange)]
    return [None if action in exact or any(action in r for r in ranges) else _engine_says(state, seat, action)
            for action in actions]


def try_action(view: Mapping[str, Any], seat: int, action: Any) -> tuple[LordsState, list[Event]] | None:
    """The position after `action` and its events, played on a copy of the mirror; None if the engine
    refuses it or cannot play it on the mirror (which has no deck: an end of turn draws)."""
    from vegas_table.engine.lords.game import LORDS_OF_VEGAS

    state = mirror_of(view)
    if state is None:
        return None
    after = state.clone()
    try:
        return after, list(LORDS_OF_VEGAS.apply(after, seat, action))
    except (EngineError, IndexError, KeyError, ValueError):
        return None


def _engine_says(state: LordsState, seat: int, action: Any) -> str | None:
    """Apply to a copy and keep the engine's refusal; the mirror has no deck, so a draw may fail: allowed."""
    from vegas_table.engine.lords.game import LORDS_OF_VEGAS

    try:
        LORDS_OF_VEGAS.apply(state.clone(), seat, action)
    except EngineError as error:
        return error.message
    except (IndexError, KeyError, ValueError):
        return None
    return None
