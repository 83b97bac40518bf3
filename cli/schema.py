"""`vegas schema GAME`: the JSON Schema of a game's view, the keys a bot reads (docs/BOTS.md, "The view")."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from vegas_table.engine.registry import game_names
from vegas_table.engine.schemas import view_schema_text


def register(commands: Any) -> None:
    parser = commands.add_parser("schema", help="print the JSON Schema of a game's view (what a bot reads)",
                                 description=_description())
    parser.add_argument("game", choices=game_names(), help="the game")
    parser.set_defaults(func=run)


def _description() -> str:
    """The module's first line without its Markdown name: `vegas schema GAME`: the ... -> The ..."""
    text = (__doc__ or "").splitlines()[0].split(": ", 1)[1]
    return text[:1].upper() + text[1:]


def run(args: argparse.Namespace) -> int:
    sys.stdout.write(view_schema_text(args.game))
    return 0
