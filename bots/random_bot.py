"""The random bot: a uniformly random legal action (bets uniformly random within their range)."""

from __future__ import annotations

import random
from typing import Any

from bots.base import concrete
from engine.core.api import Game


class RandomBot:
    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, game: Game[Any], state: Any, seat: int) -> Any:
        options = game.legal_actions(state, seat)
        if not options:
            raise ValueError(f"seat {seat} has no legal action")
        return concrete(self.rng.choice(options), self.rng)
