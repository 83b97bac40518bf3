"""The game on screen: follow its stream into the view-model, and send the player's orders.

A `Follower` streams the game and a `Seat` sends the player's orders (vegas_client); each update lands in
the view-model (`client.viewmodel.apply_update`), with what a player should hear of it: the reveal round,
their turn (a bell), what changed for them since their turn ended, the connection lost and back. Once the
game is over, `on_finished` hands it on (the proof, the rematch).
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
from collections.abc import Callable

import structlog

from vegas_client.acting import Seat
from vegas_client.data import ViewUpdate
from vegas_client.errors import VegasError
from vegas_client.follow import Follower
from vegas_client.table import Table
from vegas_table.client.control.seatbook import SeatBook
from vegas_table.client.control.tasks import Tasks
from vegas_table.client.endgame import Witnessed
from vegas_table.client.games import GameUi
from vegas_table.client.orders import CommandError, Order
from vegas_table.client.sending import deliver
from vegas_table.client.viewmodel import (
    ClientModel,
    Notice,
    add_history,
    apply_update,
    current_ui,
    leave_game,
    note,
    open_prompts,
    shown_view,
    since_last_turn,
    tell,
)

log = structlog.get_logger("client")


class KeepLine(Exception):
    """Enter did not send the command but asked about it: the line stays as it is."""


def plain_connection(text: str) -> str:
    """The follower's connection states in a player's words: `reconnecting: the server cannot be reached
    (...)` → `server unreachable, retrying (the server cannot be reached (...))`."""
    if text.startswith("reconnecting: "):
        return f"server unreachable, retrying ({text.removeprefix('reconnecting: ')})"
    return text


def done_text(order: Order) -> str:
    """The notice after the server took `order`: `done: sprawl B5 C5 (sprawl C5 is sprawl B5 C5)`."""
    return f"done: {order.action}" + (f" ({order.note})" if order.note else "")


class GameController:
    def __init__(self, model: ClientModel, link: Table, seats: SeatBook, tasks: Tasks, *,
                 bell: Callable[[], None], on_finished: Callable[[str], None],
                 on_seat_lost: Callable[[str], None]) -> None:
        self.model = model
        self.link = link
        self.seats = seats
        self.tasks = tasks
        self.bell = bell  # the game waits for this player now
        self.on_finished = on_finished  # the game on screen (its id) just ended
        self.on_seat_lost = on_seat_lost  # the server no longer knows the seat saved for a game (its id)
        self.follower: asyncio.Task[None] | None = None
        self.last_record: Witnessed | None = None  # the last replay record the server named (its version, hash)
        self.seat: Seat | None = None  # acts for the player's seat in the game on screen (None: watching)
        self.dropped = False  # the game stream was lost and is being retried

    # ---- following

    def follow(self) -> None:
        """Follow the game the view-model entered (`client.viewmodel.enter_game`), instead of any before."""
        if self.follower is not None:
            self.follower.cancel()
        self.last_record = None
        game_id, token = self.model.game_id, self.model.token
        assert game_id is not None
        follower = Follower(self.link, game_id, token, on_state=self.on_connection)
        seat = self.model.seat
        self.seat = Seat(self.link, game_id, seat, token, follower) if seat is not None else None
        self.follower = self.tasks.spawn(self._run_follower(follower, game_id))

    def leave(self) -> None:
        """Stop following the game on screen (the lobby comes up)."""
        if self.follower is not None and self.follower is not asyncio.current_task():
            self.follower.cancel()
        self.follower = None
        leave_game(self.model)

    async def _run_follower(self, follower: Follower, game_id: str) -> None:
        """Follow the game; a saved token the server no longer knows is forgotten, back to the lobby."""
        try:
            await follower.run(self.on_update)
        except VegasError as error:
            if error.code != "bad_token":
                raise
            self.seats.forget_seat(game_id)
            self.on_seat_lost(game_id)
            tell(self.model, f"The seat saved for game {game_id} is not valid on this server any more "
                 "(was its data reset?); join again from the lobby.", "error")

    def on_update(self, update: ViewUpdate) -> None:
        # The follower patches its view in place; the screens compare each view with the one before it.
        update = dataclasses.replace(update, view=copy.deepcopy(update.view))
        was, waited, turn_was = self.model.status, self._waits_for_me(), self._my_turn()
        first_view = self.model.version is None and update.view is not None
        if update.status == "revealing" and was != "revealing":
            note(self.model, "Every seat is taken: each player now reveals the entropy they committed to when "
                 "joining (this client does it for you); the game starts when all are in.", "notice")
        self._keep_commitments()
        if update.view is not None and update.record_hash:
            self.last_record = Witnessed(version=update.version, record_hash=update.record_hash,
                                         finished=update.finished)
        apply_update(self.model, update)
        if first_view and update.version > 0 and update.status != "finished":
            self.tasks.spawn(self.fill_history(update.version))
        if update.status == "finished" and was != "finished":
            self.on_finished(self.model.game_id or "")
        if self._waits_for_me() and not waited:
            self.bell()  # your turn (or a decision) after others played
        if self._my_turn() and not turn_was:  # what changed for you since your turn ended, once a turn
            digest = since_last_turn(self.model)
            if digest:
                note(self.model, "Since your last turn:", "notice")
                for sentence in digest:
                    note(self.model, f"  {sentence}", "notice")
        self.tasks.redraw()

    def _keep_commitments(self) -> None:
        """Save with the seat the commitments this client saw before revealing, for the end-of-game proof
        of a client restarted in between."""
        game_id = self.model.game_id
        seen = self.link.entropies.seen.get(game_id or "")
        saved = self.seats.saved_seat(game_id) if seen and game_id else None
        if saved is not None and seen and saved.commitments != seen:
            self.seats.put(dataclasses.replace(saved, commitments=seen))

    async def fill_history(self, version: int) -> None:
        """The client started on a snapshot at `version`: show what happened before it in the log."""
        game_id = self.model.game_id
        assert game_id is not None
        try:
            past = await self.link.list_events(game_id, version)
        except VegasError as error:  # the log stays as it is: nothing else depends on it
            log.info("history_unavailable", reason=error.message)
            return
        if self.model.game_id == game_id:
            add_history(self.model, past)

    def _my_turn(self) -> bool:
        view = self.model.view
        return view is not None and view["phase"] != "over" and view["current"] == self.model.seat

    def _waits_for_me(self) -> bool:
        """The game waits for this player: their turn, their decision, or a trade offer to answer."""
        view = self.model.view
        if view is None or view["phase"] == "over" or self.model.seat is None:
            return False
        acting = (view.get("pending") or {}).get("seat", view["current"])
        return acting == self.model.seat or any(p.yours and p.choices for p in open_prompts(self.model))

    def on_connection(self, text: str, connected: bool) -> None:
        text = plain_connection(text)
        if text.startswith("server unreachable") and not self.dropped:
            self.dropped = True
            note(self.model, f"connection lost: {text}", "error")
        elif text == "live" and self.dropped:
            self.dropped = False
            note(self.model, "connection back: carrying on from the last version held", "notice")
            if self.model.notice is not None and self.model.notice.level == "error":
                self.model.notice = None  # what went wrong while it was down is over
        self.model.connection, self.model.connected = text, connected
        self.tasks.redraw()

    # ---- the player's orders

    def run(self, text: str) -> None:
        """A game command: a look at something in the page pane, else the order sent (after asking, for a
        final or dear one). CommandError if it cannot be; KeepLine if it asked."""
        self.model.help = None  # back to the board for what the command does
        ui = current_ui(self.model)
        if ui is None or self.model.view is None or self.model.version is None:
            raise CommandError("the game has not started yet: wait for every seat to be taken")
        word = text.split()[0].lower()
        shown = ui.look(word, shown_view(self.model) or self.model.view) if len(text.split()) == 1 else None
        if shown is not None:  # in the pane, where a long list has room (the log may be two lines high)
            self.model.help, self.model.help_scroll = (f"{ui.title}: {word}", tuple(shown)), 0
            return
        if not self.model.connected:
            raise CommandError(f"{text}: not sent, the server cannot be reached ({self.model.connection}); "
                               "press Enter again once the status bar says live")
        order = ui.resolve(text, self.model.view, self.model.seat, open_prompts(self.model))
        if self._asks_first(ui, text, order):
            return
        self.model.busy = order.action
        self.tasks.spawn(self._send(order, self.model.version))

    def _asks_first(self, ui: GameUi, text: str, order: Order) -> bool:
        """A final or dear command asks before it is sent: the first Enter shows the question and keeps the
        line, a second Enter on the same line sends it."""
        over, asked = self.model.confirm_over, self.model.confirming
        self.model.confirming = None
        if over is None or self.model.view is None or (asked is not None and asked[0] == text):
            return False
        question = ui.confirm(order.action, self.model.view, self.model.seat, over)
        if question is None:
            return False
        self.model.confirming = (text, question)
        raise KeepLine

    async def _send(self, order: Order, version: int) -> None:
        try:
            assert self.seat is not None, "a spectator has no orders to send"
            notice = await deliver(self.seat, order, version)
        finally:
            self.model.busy = ""
        # What was done, in the player's words: the version it made is the server's business, not theirs.
        self.model.notice = notice if notice.level != "notice" else Notice(done_text(order), "notice")

