"""Pure render functions: a game view (the JSON-ready dict the server streams) in, formatted text out.

Nothing here touches the network or the terminal, so the replay viewer and tests import it freely. Each
game has its own module (`lords`, `lasvegas`); `board_renderer(view)` picks one by `view["game"]`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, cast

from vegas_table.client.render import lasvegas, lords
from vegas_table.client.render.text import Lines

RENDERERS = {"lords": lords, "lasvegas": lasvegas}


class UnknownGame(ValueError):
    """A view of a game this client cannot draw."""


def game_module(view: Mapping[str, Any]) -> ModuleType:
    """The render module of the view's game (`client.render.lords`...); UnknownGame names the ones known."""
    name = view.get("game")
    if name not in RENDERERS:
        raise UnknownGame(f"cannot draw game {name!r}; this client knows {', '.join(sorted(RENDERERS))}")
    return RENDERERS[name]


def render_board(view: Mapping[str, Any], width: int = 80, height: int = 24,
                 highlight: frozenset[str] = frozenset(), changed: frozenset[str] = frozenset()) -> Lines:
    """The board of whatever game `view` is, in at most `width` columns (and ideally `height` lines);
    `highlight` holds words (upper case) of the command being typed, so the places it names stand out;
    `changed` the places (lots, casinos) that changed since the player's last move, which are marked."""
    return cast(Lines, game_module(view).render_board(view, width=width, height=height, highlight=highlight,
                                                      changed=changed))


def board_lines(view: Mapping[str, Any], width: int, room: int) -> int:
    """Lines the board of the view's game takes at `width` when `room` lines are free for it."""
    return int(game_module(view).board_lines(view, width, room))


def render_players(view: Mapping[str, Any], width: int = 80, brief: bool = False) -> Lines:
    """The players' table of the view's game; `brief`: without the lines a short screen can spare."""
    return cast(Lines, game_module(view).render_players(view, width=width, brief=brief))


def render_header(view: Mapping[str, Any], width: int = 80) -> Lines:
    return cast(Lines, game_module(view).render_header(view, width=width))


__all__ = ["RENDERERS", "Lines", "UnknownGame", "board_lines", "game_module", "render_board", "render_header",
           "render_players"]
