"""Which games the engine knows, by the name used in configs, replays and the CLI (`--game`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.api import Game, GameConfig
from engine.core.errors import ConfigError


@cache  # every new game asks (check_config): import and build the table once
def _games() -> dict[str, Game[Any]]:
    from engine.lasvegas.game import LAS_VEGAS
    from engine.lords.game import LORDS_OF_VEGAS

    return {LORDS_OF_VEGAS.name: LORDS_OF_VEGAS, LAS_VEGAS.name: LAS_VEGAS}


def game_names() -> list[str]:
    return sorted(_games())


def get_game(name: str) -> Game[Any]:
    """The rules of the game called `name`; ConfigError names the known games if there is none."""
    games = _games()
    if name not in games:
        raise ConfigError("unknown_game", f"unknown game {name!r}; known games: {', '.join(sorted(games))}")
    return games[name]


def check_config(config: GameConfig) -> Game[Any]:
    """The game for `config`, after checking its rule set, players and options (ConfigError if wrong)."""
    game = get_game(config.game)
    info = game.rule_sets.get(config.rules)
    if info is None:
        raise ConfigError(
            "unknown_rules",
            f"{config.game} has no rule set {config.rules!r}; choose one of {', '.join(game.rule_sets)}",
        )
    if not info.min_players <= config.players <= info.max_players:
        raise ConfigError(
            "bad_player_count",
            f"{config.game} {config.rules} is for {info.min_players}-{info.max_players} players, "
            f"not {config.players}",
        )
    unknown = [o for o in config.options if o not in game.options]
    if unknown:
        raise ConfigError(
            "unknown_option",
            f"{config.game} has no option {unknown[0]!r}; options: {', '.join(game.options) or 'none'}",
        )
    if list(config.options) != sorted(set(config.options)):
        raise ConfigError("bad_options", "options must be sorted and listed once each")
    if config.cards and "underworld" not in (config.rules, *config.options):
        raise ConfigError("bad_cards", "a card file is for the 'underworld' option, which this game does not have")
    return game
