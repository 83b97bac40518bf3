"""A game as python-chess sees one: a starting configuration plus the list of accepted actions.

`Match` is the convenience most callers want (server, simulator, replayer, tests): it owns a state, applies
actions given as objects or canonical text, and remembers what was accepted, so the game can be rebuilt
from `config` and `history` alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vegas_table.engine.core.api import Event, Game, GameConfig, Result


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted action: who acted and what they did (canonical text)."""

    seat: int
    action: str


class Match:
    """A game in progress: config, current state and the accepted actions so far."""

    def __init__(self, game: Game[Any], config: GameConfig) -> None:
        self.game = game
        self.config = config
        self.state, self.opening = game.new(config)
        self.history: list[Move] = []

    def play(self, seat: int, action: Any) -> list[Event]:
        """Apply `action` (an action object or its text) for `seat`; raise and change nothing if refused."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        events = self.game.apply(self.state, seat, action)
        self.history.append(Move(seat, action.text()))
        return events

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def state_hash(self) -> str:
        return self.game.state_hash(self.state)

    def actors(self) -> tuple[int, ...]:
        return self.game.actors(self.state)

    def legal_actions(self, seat: int) -> list[Any]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

