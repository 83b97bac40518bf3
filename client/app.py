"""The client application: one prompt_toolkit `Application` for the lobby and the game, run with run_async().

`ClientApp` puts the parts together and reads the command line. The controllers (`client.control`) do the
work over the view-model (`client.viewmodel`), each its own: the lobby, the game on screen, the table's
commands, the finished game, the pages. The windows, the command line's completer and validator and the
key bindings are written against `client.screen.Screen`, which this class satisfies; network work runs in
background tasks that change the view-model and ask for a redraw.
"""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from prompt_toolkit.application import Application, create_app_session
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.validation import ValidationError

from vegas_client.errors import VegasError
from vegas_client.seats import SeatStore, state_dir
from vegas_client.table import Table
from vegas_table.client.bindings import load_key_bindings
from vegas_table.client.control.endgame import EndController
from vegas_table.client.control.game import GameController, KeepLine
from vegas_table.client.control.lobby import LobbyController
from vegas_table.client.control.pages import Pages
from vegas_table.client.control.seatbook import SeatBook
from vegas_table.client.control.table import TableController
from vegas_table.client.control.tasks import Tasks
from vegas_table.client.inputs import CommandCompleter, CommandValidator
from vegas_table.client.layout import ClientLayout
from vegas_table.client.lobby import parse_lobby
from vegas_table.client.orders import CommandError
from vegas_table.client.render.styles import client_style, color_depth
from vegas_table.client.viewmodel import ClientModel, selected_game, tell


