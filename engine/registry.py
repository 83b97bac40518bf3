"""Which games the engine knows, by the name used in configs, replays and the CLI (`--game`)."""

from __future__ import annotations

from typing import Any

from vegas_table.engine.core.api import Game, GameConfig
from vegas_table.engine.core.config import check_config as check_rules
from vegas_table.engine.core.errors import ConfigError
from vegas_table.engine.lasvegas.game import LAS_VEGAS
from vegas_table.engine.lords.game import LORDS_OF_VEGAS

_GAMES: dict[str, Game[Any]] = {LORDS_OF_VEGAS.name: LORDS_OF_VEGAS, LAS_VEGAS.name: LAS_VEGAS}


def game_names() -> list[str]:
    return sorted(_GAMES)


def get_game(name: str) -> Game[Any]:
    """The rules of the game called `name`; ConfigError names the known games if there is none."""
    games = _GAMES
    if name not in games:
        raise ConfigError("unknown_game", f"unknown game {name!r}; known games: {', '.join(sorted(games))}")
    return games[name]


def check_config(config: GameConfig) -> Game[Any]:
    """The game for `config`, after checking that it can start that configuration (ConfigError if not)."""
    game = get_game(config.game)
    check_rules(game, config)
    return game
