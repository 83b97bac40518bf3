"""Vegas Table's rules engine: a pure library (standard library only, no I/O, no clock, no global random).

A game is a configuration (game, rule set, options, players, seed) plus the list of actions applied to it;
replaying the list always gives the same states, events and hashes on any Python >= 3.11 and any platform.
"""

from vegas_table.engine.core.api import ActionRange, Game, GameConfig, Result
from vegas_table.engine.core.errors import ConfigError, EngineError, IllegalAction, MalformedAction
from vegas_table.engine.core.match import Match
from vegas_table.engine.registry import game_names, get_game

ENGINE_VERSION = "1"  # bump when any game's outcomes change: replays record it

__all__ = [
    "ENGINE_VERSION",
    "ActionRange",
    "ConfigError",
    "EngineError",
    "Game",
    "GameConfig",
    "IllegalAction",
    "MalformedAction",
    "Match",
    "Result",
    "game_names",
    "get_game",
]