class ClientApp:
    """The lobby and game screens of one player (or spectator) on one server."""

    def __init__(self, model: ClientModel, link: Table, seats: SeatStore, *, input: Input | None = None,
                 output: Output | None = None, seat_key: str | None = None, replay_dir: Path | None = None,
                 color: str = "auto") -> None:
        self.model = model
        self.link = link
        replays = replay_dir or state_dir() / "replays"  # where finished games' replays are kept
        self.seats = SeatBook(seats, seat_key or model.server, model)
        self.tasks = Tasks(model, self.redraw)
        self.pages = Pages(model, lambda: self.application.output.get_size())
        self.ending = EndController(model, link, self.seats, replays)
        self.game = GameController(model, link, self.seats, self.tasks, bell=lambda: self.application.output.bell(),
                                   on_finished=self._finished, on_seat_lost=lambda _: self.lobby.back())
        self.lobby = LobbyController(model, link, self.seats, self.tasks, replays, follow=self.game.follow,
                                     leave=self.game.leave)
        self.table = TableController(model, link, self.seats, self.tasks,
                                     open_game=lambda game_id, seat: self.lobby.open_game(game_id, seat=seat))
        self.command = Buffer(multiline=False, completer=CommandCompleter(self), validator=CommandValidator(self),
                              complete_while_typing=True, validate_while_typing=True, history=InMemoryHistory(),
                              accept_handler=self._accept, on_text_changed=self._edited)
        self.layout = ClientLayout(self)
        depth = color_depth(color)
        self.application: Application[None] = Application(
            layout=self.layout.build(), key_bindings=load_key_bindings(self), style=client_style(depth),
            color_depth=depth, full_screen=True, input=input, output=output)

    # ---- running

    async def run(self, game_id: str | None = None, watch: bool = False, seat: int | None = None,
                  create: str = "", resume: bool = False, bot_kind: str = "") -> None:
        """Show the lobby until the player quits; or go straight to `game_id`, or to a new game made by
        the lobby command `create` (`"lords up 4 bots 3"`, its bots of kind `bot_kind`); with `resume`,
        back to this player's unfinished game on the server instead, if there is one."""

        def start() -> None:
            self.tasks.spawn(self._start(game_id, watch, seat, create, resume, bot_kind))
            self.tasks.spawn(self.lobby.keep_fresh())
            self.tasks.spawn(self._tick_clocks())

        try:
            # An app session of its own: `get_app()`, under whose render counter prompt_toolkit caches each
            # window's text, is then this application, even beside another one in the same process.
            with create_app_session(input=self.application.input, output=self.application.output):
                # Background work starts once the application runs, so its first redraw request is not lost.
                await self.application.run_async(pre_run=start)
        finally:
            await self.tasks.stop()
            await self.link.close()

    async def _start(self, game_id: str | None, watch: bool, seat: int | None, create: str, resume: bool,
                     bot_kind: str) -> None:
        try:
            await self.lobby.refresh()
        except VegasError as error:  # the lobby says so and keeps trying (LobbyController.keep_fresh)
            self.model.connection, self.model.connected = error.message, False
            raise
        if resume and not game_id and await self.lobby.resume():
            return
        if create:
            try:
                spec = parse_lobby(f"create {create}", self.model.game_types, None).new_game
            except CommandError as error:
                tell(self.model, error.message, "error")
                return
            assert spec is not None
            await self.lobby.create_game(dataclasses.replace(spec, bot_kind=bot_kind) if bot_kind else spec)
        elif game_id:
            await self.lobby.open_game(game_id, watch=watch, seat=seat)

    async def _tick_clocks(self) -> None:
        """While a turn timer runs in the game on screen, redraw every second: its clock counts down."""
        while True:
            await asyncio.sleep(1.0)
            if self.model.screen == "game" and self.model.clocks:
                self.redraw()

    def _finished(self, game_id: str) -> None:
        """The game on screen is over: prove it, and (a player) look out for its rematch."""
        self.tasks.spawn(self.ending.prove(self.game.last_record))
        if self.model.seat is not None:
            self.tasks.spawn(self.table.await_rematch(game_id))

    def redraw(self) -> None:
        self.application.invalidate()

    # ---- the command line

    def _accept(self, buffer: Buffer) -> bool:
        """Enter: run the command. Returns True to keep the text (so a refused command can be fixed)."""
        text = buffer.text.strip()
        try:
            self.run_command(text)
        except KeepLine:
            return True
        except CommandError as error:
            buffer.validation_error = ValidationError(cursor_position=len(buffer.text), message=error.message)
            return True
        if text:
            buffer.append_to_history()
        return False

    def _edited(self, _: Buffer) -> None:
        self.model.confirming = None  # a question is about the line as it was: editing it withdraws it

    def run_command(self, text: str) -> None:
        """Do what `text` says, on whichever screen is up; CommandError if it cannot be done."""
        word = text.split()[0].lower() if text.split() else ""
        in_game = self.model.screen == "game"
        if word == "quit":
            self.quit()
        elif word == "help":
            self.pages.show_help(" ".join(text.split()[1:2]).lower())
        elif word == "commitment":
            self.pages.show_commitment()
        elif word in ("audit", "standings") and in_game:
            self.ending.show(word, self.application.output.get_size().columns)
        elif word == "log" and in_game:
            self.pages.show_log()
        elif word == "seat" and in_game:
            self.table.hand_seat(text)
        elif word == "bots" and in_game:
            self.table.seat_bots(text)
        elif word == "rematch" and in_game:
            self.table.start_rematch()
        elif not in_game:
            self.lobby.run(parse_lobby(text, self.model.game_types, selected_game(self.model)))
        elif word == "lobby":
            self.lobby.back()
        elif text:
            self.game.run(text)

    # ---- client.screen.Screen: what the windows, the command line and the keys ask

    def my_games(self) -> list[str]:
        return self.seats.my_games()

    def quit(self) -> None:
        if self.application.is_running:
            self.application.exit()

    def scroll(self, lines: int) -> None:
        self.pages.scroll(lines)

    def close_help(self) -> bool:
        return self.pages.close()

    def show_help(self) -> None:
        self.pages.show_help()

    def move_selection(self, step: int) -> None:
        self.lobby.move_selection(step)
