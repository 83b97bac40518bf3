"""Helpers for what bots ask of the engine with their own generator (`api.RandomSource`): the engine keeps
no generator of its own for them, and never touches Python's global one."""

from __future__ import annotations

from typing import Any

from vegas_table.engine.core.api import RandomSource


def shuffle(items: list[Any], rng: RandomSource) -> None:
    """Shuffle `items` in place, every order equally likely (Fisher-Yates with `rng.randrange`)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]


def sample(items: list[Any], count: int, rng: RandomSource) -> list[Any]:
    """`count` of `items` chosen uniformly without replacement, in the order drawn."""
    pool = list(items)
    for i in range(count):
        j = rng.randrange(i, len(pool))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]


def fresh_seed(rng: RandomSource) -> str:
    """A new seed for a game's own generator, drawn from `rng`: 128 bits as hex."""
    return f"{rng.getrandbits(128):032x}"
