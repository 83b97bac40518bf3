"""Benchmark: whole random games of Las Vegas per second, through the generic `Game` interface.

A "random game" is what a simulator does with random bots: create the game, then until it is over ask
who acts, list that seat's legal actions and apply one chosen uniformly (with a seeded `random.Random`,
as `bots.random_bot` does: the choice is the bot's, so it is not engine chance). `vegas bench` calls
`random_games_per_second`; the PyPI `lasvegas` package, for comparison, plays about 1,000-1,600 such
games per second with 2 players.
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine.core.api import GameConfig
from engine.lasvegas.game import LAS_VEGAS


def play_random_game(config: GameConfig, chooser: random.Random) -> int:
    """Play one game with uniformly random legal actions; return how many actions were applied."""
    game = LAS_VEGAS
    state, _ = game.new(config)
    actions = 0
    while not game.is_over(state):
        seat = game.actors(state)[0]
        options = game.legal_actions(state, seat)
        game.apply(state, seat, chooser.choice(options))
        actions += 1
    return actions


def random_games_per_second(seconds: float, players: int = 2, options: tuple[str, ...] = ()) -> dict[str, Any]:
    """Play random games for about `seconds` and report how many per second (2 players, base game)."""
    chooser = random.Random("bench-chooser")
    games = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        config = GameConfig("lasvegas", "base", players, f"bench-{games}", options)
        actions += play_random_game(config, chooser)
        games += 1
        elapsed = time.perf_counter() - start
    return {"name": "lasvegas_random_games", "players": players, "options": list(options), "games": games,
            "actions": actions, "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1),
            "actions_per_game": round(actions / games, 1)}
