"""vegas: the project's one command. Each subcommand lives in its own module with `register(subparsers)`."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from vegas_table.cli.helpformat import VegasParser

# subcommand -> module providing `register(subparsers)`; each module sets `func` on its parser.
SUBCOMMANDS: dict[str, str] = {
    "simulate": "vegas_table.cli.simulate",
    "tournament": "vegas_table.cli.tournament",
    "replay": "vegas_table.cli.replay",
    "serve": "vegas_table.cli.serve",
    "bot": "vegas_table.cli.bot",
    "play": "vegas_table.cli.play",
    "schema": "vegas_table.cli.schema",
}


class VersionAction(argparse.Action):
    """`--version`, its text worked out only when asked for (it imports the engine and the API)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from vegas_table.cli.version import version_text

        print(version_text())
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command's parser, or with `command` only that subcommand's: a subcommand's module imports what
    it runs (the server, the client, every bot), so `vegas simulate` need not import the server's to start."""
    parser = VegasParser(prog="vegas", description="Vegas Table: Lords of Vegas and Las Vegas on a LAN.")
    parser.add_argument("--version", action=VersionAction, help="show the versions of the package, the API and "
                        "the rules, and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in SUBCOMMANDS.items():
        if command in (None, name):
            importlib.import_module(module).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(words[0] if words and words[0] in SUBCOMMANDS else None).parse_args(words)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
