"""Checking a game's configuration before it starts, in one place for every game: each game's `new` calls it
with itself, so nothing in a game needs the registry (which imports the games)."""

from __future__ import annotations

from typing import Any

from vegas_table.engine.core.api import Game, GameConfig
from vegas_table.engine.core.errors import ConfigError


def check_config(game: Game[Any], config: GameConfig) -> None:
    """ConfigError, naming what is wrong and what would be right, unless `config` is one `game` can start:
    one of its rule sets, a player count that rule set allows, its own options sorted and listed once."""
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
