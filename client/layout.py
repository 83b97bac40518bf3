"""The prompt_toolkit layout of the client: windows whose text is drawn from the view-model on each redraw.

Every window's content is a call to a pure render function with the current model and the size the
arrangement gives it; nothing here holds game state.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from prompt_toolkit.application.current import get_app
from prompt_toolkit.formatted_text import StyleAndTextTuples, split_lines
from prompt_toolkit.layout import DynamicContainer, Float, FloatContainer, HSplit, Layout, VSplit, Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput

from vegas_table.client.arrange import FIXED_LINES, Arrangement, Arranger
from vegas_table.client.drafting import mentioned_words, typing_preview
from vegas_table.client.render import board_lines, render_board, render_header, render_players
from vegas_table.client.render.panels import (
    prompt_height,
    render_help,
    render_lobby,
    render_log,
    render_notice,
    render_prompts,
    render_status,
    render_waiting,
)
from vegas_table.client.render.text import join_lines
from vegas_table.client.screen import Screen
from vegas_table.client.seen import changed_places
from vegas_table.client.viewmodel import Notice, open_prompts, shown_view

MIN_COLUMNS, MIN_ROWS = 80, 24  # the size every screen is made and tested for


def _size() -> tuple[int, int]:
    size = get_app().output.get_size()
    return size.columns, size.rows


def _text(render: Callable[[], StyleAndTextTuples]) -> FormattedTextControl:
    return FormattedTextControl(render, focusable=False)


def _last_lines(lines: StyleAndTextTuples, count: int) -> StyleAndTextTuples:
    """The last `count` lines of formatted text (a short window keeps the bottom of the players panel)."""
    split = list(split_lines(lines))
    return join_lines(split[-count:] if count > 0 else [])


class ClientLayout:
    """The windows of both screens (lobby and game) and the rules that size them."""

    def __init__(self, client: Screen) -> None:
        self.client = client
        self.model = client.model
        self._arranged: tuple[tuple[int, tuple[int, int]], Arrangement] | None = None
        self._arrangers: dict[str | None, Arranger] = {}  # a game's forms at each size stay while it is shown
        self.input_window = Window(BufferControl(client.command, input_processors=[BeforeInput(self._prompt_text)]),
                                   height=1, style="class:input")
        self.header = Window(_text(self._header), height=1)
        self.board = Window(_text(self._board), height=lambda: Dimension.exact(self.arrangement().board_height),
                            width=lambda: Dimension.exact(self.arrangement().board_width), wrap_lines=False)
        self.players = Window(_text(self._players), height=lambda: Dimension.exact(self.arrangement().players_height))
        self.prompts = Window(_text(self._prompts), height=lambda: Dimension.exact(self.arrangement().prompts_height))
        self.log = Window(_text(self._log), height=Dimension(min=1, weight=1))
        self.waiting = Window(_text(self._waiting),
                              height=lambda: Dimension.exact(len(list(split_lines(self._waiting())))))
        small = self.too_small = self._too_small_window()
        # The prompts (a decision, a trade to answer) sit right above the command line, where the eye is.
        side = HSplit([self.players, self.log, self.prompts], window_too_small=small)
        self.stacked = HSplit([self.header, self.board, self.players, self.log, self.prompts], window_too_small=small)
        # The empty window under the board lets the row grow, so the log beside it gets the lines left over.
        left = HSplit([self.board, Window()], window_too_small=small)
        self.wide = HSplit([self.header, VSplit([left, Window(width=1), side], window_too_small=small)],
                           window_too_small=small)
        self.lobby = Window(_text(self._lobby), height=lambda: Dimension.exact(self._lobby_lines()))
        self.help = HSplit([self.header, Window(_text(self._help), height=Dimension(min=1, weight=1))],
                           window_too_small=small)
        body = HSplit([DynamicContainer(self._body), self.input_window], window_too_small=small)
        menu = CompletionsMenu(max_height=8, scroll_offset=1)
        # The menu floats over the screen above the command line, never over the notice and status lines
        # under it: what is wrong with a command stays in sight while completing it.
        self.root = HSplit([FloatContainer(body, floats=[Float(xcursor=True, ycursor=True, content=menu)]),
                            Window(_text(self._notice), height=lambda: Dimension.exact(self._notice_lines())),
                            Window(_text(self._status), height=1)],
                           window_too_small=small)

    def _too_small_window(self) -> Window:
        """What shows instead of the screen when the terminal cannot hold it: the size it needs."""

        def text() -> StyleAndTextTuples:
            columns, rows = _size()
            said = (f"Window too small: the game needs at least {MIN_COLUMNS}x{MIN_ROWS} (columns x lines); this "
                    f"one is {columns}x{rows}. Enlarge it, or make the font smaller.")
            return [("class:error", "\n".join(textwrap.wrap(said, max(10, columns - 1))))]

        return Window(FormattedTextControl(text))

    def build(self) -> Layout:
        return Layout(self.root, focused_element=self.input_window)

    # ---- which screen

    def _body(self) -> AnyContainer:
        if self.model.screen == "lobby":
            return HSplit([self.lobby, self.log])
        if self.model.view is None:
            return HSplit([self.waiting, self.log])
        columns, rows = _size()
        if columns < MIN_COLUMNS or rows < MIN_ROWS:  # short boards and brief tables would squeeze in: say so
            return self.too_small
        if self.model.help is not None:
            return self.help
        return self.wide if self.arrangement().side_by_side else self.stacked

    def arrangement(self) -> Arrangement:
        """The arrangement of this redraw (worked out once per redraw: every window asks for it)."""
        key = (get_app().render_counter, _size())
        if self._arranged is None or self._arranged[0] != key:
            self._arranged = (key, self._arrange())
        return self._arranged[1]

    def _arrange(self) -> Arrangement:
        columns, rows = _size()
        view = shown_view(self.model)
        prompts = open_prompts(self.model)

        def players(width: int, brief: bool) -> int:
            return len(list(split_lines(render_players(view, width, brief)))) if view is not None else 0

        def board(width: int, room: int) -> int:
            return board_lines(view, width, room) if view is not None else 0

        arranger = self._arrangers.setdefault(self.model.game_id, Arranger())
        return arranger(columns, rows, board, players, lambda width: prompt_height(prompts, width),
                        below=self._notice_lines() - 1)

    # ---- what each window shows

    def _prompt_text(self) -> StyleAndTextTuples:
        if self.model.screen == "lobby":
            return [("class:dim", "lobby> ")]
        view, seat = shown_view(self.model), self.model.seat
        if seat is None or view is None:
            return [("class:dim", "watching> ")]
        colour = view["seats"][seat]["colour"]
        return [(f"class:player.{colour}", f"{view['seats'][seat]['name']}"), ("", "> ")]

    def _header(self) -> StyleAndTextTuples:
        view = shown_view(self.model)
        return render_header(view, _size()[0]) if view is not None else []

    def _board(self) -> StyleAndTextTuples:
        view = shown_view(self.model)
        if view is None:
            return []
        a = self.arrangement()
        return render_board(view, a.board_width, a.board_height, highlight=mentioned_words(self.client.command.text),
                            changed=changed_places(view, self.model.baseline))

    def _players(self) -> StyleAndTextTuples:
        view = shown_view(self.model)
        if view is None:
            return []
        a = self.arrangement()
        return _last_lines(render_players(view, a.side_width, a.players_brief), a.players_height)

    def _prompts(self) -> StyleAndTextTuples:
        return render_prompts(open_prompts(self.model), self.arrangement().side_width)

    def _log(self) -> StyleAndTextTuples:
        columns, rows = _size()
        if self.model.screen == "lobby":
            width, height = columns, rows - FIXED_LINES - self._lobby_lines()
        elif self.model.view is not None:
            a = self.arrangement()
            width, height = a.side_width, a.log_height
        else:
            width, height = columns, rows - FIXED_LINES - len(list(split_lines(self._waiting())))
        return render_log(list(self.model.log), width, height, self.model.log_scroll, self.model.version,
                          shown_view(self.model))

    def _help(self) -> StyleAndTextTuples:
        columns, rows = _size()
        return render_help(self.model.help, columns, rows - FIXED_LINES, self.model.help_scroll) if self.model.help \
            else []

    def _waiting(self) -> StyleAndTextTuples:
        return render_waiting(self.model, _size()[0])

    def _lobby(self) -> StyleAndTextTuples:
        columns, rows = _size()
        return render_lobby(self.model, columns, rows - FIXED_LINES - 1, mine=self.client.my_games())

    def _lobby_lines(self) -> int:
        return len(list(split_lines(self._lobby())))

    def _notice(self) -> StyleAndTextTuples:
        error, text = self.client.command.validation_error, self.client.command.text
        asked = self.model.confirming
        if error is None and asked is not None and asked[0] == text.strip():
            return render_notice(Notice(asked[1], "confirm"), None, _size()[0])
        preview = None if error else typing_preview(self.model, text)
        return render_notice(self.model.notice, error.message if error else None, _size()[0], preview)

    def _notice_lines(self) -> int:
        """The notice's lines: more than one where a preview wraps, taken from the log."""
        return len(list(split_lines(self._notice())))

    def _status(self) -> StyleAndTextTuples:
        return render_status(self.model, _size()[0])

