"""Bots by name, as `--bots` and the server's bot seats name them."""

from __future__ import annotations

from collections.abc import Callable

from bots.base import Bot
from bots.greedy import GreedyBot
from bots.random_bot import RandomBot

BOTS: dict[str, Callable[[str], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str, seed: str) -> Bot:
    """A fresh bot called `name`, seeded with `seed`; ValueError lists the known bots."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return BOTS[name](seed)
