"""Benchmark: whole random games of Las Vegas per second, through the generic `Game` interface.

A "random game" is what a simulator does with random bots: create the game, then until it is over ask
who acts, list that seat's legal actions and apply one of them chosen uniformly. The choices come from a
generator of the engine's own (`Rng`, seeded here), so every machine plays the same games. `vegas bench`
calls `random_games_per_second`; for comparison, the PyPI `lasvegas` package plays about 1,000-1,600
random 2-player games per second.

This is the one engine module that reads a clock (the stdlib's benchmark timer); the rules never import it.
"""

from __future__ import annotations

from collections.abc import Callable
from timeit import default_timer
from typing import Any

from engine.core.api import GameConfig
from engine.core.rng import Rng
from engine.lasvegas.game import LAS_VEGAS


def play_random_game(config: GameConfig, chooser: Rng) -> int:
    """Play one game with uniformly random legal actions; return how many actions were applied."""
    game = LAS_VEGAS
    state, _ = game.new(config)
    actions = 0
    while not game.is_over(state):
        seat = game.actors(state)[0]
        options = game.legal_actions(state, seat)
        game.apply(state, seat, options[chooser.below(len(options))])
        actions += 1
    return actions


def random_games_per_second(seconds: float, players: int = 2, options: tuple[str, ...] = (),
                            clock: Callable[[], float] = default_timer) -> dict[str, Any]:
    """Play random games for about `seconds` (at least one) and say how many per second.

    The default is the comparison figure: 2 players, no modules. `options` must be sorted.
    """
    chooser = Rng("bench/chooser")
    games = actions = 0
    started = clock()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        config = GameConfig("lasvegas", "base", players, f"bench/{games}", options)
        actions += play_random_game(config, chooser)
        games += 1
        elapsed = clock() - started
    return {"name": "lasvegas_random_games", "players": players, "options": list(options), "games": games,
            "actions": actions, "seconds": elapsed, "games_per_second": games / elapsed,
            "actions_per_game": actions / games}
