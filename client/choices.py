"""Questions the game puts to a player (a decision, a trade offer), as plain data the screen lists.

Choices are numbered across all open prompts, so a player answers by typing the number or the command.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Choice:
    label: str  # what the player reads: "A1 (your 5 in a gold casino)"
    command: str  # the canonical action it stands for: "remove A1"


@dataclass(frozen=True, slots=True)
class Prompt:
    title: str
    choices: tuple[Choice, ...] = ()
    yours: bool = False  # the viewer is the one who must answer
    numbered: bool = True  # False: the choices are shown by their commands (a bare number means more there)


def numbered(prompts: Sequence[Prompt]) -> list[Choice]:
    """Every choice of `prompts` in display order: choice number n is element n - 1."""
    return [choice for prompt in prompts if prompt.numbered for choice in prompt.choices]


def choice_by_number(prompts: Sequence[Prompt], text: str) -> Choice | None:
    """The choice a bare number picks (`"2"`), or None if `text` is not such a number."""
    word = text.strip()
    if not word.isdigit():
        return None
    choices = numbered(prompts)
    index = int(word) - 1
    return choices[index] if 0 <= index < len(choices) else None
