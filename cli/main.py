"""`vegas`: the project's one command. Each subcommand lives in its own module with `register(subparsers)`."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# subcommand -> module providing `register(subparsers)`; each module sets `func` on its parser.
SUBCOMMANDS: dict[str, str] = {
    "simulate": "cli.simulate",
    "tournament": "cli.tournament",
    "replay": "cli.replay",
    "serve": "cli.serve",
    "bot": "cli.bot",
    "play": "cli.play",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="vegas", description="Vegas Table: Lords of Vegas and Las Vegas on a LAN.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in SUBCOMMANDS.values():
        importlib.import_module(module).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
