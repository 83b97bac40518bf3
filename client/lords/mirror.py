"""A rules mirror: the engine's state rebuilt from what a player sees, so the client can ask the real rules.

A Lords of Vegas view hides only the deck order and the seed, and neither matters for which actions are
legal now. Rebuilding a `LordsState` from the view (with the engine's one view-to-state,
`engine/lords/unview.py`, which `determinize` stands on too; the decks left empty) lets completion and
validation-as-you-type use the engine's `legal_actions` and refusal sentences instead of a second copy of
the rules. The server stays the authority: the mirror only advises the player before they press Enter. (A
test plays many positions and checks that the mirror's legal actions are exactly the real state's, so a
change in the engine's state shows up there.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from vegas_table.engine.core.errors import EngineError
from vegas_table.engine.lords.state import LordsState
from vegas_table.engine.lords.unview import state_of_view
from vegas_table.engine.lords.views import LordsView

MIRROR_SEED = "client-mirror"  # the real seed is secret until the end; the mirror never rolls for real


def mirror_state(view: Mapping[str, Any]) -> LordsState | None:
    """The state behind a Lords of Vegas view, or None if the view cannot be read as one."""
    try:
        return state_of_view(cast(LordsView, view), MIRROR_SEED)
    except (KeyError, TypeError, ValueError, IndexError, AssertionError, EngineError):
        return None
