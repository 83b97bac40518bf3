"""What a command line may choose, in words for its --help: the rule sets and options of every game, the
bots. Listed where they are chosen, so nobody has to read the code to find them."""

from __future__ import annotations

import argparse

from vegas_table.bots.ladder import ladder_names
from vegas_table.bots.registry import OPTIONAL, bot_names, optional_bots
from vegas_table.engine.registry import game_names, get_game


def rules_text() -> str:
    """`lords: up (2-5 players), classic (2-4 players); lasvegas: base (2-6 players)`."""
    parts = []
    for name in game_names():
        game = get_game(name)
        sets = ", ".join(f"{r.name} ({r.min_players}-{r.max_players} players)" for r in game.rule_sets.values())
        parts.append(f"{name}: {sets}")
    return "; ".join(parts)


def options_text() -> str:
    """`lords: layoff; lasvegas: biggies, kickers, ...`."""
    return "; ".join(f"{name}: {', '.join(get_game(name).options) or 'none'}" for name in game_names())


def bots_text(plugins: bool = False) -> str:
    """Every bot the command may seat. Without `plugins` (a server's seats) the ladder: `random, easy, medium,
    hard`. With `plugins` (the command line of the person running the bots) the developer names too, the
    optional built-in ones among them (each whose extra is missing said so), and the installed packages'
    entry points."""
    if not plugins:
        return f"{', '.join(ladder_names())} (easiest first)"
    installed = optional_bots()
    missing = [f"{name} (needs the {extra} extra)" for name, (_, _, extra) in OPTIONAL.items() if name not in installed]
    return ", ".join([*bot_names(plugins=True), *missing])


# `--color`'s words (vegas_table.client.render.styles.COLOR_CHOICES maps each to a depth; listed here so
# that every command's parser is built without importing prompt_toolkit)
COLOR_NAMES = ("auto", "none", "16", "256", "truecolor")


def add_color_argument(parser: argparse.ArgumentParser) -> None:
    """`--color`, for the commands that draw the board (the client, `replay show`)."""
    parser.add_argument("--color", choices=COLOR_NAMES, default="auto",
                        help="the colours to draw with: auto (what the terminal says; none where NO_COLOR is set), "
                        "none, 16, 256 or truecolor (default: auto)")
