"""The client's colours, as one prompt_toolkit style sheet keyed by class names.

Readable on dark and on light terminals by construction: everything that carries a game colour is drawn as
a badge with both its background and its foreground set (white on dark colours, black on light ones), and
plain text keeps the terminal's own foreground. The only other colour used alone is a mid grey for
secondary text, which reads on black and on white. Letters repeat what colours say (`K⚄` is Black's 5,
`Go` a gold casino), so the board also reads without colour.

Each badge is written for the terminal's colour depth (`color_depth`, `vegas play --color`): exact palette
colours for 256-colour and truecolor terminals, a hand-made pairing of the 16 ANSI colours for the others,
none where NO_COLOR is set. Within each game no two seats, casinos or the Strip share a colour at any depth
(tests/client/test_colours.py).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import NamedTuple

from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style


class Badge(NamedTuple):
    """A game colour as a badge: its background and foreground in 256-colour and truecolor terminals (each
    exactly a colour of xterm's palette, so a 256-colour terminal shows just these), and the pair of the 16
    ANSI colours a 16-colour terminal shows instead, chosen by hand: mapped by nearness, green and the Strip's
    grey, or purple and brown, would come out as one colour."""

    bg: str
    fg: str
    bg16: str
    fg16: str


# Lords of Vegas: the seats, the casinos (companies) and the Strip: all twelve distinct at every depth.
# Black is a dark grey, not black: a black badge vanishes on a dark terminal.
PLAYER_COLOURS: dict[str, Badge] = {
    "black": Badge("#444444", "#ffffff", "ansiblack", "ansiwhite"),
    "blue": Badge("#005fd7", "#ffffff", "ansiblue", "ansiwhite"),
    "green": Badge("#008700", "#ffffff", "ansigreen", "ansiwhite"),
    "purple": Badge("#8700af", "#ffffff", "ansimagenta", "ansiwhite"),
    "red": Badge("#d70000", "#ffffff", "ansired", "ansiwhite"),
    "yellow": Badge("#ffd700", "#000000", "ansibrightyellow", "ansiblack"),
    # Las Vegas adds orange, and white for the neutral dice
    "orange": Badge("#ff8700", "#000000", "ansibrightred", "ansiblack"),
    "white": Badge("#eeeeee", "#000000", "ansiwhite", "ansiblack"),
}
CASINO_COLOURS: dict[str, Badge] = {
    "purple": Badge("#d7afff", "#000000", "ansibrightmagenta", "ansiblack"),
    "brown": Badge("#875f00", "#ffffff", "ansiyellow", "ansiblack"),
    "gold": Badge("#d7af00", "#000000", "ansibrightgreen", "ansiblack"),
    "silver": Badge("#bcbcbc", "#000000", "ansigray", "ansiblack"),
    "aqua": Badge("#5fd7d7", "#000000", "ansicyan", "ansiblack"),
    "strip": Badge("#808080", "#ffffff", "ansibrightblack", "ansiwhite"),
}
# Las Vegas casinos are numbered 1-6 (and the slot machine): distinct from each other and from its seats.
NUMBER_COLOURS: dict[str, Badge] = {
    "1": Badge("#ff8787", "#000000", "ansibrightmagenta", "ansiblack"),
    "2": Badge("#87d787", "#000000", "ansibrightgreen", "ansiblack"),
    "3": Badge("#87afff", "#000000", "ansibrightblue", "ansiblack"),
    "4": Badge("#ffaf5f", "#000000", "ansiyellow", "ansiblack"),
    "5": Badge("#d787d7", "#000000", "ansimagenta", "ansiwhite"),
    "6": Badge("#5fd7af", "#000000", "ansibrightcyan", "ansiblack"),
    "slot": Badge("#bcbcbc", "#000000", "ansigray", "ansiblack"),
}
# The seats of each game and the colours they must stand apart from (tests/client/test_colours.py).
LORDS_SEATS = ("black", "blue", "green", "purple", "red", "yellow")
LAS_VEGAS_SEATS = ("red", "blue", "green", "yellow", "black", "orange", "white")

# `--color`: the terminal's own colours (auto), none, or a depth
COLOR_CHOICES: dict[str, ColorDepth | None] = {
    "auto": None, "none": ColorDepth.DEPTH_1_BIT, "16": ColorDepth.DEPTH_4_BIT, "256": ColorDepth.DEPTH_8_BIT,
    "truecolor": ColorDepth.DEPTH_24_BIT,
}


def color_depth(choice: str = "auto", env: Mapping[str, str] | None = None) -> ColorDepth:
    """The colour depth to draw with: `choice` (a `COLOR_CHOICES` key), or for "auto" what the terminal says:
    none where NO_COLOR is set (no-color.org), truecolor where COLORTERM says so, else prompt_toolkit's
    reading of TERM (256 colours for most terminals, tmux's included)."""
    chosen = COLOR_CHOICES[choice]
    if chosen is not None:
        return chosen
    env = os.environ if env is None else env
    if env.get("NO_COLOR"):
        return ColorDepth.DEPTH_1_BIT
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return ColorDepth.DEPTH_24_BIT
    return ColorDepth.default()


_BASE: dict[str, str] = {
    "dim": "fg:#8a8a8a",
    "title": "bold",
    "lot.name": "bold",
    "lot.empty": "",
    "lot.price": "",
    "lot.die": "fg:#8a8a8a",
    "lot.highlight": "reverse",
    "lot.changed": "underline bold",
    "die.boss": "underline",
    "current": "bold",
    "you": "underline",
    "error": "bg:#c62828 fg:#ffffff",
    "notice": "bg:#2e7d32 fg:#ffffff",
    "preview": "bg:#1f5fbf fg:#ffffff",
    "confirm": "bg:#f9d71c fg:#000000 bold",
    "info": "bold",
    "prompt.title": "bg:#1f5fbf fg:#ffffff bold",
    "prompt.choice": "bold",
    "prompt.key": "reverse bold",
    "log": "",
    "log.new": "bold",
    "toolbar": "reverse",
    "toolbar.bad": "bg:#c62828 fg:#ffffff",
    "input": "",
    "lobby.selected": "reverse",
    "validation-toolbar": "bg:#c62828 fg:#ffffff",
    "completion-menu": "bg:#d0d0d0 fg:#000000",
    "completion-menu.completion.current": "bg:#1f5fbf fg:#ffffff",
    "completion-menu.meta.completion": "bg:#e8e8e8 fg:#303030",
    "completion-menu.meta.completion.current": "bg:#3f7fdf fg:#ffffff",
}


def badge_style(badge: Badge, depth: ColorDepth) -> str:
    """The style string of `badge` at `depth`: the 16 ANSI colours' pair in a 16-colour terminal."""
    if depth == ColorDepth.DEPTH_4_BIT:
        return f"bg:{badge.bg16} fg:{badge.fg16}"
    return f"bg:{badge.bg} fg:{badge.fg}"


def _badges(depth: ColorDepth) -> dict[str, str]:
    rules = {}
    for prefix, table in (("player", PLAYER_COLOURS), ("casino", CASINO_COLOURS), ("number", NUMBER_COLOURS)):
        for name, badge in table.items():
            rules[f"{prefix}.{name}"] = badge_style(badge, depth)
    for name, badge in PLAYER_COLOURS.items():
        rules[f"die.{name}"] = f"{badge_style(badge, depth)} bold"
    rules["strip"] = f"{badge_style(CASINO_COLOURS['strip'], depth)} bold"
    return rules


def client_style(depth: ColorDepth = ColorDepth.DEPTH_8_BIT) -> Style:
    """The style sheet of every screen of the client (and of anything drawing the board), for the colour
    depth the screen is drawn at."""
    return Style.from_dict({**_BASE, **_badges(depth)})
