"""Every vegas --help, walked parser by parser: plain text (no Markdown backticks, which print literally),
every default said, and every bot named wherever a bot is chosen."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

from vegas_table.bots.ladder import ladder_names
from vegas_table.bots.registry import BOTS, OPTIONAL, SERVER_SETTINGS
from vegas_table.cli.helpformat import shows_default
from vegas_table.cli.main import build_parser

BOT_CHOOSERS = {"bot", "bots"}  # the dests of the options that choose bots


def parsers(parser: argparse.ArgumentParser, name: str = "vegas") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """The parser and every subcommand's, nested ones too (vegas replay show), with their command."""
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command, sub in action.choices.items():
                yield from parsers(sub, f"{name} {command}")


def option_help(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """The option's help as --help prints it, its %(default)s filled in, on one line."""
    return " ".join(parser._get_formatter()._expand_help(action).split())


def default_texts(default: object) -> list[str]:
    """The ways a default may be written: 60.0 as 60, a path as its text; an empty one ("", []) has no value
    to show, so saying what it means ("default: none", "default with --local: ...") is enough."""
    if default in ("", []):
        return ["default"]
    if isinstance(default, float):
        return [f"{default:g}", str(default)]
    return [str(default)] if not isinstance(default, Path) else [str(default), default.as_posix()]


ALL = list(parsers(build_parser()))


def test_the_walk_reaches_every_subcommand() -> None:
    names = {name for name, _ in ALL}
    assert {"vegas serve", "vegas play", "vegas bot", "vegas replay verify", "vegas replay show",
            "vegas replay audit", "vegas simulate", "vegas tournament", "vegas schema"} <= names


def test_no_help_text_has_a_backtick() -> None:
    for name, parser in ALL:
        assert "`" not in parser.format_help(), f"{name} --help prints a Markdown backtick"


def test_every_default_is_shown() -> None:
    unsaid = [f"{name} {'/'.join(action.option_strings) or action.dest}: {action.default!r} in {text!r}"
              for name, parser in ALL for action in parser._actions if shows_default(action)
              and not ("default" in (text := option_help(parser, action))
                       and any(form in text for form in default_texts(action.default)))]
    assert not unsaid, "help that does not show its default:\n" + "\n".join(unsaid)


def test_every_bot_is_listed_where_bots_are_chosen() -> None:
    """`vegas play` seats the ladder on a server; the other commands take every name."""
    every = [*ladder_names(), *BOTS, *SERVER_SETTINGS, *OPTIONAL]
    choosers = [(name, parser, action) for name, parser in ALL for action in parser._actions
                if action.dest in BOT_CHOOSERS and action.option_strings]
    assert {name for name, _, _ in choosers} == {"vegas play", "vegas bot", "vegas simulate", "vegas tournament"}
    for name, parser, action in choosers:
        words = re.findall(r"[\w@:]+", option_help(parser, action))
        missing = [bot for bot in (ladder_names() if name == "vegas play" else every) if bot not in words]
        assert not missing, f"{name} {action.option_strings[0]} does not list {', '.join(missing)}"


def test_the_replay_viewer_s_keys_stay_a_list() -> None:
    show = dict(ALL)["vegas replay show"].format_help()
    lines = show.splitlines()
    for key in ("next | n | →", "previous | p | ←", "turn N | t N", "quit | q"):
        assert sum(line.strip().startswith(key) for line in lines) == 1, f"{key!r} is not a line of its own"
