"""The lobby: the server's list of games (refreshed every few seconds while it is up), and the way into a
game: create one, join or watch one, or resume this player's unfinished game. Opening a game enters it in
the view-model and hands it to the game controller to follow (`follow`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import structlog

from vegas_client.data import NewGame
from vegas_client.errors import VegasError
from vegas_client.seats import SavedSeat
from vegas_client.table import Table
from vegas_table.client.control.seatbook import SeatBook
from vegas_table.client.control.tasks import Tasks
from vegas_table.client.lobby import LobbyCommand
from vegas_table.client.viewmodel import ClientModel, enter_game, note, set_games, tell

log = structlog.get_logger("client")

LOBBY_REFRESH = 3.0  # seconds between lobby listings


class LobbyController:
    def __init__(self, model: ClientModel, link: Table, seats: SeatBook, tasks: Tasks, replay_dir: Path, *,
                 follow: Callable[[], None], leave: Callable[[], None]) -> None:
        self.model = model
        self.link = link
        self.seats = seats
        self.tasks = tasks
        self.replay_dir = replay_dir  # where finished games' replays are kept (the lobby names them)
        self.follow = follow  # follow the game just entered
        self.leave = leave  # stop following the game on screen

    async def refresh(self) -> None:
        self.model.game_types = await self.link.game_types()
        set_games(self.model, await self.link.list_games(include_finished=self.model.history))
        self.model.replays = {g.game_id: str(path) for g in self.model.games if g.status == "finished"
                              and (path := self.replay_dir / f"{g.game_id}.jsonl").is_file()}
        self.model.connection, self.model.connected = "connected", True

    async def keep_fresh(self) -> None:
        """While the lobby is up, list the games again every few seconds (friends create and join games)."""
        while True:
            await asyncio.sleep(LOBBY_REFRESH)
            if self.model.screen == "lobby":
                try:
                    await self.refresh()
                except VegasError as error:
                    self.model.connection, self.model.connected = error.message, False
                self.tasks.redraw()

    def run(self, command: LobbyCommand) -> None:
        if command.verb == "refresh":
            self.tasks.spawn(self.refresh())
        elif command.verb == "history":
            self.model.history = not self.model.history
            tell(self.model, "finished games are listed too: Enter on one shows its standings" if self.model.history
                 else "finished games are hidden again")
            self.tasks.spawn(self.refresh())
        elif command.verb == "create" and command.new_game is not None:
            self.tasks.spawn(self.create_game(command.new_game))
        elif command.verb in ("join", "watch"):
            self.tasks.spawn(self.open_game(command.game_id, watch=command.verb == "watch", seat=command.seat))

    def back(self) -> None:
        """From the game on screen back to the lobby."""
        self.leave()
        self.tasks.spawn(self.refresh())

    def move_selection(self, step: int) -> None:
        if self.model.games:
            self.model.selected = (self.model.selected + step) % len(self.model.games)

    async def resume(self) -> bool:
        """Open the newest game this player holds a seat in that is not over yet; whether there was one."""
        for game_id in reversed(self.seats.my_games()):
            try:
                summary = await self.link.get_game(game_id)
            except VegasError:
                continue  # a game the server no longer has
            if summary.status in ("waiting", "running"):
                await self.open_game(game_id)
                note(self.model, f"Back in your unfinished game {game_id}; lobby lists the others.", "notice")
                return True
        return False

    async def open_game(self, game_id: str, watch: bool = False, seat: int | None = None) -> None:
        """Sit down at `game_id`: with a saved token if there is one, else by joining; or just watch."""
        saved = None if watch else self.seats.saved_seat(game_id)
        if saved is not None and saved.code:
            self.link.codes.setdefault(game_id, saved.code)
        if saved is not None and saved.host:
            self.link.hosts.setdefault(game_id, saved.host)
        if saved is not None and seat is not None and seat != saved.seat:
            raise VegasError(f"you ({self.model.name}) already play seat {saved.seat} of game {game_id}, not seat "
                             f"{seat}: leave out --seat, or play another seat under another --name")
        summary = await self.link.get_game(game_id)
        if summary.status == "finished" and saved is None:
            watch = True  # a finished game is looked at: its final position, standings and replay
        other = None if watch or saved is not None else self.seats.others_seat(game_id)
        if saved is None and not watch:
            if not summary.free_seats:
                tell(self.model, f"game {game_id} has no free seat: watching it instead", "notice")
                watch = True
            else:  # committed to fresh entropy, revealed when every seat is taken (the library does both)
                joined = await self.link.join_game(game_id, self.model.name, seat)
                saved = SavedSeat(game_id, joined.seat, joined.token, self.model.name, joined.entropy,
                                  self.link.codes.get(game_id, ""), host=self.link.hosts.get(game_id, ""))
                self.seats.put(saved)
                summary = joined.game  # the seat list with this player in it
                log.info("joined", game_id=game_id, seat=joined.seat)
        elif saved is not None and saved.entropy:  # a restarted client: it can still reveal what it committed to
            self.link.entropies.hold(game_id, saved.seat, saved.token, saved.entropy)
        enter_game(self.model, game_id, saved.seat if saved else None, saved.token if saved else "",
                   summary.commitment)
        self.model.host = game_id in self.link.hosts
        self.model.summary = summary
        if other is not None:
            note(self.model, f"Seat {other.seat} of game {game_id} is kept for {other.name} (vegas play --name "
                             f"{other.name} takes it back); you join as {self.model.name}.", "notice")
        if saved is not None:
            note(self.model, f"You play seat {saved.seat} of game {game_id}. Type help for the commands.")
        self.follow()

    async def create_game(self, spec: NewGame) -> None:
        created = await self.link.create_game(spec)
        log.info("created", game_id=created.game_id, game=spec.game, rules=spec.rules, players=spec.players,
                 private=spec.private)
        await self.open_game(created.game_id)
        if created.join_code:
            note(self.model, f"Game {created.game_id} is private: its join code is {created.join_code}. Give it "
                 f"only to your players: vegas play --game {created.game_id} --code {created.join_code}", "notice")
