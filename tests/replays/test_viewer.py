"""The `vegas replay show` screen, headless: keys and commands typed into a pipe move the stepper, and the
screen draws the client's board, the players, the record's events and where we are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text import fragment_list_to_text
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.golden.regenerate import GOLDEN
from vegas_table.client.replay_viewer import ReplayViewer
from vegas_table.engine.lords.board import LOTS
from vegas_table.replays.format import read_replay
from vegas_table.replays.stepper import ReplayStepper

SMALL = next(spec for spec in GOLDEN if spec.players == 2).path
RIGHT, LEFT = "\x1b[C", "\x1b[D"


def run_keys(keys: str) -> ReplayViewer:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        viewer = ReplayViewer(ReplayStepper(read_replay(SMALL)), "game.jsonl", input=pipe, output=DummyOutput())
        pipe.send_text(keys + "q\r")
        viewer.run()
    return viewer


def test_arrows_step_and_commands_jump() -> None:
    viewer = run_keys(RIGHT + RIGHT + LEFT + "turn 4\r")
    assert viewer.stepper.position.turn == 4 and viewer.message == ""


def test_next_gamble_and_a_message_for_what_is_not_there() -> None:
    viewer = run_keys("next gamble\r")
    assert any(e.kind == "gambled" for e in viewer.stepper.position.events)
    viewer = run_keys("turn 900\r")
    assert viewer.message.startswith("there is no turn 900")


def test_the_screen_shows_the_board_players_events_and_caption() -> None:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        viewer = ReplayViewer(ReplayStepper(read_replay(SMALL)), "game.jsonl", input=pipe, output=DummyOutput())
        viewer.do("next gamble")
        board = fragment_list_to_text(viewer.board_text())
        players = fragment_list_to_text(viewer.players_text())
        log = fragment_list_to_text(viewer.log_text())
        header = fragment_list_to_text(viewer.header_text())
    assert "A1" in board and "F9" in board
    assert "Blue" in players and "Green" in players and "$" in players
    assert log.startswith("record ") and " bet $" in log
    assert header.startswith("Lords") and " · turn " in header  # at 80 columns the title may say just "Lords"


class Sized(DummyOutput):
    """A headless terminal of a given size."""

    def __init__(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def viewer_at(columns: int, rows: int, path: Path = SMALL) -> ReplayViewer:
    """A viewer on a `columns` x `rows` screen, at turn 20 of the game."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=Sized(columns, rows)):
        viewer = ReplayViewer(ReplayStepper(read_replay(path)), "game.jsonl", input=pipe,
                              output=Sized(columns, rows))
        pipe.send_text("turn 20\rq\r")
        viewer.run()
    return viewer


def test_the_events_wrap_at_word_boundaries() -> None:
    viewer = viewer_at(160, 48)  # the log beside the board, 64 columns wide
    viewer.do("next gamble")
    with set_app(viewer.app):
        lines = fragment_list_to_text(viewer.log_text()).split("\n")
        width = viewer.arrangement().side_width
    words = set(" ".join(viewer.stepper.log()).split())
    assert len(lines) > 2 and all(len(line) <= width for line in lines)
    events = lines[next(i for i, line in enumerate(lines) if line.startswith("·")):]
    assert len(events) > 1 and all(word in words for line in events for word in line.removeprefix("·").split())


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 32), (160, 48)])
def test_every_lot_shows_at_every_size_in_the_game_screens_arrangement(columns: int, rows: int) -> None:
    """`replay show` shares the game screen's arrangement: beside the board where the players fit, under it
    on a narrower screen, so no column of lots is cut (at 100x32 the B, D and F blocks lost their third)."""
    path = next(spec for spec in GOLDEN if "underworld" in spec.name).path
    viewer = viewer_at(columns, rows, path)
    with set_app(viewer.app):
        board = fragment_list_to_text(viewer.board_text())
        arranged = viewer.arrangement()
    shown = set(re.findall(r"(?<![A-Za-z0-9])[A-F]\d{1,2}(?= )", board))
    assert shown == {lot.name for lot in LOTS}, sorted({lot.name for lot in LOTS} - shown)
    assert arranged.side_by_side == (columns >= 160)
    assert max(len(line) for line in board.split("\n")) <= arranged.board_width
