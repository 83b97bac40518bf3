"""`vegas --version`: what a bug report or a host comparing two machines needs to name the code that runs.

The package's version, the network API it speaks, and the rules: every rule set of both games shares the
engine's one rules version, the number each replay records (a replay of another version is not re-run as
the same game: docs/REPLAY_FORMAT.md).
"""

from __future__ import annotations

from vegas_table.api.v1 import table_pb2
from vegas_table.common.version import package_version
from vegas_table.engine import ENGINE_VERSION, game_names, get_game


def version_text() -> str:
    lines = [f"vegas-table {package_version()}", f"API {table_pb2.DESCRIPTOR.package}",
             f"rules version {ENGINE_VERSION} (every rule set below; replays record it)"]
    for name in game_names():
        game = get_game(name)
        lines.append(f"  {name} ({game.title}): rule sets {', '.join(game.rule_sets)}"
                     + (f"; options {', '.join(game.options)}" if game.options else ""))
    return "\n".join(lines)
