"""Bots by name, as `--bots` and the server's bot seats name them."""

from __future__ import annotations

from bots.base import Bot
from bots.greedy import GreedyBot
from bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def bot_problem(name: str, game: str) -> str | None:
    """Why `name` cannot take a seat in a game of `game`, as a sentence; None if it can."""
    if name not in BOTS:
        return f"unknown bot {name!r}; bots: {', '.join(bot_names())}"
    games = BOTS[name].games
    if games is not None and game not in games:
        return f"the {name} bot plays {' and '.join(games)} only, not {game}; try random"
    return None


def make_bot(name: str, seed: str) -> Bot:
    """A fresh bot called `name`, seeded with `seed`; ValueError lists the known bots."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return BOTS[name](seed)
