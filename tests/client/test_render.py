"""Rendering a known position: the board as on the printed one, the players, the header; pure functions."""

from __future__ import annotations

import re
from typing import Any

import pytest
from prompt_toolkit.formatted_text import split_lines

from tests.client.positions import mid_game_view, played
from vegas_table.client.arrange import arrange
from vegas_table.client.render import UnknownGame, board_lines, render_board, render_header, render_players
from vegas_table.client.render.lords import board_size
from vegas_table.client.render.text import Lines, plain
from vegas_table.engine.lords.board import LOTS


def lines(fragments: Lines) -> list[str]:
    return plain(fragments).split("\n")


def style_of(fragments: Lines, text: str) -> str:
    """The style of the first fragment whose text starts with `text`."""
    return next(f[0] for f in fragments if f[1].startswith(text))


def test_board_lays_blocks_out_as_on_the_printed_board() -> None:
    board = lines(render_board(mid_game_view(), width=80, height=10))
    assert len(board) == 10
    assert board[0].startswith("A1  Pu² B⚄ │A2  Aq  G⚁ │A3  Si  B⚄")  # block A top left, Strip to its right
    assert board[0][40:].startswith("B1  Pu  P⚄ │B2  Br  G⚄ │B3  P Pur")  # block B right of The Strip
    assert board[3].startswith("C1  P Pur") and "D1  $20 [6]" in board[3]  # C left, D right
    assert board[8].startswith("E1  P Grn") and "F4  P Blk" in board[8]  # E left, F right (one row lower)
    assert [row[37] for row in board if row[37] != " "] == list("THESTRIP")


def test_each_lot_shows_price_and_die_owner_or_casino() -> None:
    board = plain(render_board(mid_game_view(), width=80))
    assert "C5  $8  [1]" in board  # empty: price and printed die
    assert "A6  P Blk" in board  # parking lot: its owner
    assert "F7  Pu³ P⚅" in board  # casino: company, height 3, Purple's 6 (a die's face: never lot-like P6)
    assert "D7  Aq² B⚄" in board


def test_casino_colours_and_dice_in_owner_colours() -> None:
    board = render_board(mid_game_view(), width=80)
    assert "casino.purple" in style_of(board, "Pu³")
    assert style_of(board, "P⚅").startswith("class:die.purple")
    assert style_of(board, "P Blk") == "class:player.black"


def with_casinos() -> dict[str, Any]:
    """An early view with a hand-placed two-lot gold casino A1-A2 and a raised gold casino A3 beside it."""
    view = played(actions=0).view(0)
    view["lots"].update({
        "A1": {"tile": "gold", "height": 1, "die": [0, 4], "reorganized": False},
        "A2": {"tile": "gold", "height": 1, "die": [1, 2], "reorganized": False},
        "A3": {"tile": "gold", "height": 2, "die": None, "reorganized": False},
        "A6": {"tile": "gold", "height": 2, "die": [1, 5], "reorganized": False},
    })
    view["casinos"] = [{"lots": ["A1", "A2"], "colour": "gold", "height": 1, "boss": 0, "points": 2, "strip": False},
                       {"lots": ["A3", "A6"], "colour": "gold", "height": 2, "boss": 1, "points": 4, "strip": True}]
    return view


def test_cells_of_one_casino_share_the_gap_between_them() -> None:
    board = render_board(with_casinos(), width=80, height=10)
    row = split_lines_list(board)[0]
    assert plain(row).startswith("A1  Go  K⚃  A2  Go  B⚁ │A3  Go² --")
    cells = [plain(row[:i]) for i in range(len(row) + 1)]
    a1_a2 = row[cells.index("A1  Go  K⚃ ")]  # the fragment right after cell A1
    a2_a3 = row[cells.index("A1  Go  K⚃  A2  Go  B⚁ ")]
    assert a1_a2 == ("class:casino.gold", " ")  # one casino: the gap takes its colour
    assert a2_a3 == ("class:dim", "│")  # same colour, other height: another casino, a rule between them


def test_tall_boards_draw_casinos_joined_across_rows() -> None:
    board = render_board(with_casinos(), width=80, height=40)
    join = split_lines_list(board)[1]  # between rows 1 and 2 of block A
    assert join[4] == ("class:casino.gold", " " * 11)  # A3 over A6: one casino
    assert join[0] == ("class:dim", "─" * 11)  # A1 over A4: the casino's edge


