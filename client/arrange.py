"""How the game screen shares the terminal: a pure function of its size and of what there is to show.

At 80x24 everything is stacked (header, board, players, prompts, log, notice, command line, status bar);
with room for it the players, prompts and log move to the right of the board, and with enough lines the
board draws the joins between rows. The log gets whatever is left, but never less than one line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vegas_table.client.render.lords import COMPACT_CELL, board_size

FIXED_LINES = 4  # header, notice, command line, status bar
SIDE_MIN = 44  # the narrowest useful right-hand column
SIDE_WANTED = 64  # what the players' table needs to show every casino bossed
MAX_PROMPT_LINES = 5  # on a small screen; a tall one gives the prompts up to a third of its lines


@dataclass(frozen=True, slots=True)
class Arrangement:
    side_by_side: bool
    board_width: int
    board_height: int
    side_width: int  # the players/prompts/log column (the full width when stacked)
    players_height: int
    prompts_height: int
    log_height: int


def arrange(columns: int, rows: int, board_lines: Callable[[int, int], int], players_lines: Callable[[int], int],
            prompt_lines: Callable[[int], int]) -> Arrangement:
    """Where each panel goes on a `columns` x `rows` screen. `board_lines(width, room)` says how many lines
    the board takes at a width with `room` lines free; `players_lines(width)` and `prompt_lines(width)` how
    many the players and the prompts take."""
    compact_width = board_size(COMPACT_CELL)[0]
    body = rows - FIXED_LINES
    most_prompts = max(MAX_PROMPT_LINES, body // 3)
    if columns >= compact_width + 1 + SIDE_MIN:
        board_width = max(compact_width, min(columns - SIDE_WANTED - 1, 105))
        board_height = board_lines(board_width, body)
        side = columns - board_width - 1
        players, prompts = players_lines(side), min(prompt_lines(side), most_prompts)
        log = max(1, body - players - prompts)
        return Arrangement(True, board_width, board_height, side, players, prompts, log)
    players, prompts = players_lines(columns), min(prompt_lines(columns), most_prompts)
    board_height = board_lines(columns, body - players - prompts - 6)
    log = body - board_height - players - prompts
    if log < 1:  # a small screen: drop the players' table header first, then lines of the prompts
        players -= 1
        log += 1
    if log < 1:
        prompts = max(1, prompts + log - 1) if prompts else 0
        log = max(1, body - board_height - players - prompts)
    return Arrangement(False, columns, board_height, columns, players, prompts, log)
