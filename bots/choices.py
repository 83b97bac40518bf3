"""Between a bot's legal actions (the SDK's `LegalAction`) and the engine's actions a bot reasons with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vegas_table.bots.base import Choice, LegalAction
from vegas_table.engine.core.api import ActionRange, Game


def engine_option(game: Game[Any], legal: LegalAction) -> Any:
    """The engine's action (or range of bets) of a legal action, parsed from its text when it came over the
    network without one."""
    if legal.action is not None:
        return legal.action
    if legal.low is not None and legal.high is not None:
        words = legal.text.split()
        words[-1] = str(legal.low)
        return ActionRange(game.parse_action(" ".join(words)), "bet", legal.low, legal.high)
    return game.parse_action(legal.text)


def back(chosen: Any, options: Sequence[Any], legal: Sequence[LegalAction]) -> Choice:
    """The legal action (or a range's `.at`) that is the engine action `chosen` (`options[i]` is the engine
    form of `legal[i]`); its text if none is."""
    for option, entry in zip(options, legal, strict=True):
        if isinstance(option, ActionRange) and chosen in option:
            return entry.at(getattr(chosen, option.field_name))
        if option == chosen:
            return entry
    return str(chosen.text())
