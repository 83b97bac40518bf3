"""The table's own commands (read by `client.hosting`): the host seats the server's bots in a waiting
game's free seats or lets one stand in for an absent player (`seat`, `bots`), and any player goes into the
rematch of a finished game (`rematch`), or is invited once another player opened it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import structlog

from vegas_client.errors import VegasError
from vegas_client.table import Table
from vegas_table.client.control.lobby import LOBBY_REFRESH
from vegas_table.client.control.seatbook import SeatBook
from vegas_table.client.control.tasks import Tasks
from vegas_table.client.hosting import invitation, offered_bots, parse_bots, parse_seat, waits_for_people
from vegas_table.client.orders import CommandError
from vegas_table.client.viewmodel import ClientModel, note, tell

log = structlog.get_logger("client")


class TableController:
    def __init__(self, model: ClientModel, link: Table, seats: SeatBook, tasks: Tasks, *,
                 open_game: Callable[[str, int | None], Awaitable[None]]) -> None:
        self.model = model
        self.link = link
        self.seats = seats
        self.tasks = tasks
        self.open_game = open_game  # sit down at a game (its id, the seat wanted)

    def _hosted(self, word: str) -> str:
        """The game on screen, if this player is its host; CommandError for `word` if not."""
        game_id = self.model.game_id or ""
        if game_id not in self.link.hosts:
            raise CommandError(f"{word}: only the game's host (who created it) may seat bots or hand them seats")
        return game_id

    def hand_seat(self, text: str) -> None:
        """`seat N bot KIND` / `seat N back`: the host lets a bot play an absent player's seat, or gives it back;
        while the game waits for people, seats the bot in a free seat."""
        game_id = self._hosted("seat")
        seat, bot = parse_seat(text, self.model.summary, offered_bots(self.model))
        self.tasks.spawn(self._hand_seats(game_id, [seat], bot))

    def seat_bots(self, text: str) -> None:
        """`bots N [KIND]`: while the game waits for people, the host seats bots in its last N free seats."""
        game_id = self._hosted("bots")
        seats, bot = parse_bots(text, self.model.summary, offered_bots(self.model))
        self.tasks.spawn(self._hand_seats(game_id, seats, bot))

    async def _hand_seats(self, game_id: str, seats: list[int], bot: str) -> None:
        waiting = self.model.summary is not None and waits_for_people(self.model.summary)
        for seat in seats:
            summary = await self.link.hand_seat(game_id, seat, bot)
            if self.model.game_id == game_id:
                self.model.summary = summary
        player = summary.seats[seats[0]].player
        if waiting:
            told = f"the {bot} bot takes seat {seats[0]}" if len(seats) == 1 else \
                f"{bot} bots take seats {', '.join(map(str, seats))}"
            tell(self.model, f"{told} for the whole game", "notice")
        else:
            tell(self.model, f"seat {seats[0]}: the {bot} bot plays for {player} until they act again or you type "
                 f"seat {seats[0]} back" if bot else f"seat {seats[0]} is {player}'s again", "notice")

    def start_rematch(self) -> None:
        """`rematch`: once the game is over, into its rematch (made now if nobody has asked for one yet)."""
        if self.model.status != "finished":
            raise CommandError("rematch: the game is not over yet; a rematch comes once it is")
        if self.model.seat is None:
            raise CommandError("rematch: only the game's players may ask for one (spectators can watch it)")
        self.tasks.spawn(self._rematch(self.model.game_id or "", self.model.seat, self.model.token))

    async def _rematch(self, game_id: str, seat: int, token: str) -> None:
        created = await self.link.rematch(game_id, token)
        log.info("rematch", game_id=game_id, rematch=created.game_id, host=bool(created.host_token))
        wanted = seat if seat in created.game.free_seats else None
        await self.open_game(created.game_id, wanted)

    async def await_rematch(self, game_id: str) -> None:
        """While the finished game is on screen, look for a rematch another player opened: invite once."""
        while self.model.game_id == game_id and self.model.screen == "game":
            try:
                summary = await self.link.get_game(game_id)
            except VegasError as error:  # the server is away: the game is over anyway, look again later
                log.info("rematch_unknown", reason=error.message)
                await asyncio.sleep(LOBBY_REFRESH)
                continue
            if summary.rematch:
                if self.seats.saved_seat(summary.rematch) is None:
                    note(self.model, invitation(summary.rematch), "notice")
                    tell(self.model, invitation(summary.rematch), "notice")
                return
            await asyncio.sleep(LOBBY_REFRESH)
