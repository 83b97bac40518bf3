"""The client's colours, as one prompt_toolkit style sheet keyed by class names.

Readable on dark and on light terminals by construction: everything that carries a game colour is drawn as
a badge with both its background and its foreground set (white on dark colours, black on light ones), and
plain text keeps the terminal's own foreground. The only other colour used alone is a mid grey for
secondary text, which reads on black and on white. Letters repeat what colours say (`K5` is Black's 5,
`Go` a gold casino), so the board also reads without colour.
"""

from __future__ import annotations

from prompt_toolkit.styles import Style

# (background, foreground) of each player colour badge and each casino (company) colour.
PLAYER_COLOURS: dict[str, tuple[str, str]] = {
    "black": ("#202020", "#ffffff"), "blue": ("#1f5fbf", "#ffffff"), "green": ("#2e7d32", "#ffffff"),
    "purple": ("#6a1b9a", "#ffffff"), "red": ("#c62828", "#ffffff"), "yellow": ("#f9d71c", "#000000"),
    "orange": ("#ef6c00", "#000000"), "white": ("#e8e8e8", "#000000"),
}
CASINO_COLOURS: dict[str, tuple[str, str]] = {
    "purple": ("#c9a0dc", "#000000"), "brown": ("#8d5524", "#ffffff"), "gold": ("#c9a227", "#000000"),
    "silver": ("#b0b7bb", "#000000"), "aqua": ("#4fc3c7", "#000000"), "strip": ("#505050", "#ffffff"),
}
# Las Vegas casinos are numbered 1-6 (and the slot machine); each gets a distinct light background.
NUMBER_COLOURS: dict[str, tuple[str, str]] = {
    "1": ("#e57373", "#000000"), "2": ("#81c784", "#000000"), "3": ("#64b5f6", "#000000"),
    "4": ("#ffb74d", "#000000"), "5": ("#ba68c8", "#000000"), "6": ("#4db6ac", "#000000"),
    "slot": ("#b0b7bb", "#000000"),
}

_BASE: dict[str, str] = {
    "dim": "fg:#8a8a8a",
    "title": "bold",
    "lot.name": "bold",
    "lot.empty": "",
    "lot.price": "",
    "lot.die": "fg:#8a8a8a",
    "lot.highlight": "reverse",
    "lot.changed": "underline bold",
    "strip": "bg:#505050 fg:#ffffff bold",
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


def _badges() -> dict[str, str]:
    rules = {}
    for prefix, table in (("player", PLAYER_COLOURS), ("casino", CASINO_COLOURS), ("number", NUMBER_COLOURS)):
        for name, (bg, fg) in table.items():
            rules[f"{prefix}.{name}"] = f"bg:{bg} fg:{fg}"
    for name, (bg, fg) in PLAYER_COLOURS.items():
        rules[f"die.{name}"] = f"bg:{bg} fg:{fg} bold"
    return rules


def client_style() -> Style:
    """The style sheet of every screen of the client (and of anything drawing the board)."""
    return Style.from_dict({**_BASE, **_badges()})
