"""Key bindings, built by functions as in ptpython: global keys, lobby keys, game keys."""

from __future__ import annotations

from prompt_toolkit.filters import Condition, has_completions
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase

from vegas_table.client.screen import Screen


def load_global_bindings(client: Screen) -> KeyBindings:
    kb = KeyBindings()
    empty_line = Condition(lambda: not client.command.text)

    @kb.add("c-c")
    @kb.add("c-d", filter=empty_line)
    def _quit(event: KeyPressEvent) -> None:
        client.quit()

    @kb.add("pageup")
    def _older(event: KeyPressEvent) -> None:
        client.scroll(+5)

    @kb.add("pagedown")
    def _newer(event: KeyPressEvent) -> None:
        client.scroll(-5)

    @kb.add("f1")
    def _help(event: KeyPressEvent) -> None:
        if not client.close_help():
            client.show_help()

    return kb


def load_lobby_bindings(client: Screen) -> KeyBindings:
    kb = KeyBindings()
    in_lobby = Condition(lambda: client.model.screen == "lobby") & ~has_completions
    choosing = in_lobby & Condition(lambda: not client.command.text)

    @kb.add("up", filter=choosing)
    def _up(event: KeyPressEvent) -> None:
        client.move_selection(-1)

    @kb.add("down", filter=choosing)
    def _down(event: KeyPressEvent) -> None:
        client.move_selection(+1)

    return kb


def load_game_bindings(client: Screen) -> KeyBindings:
    kb = KeyBindings()
    in_game = Condition(lambda: client.model.screen == "game")

    @kb.add("escape", filter=in_game & ~has_completions, eager=True)
    def _clear(event: KeyPressEvent) -> None:
        if client.close_help():
            return
        client.command.reset()
        client.model.notice = None

    return kb


def load_key_bindings(client: Screen) -> KeyBindingsBase:
    return merge_key_bindings([load_global_bindings(client), load_lobby_bindings(client), load_game_bindings(client)])
