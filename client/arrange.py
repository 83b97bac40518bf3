"""How the game screen shares the terminal: a pure function of its size and of what there is to show.

At 80x24 everything is stacked (header, board, players, prompts, log, notice, command line, status bar);
with room for it the players, prompts and log move to the right of the board, and with enough lines the
board draws the joins between rows. Stacked, the board and the players' table each have forms that take
fewer lines (the board without the joins, then without its blank streets; the table without its title and
supply lines): the largest board beside the whole table, else beside the brief table, that leaves the log
`LOG_WANTED` lines (and room for a prompt) is the one drawn. The log gets whatever is left, but never less
than one line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vegas_table.client.render.lords import COMPACT_CELL, board_size

FIXED_LINES = 4  # header, notice, command line, status bar
SIDE_MIN = 44  # the narrowest useful right-hand column
SIDE_WANTED = 64  # what the players' table needs to show every casino bossed
MAX_PROMPT_LINES = 5  # on a small screen; a tall one gives the prompts up to a third of its lines
LOG_WANTED = 6  # what the others did, at a glance: the log lines a stacked screen keeps before the rest
PROMPT_ROOM = 2  # a typical prompt (a question and its choices), kept free so that one does not eat the log

BoardLines = Callable[[int, int], int]  # (width, lines free) -> the lines of the largest board that fits
PlayersLines = Callable[[int, bool], int]  # (width, brief) -> the lines of the players' table


@dataclass(frozen=True, slots=True)
class Arrangement:
    side_by_side: bool
    board_width: int
    board_height: int
    side_width: int  # the players/prompts/log column (the full width when stacked)
    players_height: int
    prompts_height: int
    log_height: int
    players_brief: bool = False  # the players' table without its title and supply lines


@dataclass(frozen=True, slots=True)
class Forms:
    """What a stacked screen chose to draw at a size: kept while the size stays (`Arranger`)."""

    board_height: int
    players_brief: bool


def arrange(columns: int, rows: int, board_lines: BoardLines, players_lines: PlayersLines,
            prompt_lines: Callable[[int], int], forms: Forms | None = None, below: int = 0) -> Arrangement:
    """Where each panel goes on a `columns` x `rows` screen. `board_lines(width, room)` says how many lines
    the board takes at a width with `room` lines free; `players_lines(width, brief)` and `prompt_lines(width)`
    how many the players and the prompts take. Stacked, `forms` (if given) are drawn instead of choosing.
    `below`: lines the notice takes beyond its one (a wrapped preview), taken from the log."""
    compact_width = board_size(COMPACT_CELL)[0]
    body = rows - FIXED_LINES - below
    most_prompts = max(MAX_PROMPT_LINES, body // 3)
    if columns >= compact_width + 1 + SIDE_MIN:
        board_width = max(compact_width, min(columns - SIDE_WANTED - 1, 105))
        board_height = board_lines(board_width, body)
        side = columns - board_width - 1
        players, prompts = players_lines(side, False), min(prompt_lines(side), most_prompts)
        log = max(1, body - players - prompts)
        return Arrangement(True, board_width, board_height, side, players, prompts, log)
    chosen = forms or stacked_forms(columns, rows, board_lines, players_lines)
    board_height = chosen.board_height
    players, prompts = players_lines(columns, chosen.players_brief), min(prompt_lines(columns), most_prompts)
    log = body - board_height - players - prompts
    if log < 1:  # a small screen: lines of the prompts go, then lines of the players' table
        prompts = max(1, prompts + log - 1) if prompts else 0
        log = body - board_height - players - prompts
    if log < 1:
        players = max(1, players + log - 1)
        log = max(1, body - board_height - players - prompts)
    return Arrangement(False, columns, board_height, columns, players, prompts, log, chosen.players_brief)


def stacked_forms(columns: int, rows: int, board_lines: BoardLines, players_lines: PlayersLines) -> Forms:
    """The largest board beside the whole players' table, else beside the brief one, that leaves the log
    `LOG_WANTED` lines and a prompt's room; the smallest board (every lot still shown) and the brief table
    if none does. Prompts are left out of the choice: they come and go while the size stays."""
    body = rows - FIXED_LINES
    wanted = LOG_WANTED + PROMPT_ROOM
    for brief in (False, True):
        players = players_lines(columns, brief)
        board = board_lines(columns, body - players - wanted)
        if body - board - players >= wanted:
            return Forms(board, brief)
    return Forms(board_lines(columns, 0), True)


class Arranger:
    """`arrange` that keeps, for each size, the forms first chosen at it: the board and the players' table do
    not switch forms from one screen to the next (a trade offered, a casino bossed) while the size stays."""

    def __init__(self) -> None:
        self._forms: dict[tuple[int, int], Forms] = {}

    def __call__(self, columns: int, rows: int, board_lines: BoardLines, players_lines: PlayersLines,
                 prompt_lines: Callable[[int], int], below: int = 0) -> Arrangement:
        forms = self._forms.get((columns, rows))
        if forms is None:
            forms = self._forms[(columns, rows)] = stacked_forms(columns, rows, board_lines, players_lines)
        return arrange(columns, rows, board_lines, players_lines, prompt_lines, forms, below)
