"""What the screen's parts need of the client: the narrow interface the layout, the command line's
completer and validator, and the key bindings are written against.

They draw the view-model and read the command line; a key asks for one of a few things (quit, scroll, help,
choose a game). Anything that satisfies `Screen` can stand behind them (`client.app.ClientApp` does), so
none of them imports the application or its controllers.
"""

from __future__ import annotations

from typing import Protocol

from prompt_toolkit.buffer import Buffer

from vegas_table.client.viewmodel import ClientModel


class Screen(Protocol):
    @property
    def model(self) -> ClientModel:
        """What every window draws."""

    @property
    def command(self) -> Buffer:
        """The command line."""

    def my_games(self) -> list[str]:
        """The games this player holds a seat in (the lobby stars them)."""

    def quit(self) -> None: ...

    def scroll(self, lines: int) -> None:
        """PageUp (+) / PageDown (-): the page open, else the log."""

    def close_help(self) -> bool:
        """Close the page open, if one is (whether one was)."""

    def show_help(self) -> None:
        """The commands of the screen that is up."""

    def move_selection(self, step: int) -> None:
        """↑/↓ in the lobby: the game chosen."""
