"""The screen's parts stand on `client.screen.Screen` alone: a stand-in with a model and a command line,
no application or controllers behind it, is drawn and completed as the client is."""

from __future__ import annotations

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from vegas_client.data import GameType, RuleSet
from vegas_table.client.bindings import load_key_bindings
from vegas_table.client.inputs import CommandCompleter
from vegas_table.client.layout import ClientLayout
from vegas_table.client.render.text import plain
from vegas_table.client.screen import Screen
from vegas_table.client.viewmodel import ClientModel


class Plain:
    """A Screen with nothing behind it: what a key asks is written down."""

    def __init__(self) -> None:
        self.model = ClientModel(server="10.0.0.9:50051", name="Ann", connected=True, connection="connected",
                                 game_types=[GameType("lords", "Lords of Vegas", (RuleSet("up", 2, 6, "Up!"),), ())])
        self.command = Buffer(multiline=False)
        self.asked: list[str] = []

    def my_games(self) -> list[str]:
        return []

    def quit(self) -> None:
        self.asked.append("quit")

    def scroll(self, lines: int) -> None:
        self.asked.append(f"scroll {lines}")

    def close_help(self) -> bool:
        return False

    def show_help(self) -> None:
        self.asked.append("help")

    def move_selection(self, step: int) -> None:
        self.asked.append(f"move {step}")


def test_the_layout_the_completer_and_the_keys_need_only_a_screen() -> None:
    screen: Screen = Plain()
    layout = ClientLayout(screen)
    layout.build()
    assert "Vegas Table · 10.0.0.9:50051 · Ann" in plain(layout._lobby())
    words = [c.text for c in CommandCompleter(screen).get_completions(Document("cre"), CompleteEvent())]
    assert words == ["create "]
    assert load_key_bindings(screen).bindings  # built against the Screen alone
