"""Each game's view written down: a JSON Schema (draft 2020-12) of what `Game.view` gives, every rule set and
option included, with a description for every key. Bot authors read it (`vegas schema GAME`,
docs/schemas/); the tests hold every view of the golden replays and of random games to it, and a key it does
not know fails them, so it stays true.

The schemas are package data beside each game (`engine/<game>/view.schema.json`).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from vegas_table.engine.registry import get_game

SCHEMA_FILE = "view.schema.json"


@cache
def view_schema_text(game: str) -> str:
    """The view schema of `game` as the file holds it (ConfigError if there is no such game)."""
    get_game(game)
    package = f"{__name__.rpartition('.')[0]}.{game}"
    return resources.files(package).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def view_schema(game: str) -> dict[str, Any]:
    """The view schema of `game`, parsed (a fresh copy each call)."""
    schema: dict[str, Any] = json.loads(view_schema_text(game))
    return schema
