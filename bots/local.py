"""Running a `Bot` in-process (`vegas simulate`, tournaments, the server's own bot seats).

The runner holds the state; the bot gets a `Turn` made from the seat's view and legal actions, computed
only if the bot reads them. What the bot returns becomes the engine's action here: a legal action chosen
from the list is used as it is, text is parsed like any player's.
"""

from __future__ import annotations

from typing import Any

from bots.base import Bot, Choice, GameInfo, LegalAction, Turn
from engine.core.api import Game, GameConfig


def game_info(config: GameConfig, seat: int) -> GameInfo:
    return GameInfo(config.game, config.rules, config.players, config.options, seat)


def turn_for(game: Game[Any], state: Any, info: GameInfo, version: int, time_limit: float | None = None) -> Turn:
    """The `Turn` of `info.seat` in `state` at `version`: its view and legal actions, each computed on first use."""
    seat = info.seat
    return Turn(info, version, lambda: game.view(state, seat),
                lambda: [LegalAction.of(option) for option in game.legal_actions(state, seat)], time_limit)


def engine_action(game: Game[Any], choice: Choice) -> Any:
    """The engine's action for a bot's choice (MalformedAction if it is text that is not an action)."""
    if isinstance(choice, LegalAction):
        if choice.is_range:
            raise ValueError(f"{choice.text} is a range: choose a number with .at(n)")
        return choice.action if choice.action is not None else game.parse_action(choice.text)
    return game.parse_action(str(choice))


def decide(bot: Bot, game: Game[Any], state: Any, info: GameInfo, version: int,
           time_limit: float | None = None) -> Any:
    """The engine action `bot` plays for `info.seat` in `state` at `version`."""
    return engine_action(game, bot.choose(turn_for(game, state, info, version, time_limit)))


def choice_text(choice: Choice) -> str:
    """A bot's choice as the text a player would send (for bots that play through the server)."""
    if isinstance(choice, LegalAction) and choice.is_range:
        raise ValueError(f"{choice.text} is a range: choose a number with .at(n)")
    return choice.text if isinstance(choice, LegalAction) else str(choice)