def split_lines_list(fragments: Lines) -> list[Lines]:
    return [[f for f in line if f[1]] for line in split_lines(fragments)]


def test_board_fits_80_columns_and_grows_with_the_terminal() -> None:
    compact = lines(render_board(mid_game_view(), width=80))
    assert max(map(len, compact)) <= 80
    wide = lines(render_board(mid_game_view(), width=110))
    assert max(map(len, wide)) <= 110
    assert "purple²" in "\n".join(wide)  # wide cells spell the colour out
    assert board_size()[0] <= 80


def test_two_player_games_close_block_f() -> None:
    view = played(actions=10, players=2).view(0)
    assert "F1  closed" in plain(render_board(view))


def test_last_card_and_lots_being_typed_are_highlighted() -> None:
    view = mid_game_view()
    board = render_board(view, highlight=frozenset({"C5"}))
    assert "lot.highlight" in style_of(board, "C5 ")
    assert "lot.highlight" in style_of(board, "A3 ")  # the last card drawn
    assert "lot.highlight" not in style_of(board, "C4 ")


def test_players_money_score_next_stop_markers_dice_and_casinos_bossed() -> None:
    text = lines(render_players(mid_game_view(), width=80))
    assert text[0].split() == ["player", "money", "score→next", "markers", "dice", "boss", "of", "(casino:points)"]
    assert text[2].startswith("▶  Blue") and "$2m" in text[2] and "16→18" in text[2]
    assert "A1:4 D7:2" in text[2]  # biggest casino first
    assert text[1].split()[:6] == ["Black", "$6m", "8→10", "6", "7", "F8:2"]
    assert text[-1].startswith("discards Pu 9 Br 7 Go 6 Si 6 Aq 6 St 2  deck 13  tiles left Pu1 Br6 Go7 Si5 Aq3")


def test_header_says_whose_turn_which_step_and_the_last_card() -> None:
    header = plain(render_header(mid_game_view()))
    assert header.startswith("Lords of Vegas up · turn 28 · Blue's turn · actions · last card  A3  (aqua)")


def test_game_over_header_names_the_winner() -> None:
    match = played(actions=5000)
    assert match.over
    header = plain(render_header(match.view(0)))
    assert "wins" in header or "share the win" in header


def test_an_unknown_game_is_refused_with_the_games_known() -> None:
    with pytest.raises(UnknownGame, match="lords"):
        render_board({"game": "chess"})


def test_the_header_names_who_owes_a_decision() -> None:
    from tests.client.harness import play_until
    from tests.client.table import EngineTable

    table = EngineTable(options=("layoff",))
    play_until(table, lambda t: (t.match.view(0)["pending"] or {}).get("kind") == "layoff")
    view = table.match.view(0)
    house = view["seats"][view["pending"]["seat"]]["name"]
    header = plain(render_header(view, width=200))
    assert f"{house} to lay off ${view['pending']['bet']}m or not" in header


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 32), (160, 48)])
def test_the_board_at_each_size_shows_every_lot_each_casinos_edges_and_dice_unlike_lots(columns: int,
                                                                                         rows: int) -> None:
    """At the game screen's arrangement for the size: every lot's name, a rule wherever a casino meets
    another lot in a row (its cells joined by its colour), and every die as owner and face, never `B3`."""
    view = mid_game_view()
    at = arrange(columns, rows, lambda width, room: board_lines(view, width, room),
                 lambda width, brief: len(lines(render_players(view, width, brief))), lambda width: 0)
    board = render_board(view, at.board_width, at.board_height)
    text = plain(board)
    assert set(re.findall(r"(?<![A-Za-z0-9])[A-F]\d{1,2}(?= )", text)) == {lot.name for lot in LOTS}
    assert max(map(len, text.split("\n"))) <= at.board_width
    casino_of = {lot: i for i, casino in enumerate(view["casinos"]) for lot in casino["lots"]}
    for row in lines(board):
        for left, gap, right in re.findall(r"\b([A-F]\d{1,2}) [^│]*?(│| )(?=([A-F]\d{1,2}) )", row):
            if left[0] != right[0]:
                continue  # the two sides of The Strip
            one = left in casino_of and casino_of.get(right) == casino_of[left]
            edge = (left in casino_of or right in casino_of) and not one
            assert (gap == "│") == edge, f"{left}|{right} in {row!r}"
    dice = [f[1] for f in board if f[0].startswith("class:die.")]
    assert dice and not any(re.fullmatch(r"[A-F]\d+\*?", die) for die in dice)
