"""A bot's settings as a player writes them after its name: `name=number` pairs joined by `:`
(`greedy@money_early=0.5:contested=0.1`). One reader for every bot, so that each
refuses a setting it does not have, or a number it cannot take, in the same words."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TypeVar

N = TypeVar("N", int, float)


def named_numbers(text: str, names: Collection[str], kind: Callable[[str], N], what: str = "setting",
                  least: N | None = None) -> dict[str, N]:
    """The pairs of `text` (empty parts skipped), each name one of `names`, each number read by `kind` (`int`
    or `float`) and, with `least`, at least that; ValueError says which pair is wrong and what would be right."""
    given: dict[str, N] = {}
    for pair in filter(None, text.split(":")):
        name, _, number = pair.partition("=")
        if name not in names:
            raise ValueError(f"no {what} {name!r}; {what}s: {', '.join(names)}")
        try:
            value = kind(number)
        except ValueError:
            value = None
        if value is None or (least is not None and value < least):
            wanted = "a whole number" if kind is int else "a number"
            bound = f" of at least {least}" if least is not None else ""
            raise ValueError(f"{what} {name} takes {wanted}{bound}, not {number!r}")
        given[name] = value
    return given


def budget(bot: str, setting: str, unit: str) -> tuple[int | None, float | None]:
    """A searching bot's budget a decision as a player writes it: `N` (`bot@200`, N `unit`s) or `Nms`
    (`bot@500ms`, N milliseconds); (count, None) or (None, millis). ValueError shows both forms."""
    text = setting.strip().lower()
    number = text.removesuffix("ms")
    if not number.isdigit() or int(number) < 1:
        raise ValueError(f"{bot} takes a budget, {unit} ({bot}@200) or milliseconds ({bot}@500ms), not @{setting}")
    return (None, float(number)) if text.endswith("ms") else (int(number), None)
