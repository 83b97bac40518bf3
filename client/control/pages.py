"""The pages over the board: help (the lobby's in the log, a game's in a pane of its own), the whole log,
the seed commitment, and scrolling whichever is up."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size

from vegas_table.client.arrange import FIXED_LINES
from vegas_table.client.hosting import TABLE_HELP
from vegas_table.client.lobby import LOBBY_HELP
from vegas_table.client.orders import CommandError
from vegas_table.client.render.panels import help_lines
from vegas_table.client.viewmodel import ClientModel, current_ui, note


class Pages:
    def __init__(self, model: ClientModel, size: Callable[[], Size]) -> None:
        self.model = model
        self.size = size  # the terminal's, for how far back a page opens scrolled

    def show_help(self, topic: str = "") -> None:
        """The lobby's commands in the log; in a game, the page asked for in a pane of its own (the log may
        be two lines high): the commands, or `help board`, `help gamble`... Esc closes it."""
        ui = current_ui(self.model)
        if self.model.screen == "lobby" or ui is None:
            for line in LOBBY_HELP:
                note(self.model, line)
            return
        if topic and topic not in ui.topics:
            raise CommandError(f"help {topic}: no such page; pages: {', '.join(ui.topics)} (or help alone: the "
                               "commands)")
        more = " · ".join(f"help {name}" for name in ui.topics)
        self.model.help_scroll = 0
        if topic:
            self.model.help = (f"{ui.title}: help {topic}", (*ui.topics[topic], f"Also: help (the commands) · {more}"))
        else:
            self.model.help = (f"{ui.title}: the commands", (*ui.help, *TABLE_HELP, f"More: {more}"))

    def show_log(self) -> None:
        """`log`: every line the log keeps, in the page pane, scrolled to the newest (the log under the board
        may be a few lines high)."""
        lines = tuple(line.text for line in self.model.log) or ("Nothing has happened yet.",)
        size = self.size()
        room = max(1, size.rows - FIXED_LINES - 2)
        self.model.help = (f"the log: {len(self.model.log)} lines, oldest first", lines)
        self.model.help_scroll = max(0, len(help_lines(lines, size.columns - 2)) - room)

    def close(self) -> bool:
        """Close the help pane if one is open (whether it was)."""
        was, self.model.help = self.model.help is not None, None
        return was

    def show_commitment(self) -> None:
        if not self.model.commitment:
            note(self.model, "No seed commitment: open a game first.")
            return
        note(self.model, f"Seed commitment: {self.model.commitment} (SHA-256 of the server's secret seed, fixed "
                         "before anyone joined; the client checks the revealed secret against it at the end)")

    def scroll(self, lines: int) -> None:
        """PageUp/PageDown: the help page when one is open, else the log."""
        if self.model.help is not None:
            self.model.help_scroll = max(0, self.model.help_scroll - lines)  # PageUp (+) goes back up
            return
        self.model.log_scroll = max(0, min(len(self.model.log), self.model.log_scroll + lines))
