"""Known positions for client tests: games played by the engine from fixed seeds, so every run is identical."""

from __future__ import annotations

import random
from typing import Any

from vegas_table.bots.base import concrete
from vegas_table.engine import GameConfig, Match, get_game


def played(actions: int = 120, seed: str = "7", rules: str = "up", players: int = 4, bot_seed: int = 1,
           options: tuple[str, ...] = ()) -> Match:
    """A match after `actions` random legal actions (random bets at their lowest, so money lasts)."""
    match = Match(get_game("lords"), GameConfig("lords", rules, players, seed=seed, options=options))
    rng = random.Random(bot_seed)
    for _ in range(actions):
        if match.over:
            break
        seat = match.actors()[0]
        option = rng.choice(match.legal_actions(seat))
        match.play(seat, option.at(option.low) if hasattr(option, "at") else concrete(option, rng))
    return match


def mid_game_view(seat: int | None = 1) -> dict[str, Any]:
    """Turn 28 of seed 7: Blue to act with $2m, casinos on every block, Purple 1 tile left."""
    return played().view(seat)
