"""The engine's errors: a small hierarchy with stable codes.

Like python-chess, "not well formed" is kept apart from "not legal here": a `MalformedAction` means the
text or data is not an action of this game at all; an `IllegalAction` means it is one, but not now.
Every error carries a stable snake_case `code` (for programs and the server's status mapping) and a
sentence a person understands, which names the action and what was wrong: `sprawl A2 A3: A3 is owned by
Yellow`. Raising one never leaves a state half-changed: rules validate before they mutate.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code: str = "engine_error"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class ConfigError(EngineError):
    """A game cannot be created as asked (unknown game or rule set, wrong number of players...)."""


class MalformedAction(EngineError):
    """The input is not an action of this game: unknown verb, bad lot name, missing argument."""


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid in this state. The state is unchanged."""
