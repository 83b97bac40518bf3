"""`vegas replay show`: step through a replay on the same board view as the client.

A thin screen over `replays.stepper.ReplayStepper` (which holds every position and understands every
command): the client's pure render functions draw the board and the players from the position's view, the
current record's events read as sentences beside them, and a command line at the bottom takes `next`,
`previous`, `turn 12`, `next gamble`... The arrow keys step when the command line is empty.
"""

from __future__ import annotations

import textwrap
from typing import Any

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples, split_lines
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    BufferControl,
    Dimension,
    DynamicContainer,
    FormattedTextControl,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.processors import BeforeInput

from vegas_table.client.arrange import Arrangement, Arranger
from vegas_table.client.render import UnknownGame, board_lines, render_board, render_header, render_players
from vegas_table.client.render.styles import client_style, color_depth
from vegas_table.client.render.text import Line, fit, join_lines, truncate
from vegas_table.replays.stepper import HELP, ReplayStepper

KEYS = "→/← step · Home/End · Enter a command · Ctrl-C quits"
QUIT = ("q", "quit", "exit")


def _size() -> tuple[int, int]:
    size = get_app().output.get_size()
    return size.columns, size.rows


class ReplayViewer:
    """The screen: header, board, players and log, a status line and the command line."""

    def __init__(self, stepper: ReplayStepper, source: str, color: str = "auto", **app_options: Any) -> None:
        self.stepper = stepper
        self.source = source
        problem = stepper.report.problem
        self.message = "" if problem is None else (f"the file fails at line {problem.line} ({problem.what}): "
                                                   f"showing the game up to record {stepper.last}")
        self.input = Buffer(multiline=False, accept_handler=self._accept)
        self._arranged: tuple[tuple[int, int, int], Arrangement] | None = None
        self._arranger = Arranger()  # the forms chosen at a size stay while stepping through the game
        depth = color_depth(color)
        self.app: Application[None] = Application(layout=Layout(self._layout(), focused_element=self.input),
                                                  key_bindings=self._bindings(), style=client_style(depth),
                                                  color_depth=depth, full_screen=True, **app_options)

    # --- layout ------------------------------------------------------------------------------------------

    def _layout(self) -> HSplit:
        """The game screen's arrangement (`client.arrange`): the players and the log beside the board where
        they fit, under it on a narrow screen, so that every lot shows at 80x24 as it does in the game."""
        def text(render: Any) -> FormattedTextControl:
            return FormattedTextControl(render, focusable=False)

        def players_height() -> Dimension:  # as tall as the arrangement says, less where the screen is short
            lines = self.arrangement().players_height
            return Dimension(min=1, max=lines, preferred=lines)

        def panels() -> list[Window]:  # the players, a rule and the log: each arrangement has its own
            return [Window(text(self.players_text), wrap_lines=False, height=players_height),
                    Window(height=1, char="─", style="class:dim"), Window(text(self.log_text), wrap_lines=False)]

        wide = VSplit([Window(text(self.board_text), wrap_lines=False), Window(width=1, char="│", style="class:dim"),
                       HSplit(panels(), width=lambda: self.arrangement().side_width)])
        stacked = HSplit([Window(text(self.board_text), wrap_lines=False,
                                 height=lambda: self.arrangement().board_height), *panels()])
        return HSplit([
            Window(text(self.header_text), height=1),
            DynamicContainer(lambda: wide if self.arrangement().side_by_side else stacked),
            Window(text(self.status_text), height=1, style="class:dim"),
            Window(BufferControl(self.input, input_processors=[BeforeInput("replay> ", style="class:title")]),
                   height=1),
        ])

    def arrangement(self) -> Arrangement:
        """Where the board, the players and the log go at this size (the game screen's rule), kept for the
        redraw: the same size always gives the same arrangement."""
        columns, rows = _size()
        key = (columns, rows, self.stepper.index)
        if self._arranged is None or self._arranged[0] != key:
            view = self.view()

            def board(width: int, room: int) -> int:
                try:
                    return board_lines(view, width, room)
                except UnknownGame:
                    return 1

            def players(width: int, brief: bool) -> int:
                return len(list(split_lines(self.players_at(width, brief))))

            self._arranged = (key, self._arranger(columns, rows, board, players, lambda width: 0))
        return self._arranged[1]

    def view(self) -> dict[str, Any]:
        return self.stepper.view()

    def header_text(self) -> StyleAndTextTuples:
        width, _ = _size()
        try:
            return truncate(render_header(self.view(), width), width)
        except UnknownGame:
            return [("class:title", fit(f"{self.stepper.game.title}: {self.source}", width))]

    def board_text(self) -> StyleAndTextTuples:
        a = self.arrangement()
        try:
            return render_board(self.view(), width=a.board_width, height=a.board_height)
        except UnknownGame:
            return [("class:dim", f"no board view for {self.stepper.game.title} yet: standings on the right")]

    def players_text(self) -> StyleAndTextTuples:
        a = self.arrangement()
        return self.players_at(a.side_width, a.players_brief)

    def players_at(self, width: int, brief: bool = False) -> StyleAndTextTuples:
        try:
            return render_players(self.view(), width=width, brief=brief)
        except UnknownGame:
            lines: list[Line] = [[("", fit(s.name, 10)), ("", f" money {s.money:>5}" + (
                f"  score {s.score:>3}" if s.score is not None else ""))] for s in self.stepper.standings()]
            return join_lines(lines)

    def log_text(self) -> StyleAndTextTuples:
        """The record's caption and its events, wrapped at word boundaries to the side column."""
        width = self.arrangement().side_width
        lines: list[Line] = [[("class:title", part)] for part in textwrap.wrap(self.stepper.caption(), width)]
        for line in self.stepper.log():
            lines += [[("", ("· " if n == 0 else "  ") + part)]
                      for n, part in enumerate(textwrap.wrap(line, max(10, width - 2)) or [""])]
        return join_lines(lines)

    def status_text(self) -> StyleAndTextTuples:
        width, _ = _size()
        message = self.message or f"{self.source} · {KEYS}"
        return [("", fit(message, width))]

    # --- input -------------------------------------------------------------------------------------------

    def do(self, command: str) -> None:
        """Carry out a command from the command line (or a key), remembering what to tell the viewer."""
        if command.strip().lower() in QUIT:
            self.app.exit()
            return
        if command.strip().lower() in ("?", "help", "h"):
            self.message = HELP
            return
        self.message = self.stepper.command(command)

    def _accept(self, buffer: Buffer) -> bool:
        self.do(buffer.text)
        return False  # clear the line

    def _bindings(self) -> KeyBindings:
        keys = KeyBindings()
        empty = Condition(lambda: not self.input.text)

        def step(command: str) -> Any:
            def handler(event: KeyPressEvent) -> None:
                self.do(command)

            return handler

        for key, command in (("right", "next"), ("left", "previous"), ("home", "start"), ("end", "end"),
                             ("pagedown", "next turn"), ("pageup", "previous turn")):
            keys.add(key, filter=empty)(step(command))

        @keys.add("c-c")
        @keys.add("c-d")
        def _quit(event: KeyPressEvent) -> None:
            self.app.exit()

        return keys

    def run(self) -> None:
        self.app.run()
