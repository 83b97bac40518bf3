"""How every vegas --help reads: each default shown, lists and examples kept as lines, prose reflowed.

argparse offers either reflowed text (its default, which runs a list of keys into one paragraph) or raw text
(RawDescriptionHelpFormatter, which leaves hard-wrapped prose at the width of the source), and shows
defaults only for every option alike (ArgumentDefaultsHelpFormatter, which prints "(default: False)" for
each flag and "(default: None)" for each option with no default). One formatter here does what a reader
needs, and `VegasParser` hands it to every parser, subcommands' parsers included.
"""

from __future__ import annotations

import argparse
import re
import textwrap
from typing import Any

SHOWN = "default"  # a help text that already speaks of its default says it in its own words


class HelpFormatter(argparse.HelpFormatter):
    """A paragraph with an indented line in it (examples, a list of keys) is kept line by line; any other
    paragraph is reflowed to the terminal's width. An option's help gets "(default: X)" unless it has no
    default (None), is a flag (its default is "off") or already says its default."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = re.split(r"\n[ \t]*\n", textwrap.dedent(text).strip("\n"))
        return "\n\n".join(_paragraph(p, width, indent) for p in paragraphs)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if not shows_default(action) or SHOWN in text:
            return action.help
        value = "%(default)s" if action.default not in ("", []) else "none"
        return f"{text} (default: {value})"


def shows_default(action: argparse.Action) -> bool:
    """Whether the option has a default worth saying: not None or suppressed, not a flag, not --help."""
    return (action.default is not None and action.default is not argparse.SUPPRESS and action.nargs != 0
            and (bool(action.option_strings) or action.nargs in (argparse.OPTIONAL, argparse.ZERO_OR_MORE)))


def _paragraph(text: str, width: int, indent: str) -> str:
    lines = text.splitlines()
    if any(line[:1].isspace() for line in lines):
        return "\n".join(indent + line.rstrip() for line in lines)
    return textwrap.fill(" ".join(line.strip() for line in lines), width, initial_indent=indent,
                         subsequent_indent=indent)


class VegasParser(argparse.ArgumentParser):
    """An ArgumentParser that formats its help with `HelpFormatter`; its subparsers are VegasParsers too
    (argparse makes a subcommand's parser of its parent's class)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(**kwargs)
