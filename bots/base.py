"""What a bot is: something that picks one of a seat's legal actions, given the game and its state.

A bot gets its own `random.Random`, seeded by whoever runs it, so simulations are reproducible. (Bots are
players, not rules: their choices are recorded as actions, so replays never depend on a bot's generator.)
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.core.api import ActionRange, Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game[Any], state: Any, seat: int) -> Any: ...


def concrete(option: Any, rng: random.Random) -> Any:
    """A concrete action from one legal-action entry: an `ActionRange` becomes one of its values."""
    if isinstance(option, ActionRange):
        return option.at(rng.randint(option.low, option.high))
    return option
