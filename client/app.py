"""The client application: one prompt_toolkit `Application` for the lobby and the game, run with run_async().

`ClientApp` is the controller. The command line's Enter and the key bindings call its methods; network work
runs in background tasks that change the view-model (`client.viewmodel`) and ask for a redraw with
`invalidate()`. The client library does the talking: a `Follower` streams the game, a `Seat` sends the
player's orders (vegas_client); a seat's token is saved (`vegas_client.seats`) the moment it is given, so a
killed client comes back to its seat.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import structlog
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.validation import ValidationError

from vegas_client.acting import Seat
from vegas_client.data import NewGame, ViewUpdate
from vegas_client.errors import VegasError
from vegas_client.follow import Follower
from vegas_client.seats import SavedSeat, SeatStore, state_dir
from vegas_client.table import Table
from vegas_table.client.arrange import FIXED_LINES
from vegas_table.client.bindings import load_key_bindings
from vegas_table.client.endgame import Witnessed, check_finished_game
from vegas_table.client.games import GameUi
from vegas_table.client.hosting import TABLE_HELP, invitation, parse_bots, parse_seat, waits_for_people
from vegas_table.client.inputs import CommandCompleter, CommandValidator
from vegas_table.client.layout import ClientLayout
from vegas_table.client.lobby import LOBBY_HELP, LobbyCommand, parse_lobby
from vegas_table.client.orders import CommandError, Order
from vegas_table.client.render.panels import help_lines
from vegas_table.client.render.styles import client_style, color_depth
from vegas_table.client.sending import deliver
from vegas_table.client.standings import audit_page, final_page
from vegas_table.client.suggestions import CLIENT_WORDS
from vegas_table.client.viewmodel import (
    ClientModel,
    Notice,
    add_history,
    apply_update,
    current_ui,
    enter_game,
    leave_game,
    note,
    open_prompts,
    selected_game,
    set_games,
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
LOBBY_REFRESH = 3.0  # seconds between lobby listings


class ClientApp:
    """The lobby and game screens of one player (or spectator) on one server."""

    def __init__(self, model: ClientModel, link: Table, seats: SeatStore, *, input: Input | None = None,
                 output: Output | None = None, seat_key: str | None = None, replay_dir: Path | None = None,
                 color: str = "auto") -> None:
        self.model = model
        self.replay_dir = replay_dir or state_dir() / "replays"  # where finished games' replays are kept
        self.link = link
        self.seats = seats
        self.seat_key = seat_key or model.server  # seats are saved under this name of the server
        self.command = Buffer(multiline=False, completer=CommandCompleter(self), validator=CommandValidator(self),
                              complete_while_typing=True, validate_while_typing=True, history=InMemoryHistory(),
                              accept_handler=self._accept, on_text_changed=self._edited)
        self.layout = ClientLayout(self)
        depth = color_depth(color)
        self.application: Application[None] = Application(
            layout=self.layout.build(), key_bindings=load_key_bindings(self), style=client_style(depth),
            color_depth=depth, full_screen=True, input=input, output=output)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.follower: asyncio.Task[None] | None = None
        self.last_record: Witnessed | None = None  # the last replay record the server named (its version, hash)
        self.seat: Seat | None = None  # acts for the player's seat in the game on screen (None: watching)
        self.dropped = False  # the game stream was lost and is being retried
        self.revealed: bytes | None = None  # the finished game's replay, for `audit`

    # ---- running

    async def run(self, game_id: str | None = None, watch: bool = False, seat: int | None = None,
                  create: str = "", resume: bool = False, bot_kind: str = "") -> None:
        """Show the lobby until the player quits; or go straight to `game_id`, or to a new game made by
        the lobby command `create` (`"lords up 4 bots 3"`, its bots of kind `bot_kind`); with `resume`,
        back to this player's unfinished game on the server instead, if there is one."""

        def start() -> None:
            self.spawn(self._start(game_id, watch, seat, create, resume, bot_kind))
            self.spawn(self._keep_lobby_fresh())
            self.spawn(self._tick_clocks())

        try:
            # Background work starts once the application runs, so its first redraw request is not lost.
            await self.application.run_async(pre_run=start)
        finally:
            for task in list(self.tasks):
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)
            await self.link.close()

    async def _start(self, game_id: str | None, watch: bool, seat: int | None, create: str, resume: bool,
                     bot_kind: str) -> None:
        try:
            await self.refresh()
        except VegasError as error:  # the lobby says so and keeps trying (_keep_lobby_fresh)
            self.model.connection, self.model.connected = error.message, False
            raise
        if resume and not game_id and await self._resume():
            return
        if create:
            try:
                spec = parse_lobby(f"create {create}", self.model.game_types, None).new_game
            except CommandError as error:
                tell(self.model, error.message, "error")
                return
            assert spec is not None
            await self.create_game(dataclasses.replace(spec, bot_kind=bot_kind) if bot_kind else spec)
        elif game_id:
            await self.open_game(game_id, watch=watch, seat=seat)

    async def _keep_lobby_fresh(self) -> None:
        """While the lobby is up, list the games again every few seconds (friends create and join games)."""
        while True:
            await asyncio.sleep(LOBBY_REFRESH)
            if self.model.screen == "lobby":
                try:
                    await self.refresh()
                except VegasError as error:
                    self.model.connection, self.model.connected = error.message, False
                self.redraw()

    async def _tick_clocks(self) -> None:
        """While a turn timer runs in the game on screen, redraw every second: its clock counts down."""
        while True:
            await asyncio.sleep(1.0)
            if self.model.screen == "game" and self.model.clocks:
                self.redraw()

    def spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `work` in the background; a refusal it raises is shown, anything else logged and shown."""
        task = asyncio.get_running_loop().create_task(self._guard(work))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _guard(self, work: Coroutine[Any, Any, Any]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except VegasError as error:
            tell(self.model, error.message, "error")
        except Exception as error:  # a bug: keep the client up, say what happened, log the traceback
            log.exception("client_task_failed")
            tell(self.model, f"internal error: {error!r} (details in the client log)", "error")
        finally:
            self.redraw()

    def redraw(self) -> None:
        self.application.invalidate()

    def quit(self) -> None:
        if self.application.is_running:
            self.application.exit()

    # ---- lobby

    async def refresh(self) -> None:
        self.model.game_types = await self.link.game_types()
        set_games(self.model, await self.link.list_games(include_finished=self.model.history))
        self.model.replays = {g.game_id: str(path) for g in self.model.games if g.status == "finished"
                              and (path := self.replay_dir / f"{g.game_id}.jsonl").is_file()}
        self.model.connection, self.model.connected = "connected", True

    async def _resume(self) -> bool:
        """Open the newest game this player holds a seat in that is not over yet; whether there was one."""
        for game_id in reversed(self.my_games()):
            try:
                summary = await self.link.get_game(game_id)
            except VegasError:
                continue  # a game the server no longer has
            if summary.status in ("waiting", "running"):
                await self.open_game(game_id)
                note(self.model, f"Back in your unfinished game {game_id}; lobby lists the others.", "notice")
                return True
        return False

    # ---- saved seats: keyed by server, game and name, so two people on one account keep their own seats

    @property
    def _named_key(self) -> str:
        return f"{self.seat_key}#{self.model.name.lower()}"

    def saved_seat(self, game_id: str) -> SavedSeat | None:
        """The seat this player (by name) holds in `game_id`: saved under their name, or saved before seats
        were kept by name and joined with this name. Another name's seat is never taken silently."""
        saved = self.seats.get(self._named_key, game_id)
        if saved is None:
            older = self.seats.get(self.seat_key, game_id)
            saved = older if older is not None and older.name == self.model.name else None
        return saved

    def others_seat(self, game_id: str) -> SavedSeat | None:
        """A seat of `game_id` saved on this machine for someone else (another --name)."""
        older = self.seats.get(self.seat_key, game_id)
        return older if older is not None and older.name != self.model.name else None

    def forget_seat(self, game_id: str) -> None:
        self.seats.forget(self._named_key, game_id)
        if self.others_seat(game_id) is None:
            self.seats.forget(self.seat_key, game_id)

    def my_games(self) -> list[str]:
        older = [g for g, saved in self.seats.games(self.seat_key).items() if saved.name == self.model.name]
        return list(dict.fromkeys([*older, *self.seats.games(self._named_key)]))

    def move_selection(self, step: int) -> None:
        if self.model.games:
            self.model.selected = (self.model.selected + step) % len(self.model.games)

    async def open_game(self, game_id: str, watch: bool = False, seat: int | None = None) -> None:
        """Sit down at `game_id`: with a saved token if there is one, else by joining; or just watch."""
        saved = None if watch else self.saved_seat(game_id)
        if saved is not None and saved.code:
            self.link.codes.setdefault(game_id, saved.code)
        if saved is not None and saved.host:
            self.link.hosts.setdefault(game_id, saved.host)
        if saved is not None and seat is not None and seat != saved.seat:
            raise VegasError(f"you ({self.model.name}) already play seat {saved.seat} of game {game_id}, not seat "
                            f"{seat}: leave out --seat, or play another seat under another --name")
        summary = await self.link.get_game(game_id)
        self.revealed = None
        if summary.status == "finished" and saved is None:
            watch = True  # a finished game is looked at: its final position, standings and replay
        other = None if watch or saved is not None else self.others_seat(game_id)
        if saved is None and not watch:
            if not summary.free_seats:
                tell(self.model, f"game {game_id} has no free seat: watching it instead", "notice")
                watch = True
            else:  # committed to fresh entropy, revealed when every seat is taken (the library does both)
                joined = await self.link.join_game(game_id, self.model.name, seat)
                saved = SavedSeat(game_id, joined.seat, joined.token, self.model.name, joined.entropy,
                                  self.link.codes.get(game_id, ""), host=self.link.hosts.get(game_id, ""))
                self.seats.put(self._named_key, saved)
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
        self._follow()

    async def create_game(self, spec: NewGame) -> None:
        created = await self.link.create_game(spec)
        log.info("created", game_id=created.game_id, game=spec.game, rules=spec.rules, players=spec.players,
                 private=spec.private)
        await self.open_game(created.game_id)
        if created.join_code:
            note(self.model, f"Game {created.game_id} is private: its join code is {created.join_code}. Give it "
                 f"only to your players: vegas play --game {created.game_id} --code {created.join_code}", "notice")

    def _follow(self) -> None:
        if self.follower is not None:
            self.follower.cancel()
        self.last_record = None
        game_id, token = self.model.game_id, self.model.token
        assert game_id is not None
        follower = Follower(self.link, game_id, token, on_state=self.on_connection)
        seat = self.model.seat
        self.seat = Seat(self.link, game_id, seat, token, follower) if seat is not None else None
        self.follower = self.spawn(self._run_follower(follower, game_id))

    async def _run_follower(self, follower: Follower, game_id: str) -> None:
        """Follow the game; a saved token the server no longer knows is forgotten, back to the lobby."""
        try:
            await follower.run(self.on_update)
        except VegasError as error:
            if error.code != "bad_token":
                raise
            self.forget_seat(game_id)
            self.back_to_lobby()
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
            self.spawn(self.fill_history(update.version))
        if update.status == "finished" and was != "finished":
            self.spawn(self.check_fairness())
            if self.model.seat is not None:
                self.spawn(self._await_rematch(self.model.game_id or ""))
        if self._waits_for_me() and not waited:
            self.application.output.bell()  # your turn (or a decision) after others played
        if self._my_turn() and not turn_was:  # what changed for you since your turn ended, once a turn
            digest = since_last_turn(self.model)
            if digest:
                note(self.model, "Since your last turn:", "notice")
                for sentence in digest:
                    note(self.model, f"  {sentence}", "notice")
        self.redraw()

    def _keep_commitments(self) -> None:
        """Save with the seat the commitments this client saw before revealing, for the end-of-game proof
        of a client restarted in between."""
        game_id = self.model.game_id
        seen = self.link.entropies.seen.get(game_id or "")
        saved = self.saved_seat(game_id) if seen and game_id else None
        if saved is not None and seen and saved.commitments != seen:
            self.seats.put(self._named_key, dataclasses.replace(saved, commitments=seen))

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
        self.redraw()

    async def check_fairness(self) -> None:
        """The game is over: fetch the reveal and the replay, prove the game, say so in the log."""
        game_id = self.model.game_id
        assert game_id is not None
        revealed = await self.link.replay(game_id)
        saved = self.saved_seat(game_id)
        seen = (saved.commitments if saved else ()) or self.link.entropies.seen.get(game_id, ())
        witnessed = dataclasses.replace(self.last_record or Witnessed(), commitments=seen)
        findings = check_finished_game(revealed, self.model.commitment, self.model.seat,
                                       saved.entropy if saved else None, self.model.view, witnessed)
        for finding in findings:
            note(self.model, ("✓ " if finding.ok else "✗ ") + finding.text, "notice" if finding.ok else "error")
            log.info("fairness_check", ok=finding.ok, check=finding.text, game_id=game_id)
        ok = all(f.ok for f in findings)
        tell(self.model, "Game over. The game is proven fair." if ok else
             "Game over. A fairness check FAILED: see the standings page.", "notice" if ok else "error")
        view = shown_view(self.model)
        if view is not None and self.model.game_id == game_id:
            self.revealed = revealed.replay
            path = self._keep_replay(game_id, revealed.replay)
            self.model.final = final_page(view, revealed.replay, findings, path)
            self.model.help = self.model.final

    def _keep_replay(self, game_id: str, data: bytes) -> Path | None:
        """Save the revealed replay where the player can audit it later (None if it cannot be written)."""
        path = self.replay_dir / f"{game_id}.jsonl"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as error:
            log.warning("replay_not_saved", game_id=game_id, reason=str(error))
            return None
        return path

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

    def run_command(self, text: str) -> None:
        """Do what `text` says, on whichever screen is up; CommandError if it cannot be done."""
        word = text.split()[0].lower() if text.split() else ""
        if word == "quit":
            self.quit()
        elif word == "help":
            self.show_help(" ".join(text.split()[1:2]).lower())
        elif word == "commitment":
            self.show_commitment()
        elif word in ("audit", "standings") and self.model.screen == "game":
            self.show_final(word)
        elif word == "log" and self.model.screen == "game":
            self.show_log()
        elif word == "seat" and self.model.screen == "game":
            self.hand_seat(text)
        elif word == "bots" and self.model.screen == "game":
            self.seat_bots(text)
        elif word == "rematch" and self.model.screen == "game":
            self.start_rematch()
        elif self.model.screen == "lobby":
            self._lobby_command(parse_lobby(text, self.model.game_types, selected_game(self.model)))
        elif word == "lobby":
            self.back_to_lobby()
        elif text:
            self._game_command(text)

    def _lobby_command(self, command: LobbyCommand) -> None:
        if command.verb == "refresh":
            self.spawn(self.refresh())
        elif command.verb == "history":
            self.model.history = not self.model.history
            tell(self.model, "finished games are listed too: Enter on one shows its standings" if self.model.history
                 else "finished games are hidden again")
            self.spawn(self.refresh())
        elif command.verb == "create" and command.new_game is not None:
            self.spawn(self.create_game(command.new_game))
        elif command.verb in ("join", "watch"):
            self.spawn(self.open_game(command.game_id, watch=command.verb == "watch", seat=command.seat))

    def back_to_lobby(self) -> None:
        if self.follower is not None and self.follower is not asyncio.current_task():
            self.follower.cancel()
        self.follower = None
        leave_game(self.model)
        self.spawn(self.refresh())

    def _game_command(self, text: str) -> None:
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
        self.spawn(self._send(order, self.model.version))

    def _edited(self, _: Buffer) -> None:
        self.model.confirming = None  # a question is about the line as it was: editing it withdraws it

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

    def typing_error(self, text: str) -> str | None:
        if self.model.screen != "game" or not text.strip() or text.split()[0].lower() in CLIENT_WORDS:
            return None
        ui = current_ui(self.model)
        if ui is None or self.model.view is None or text.split()[0].lower() in ui.looks:
            return None
        return ui.typing_error(text, self.model.view, self.model.seat, open_prompts(self.model))

    def typing_preview(self, text: str) -> str | None:
        """What the valid command on the line will cost and do, shown under it before Enter."""
        if self.model.screen != "game" or not text.strip() or text.split()[0].lower() in CLIENT_WORDS:
            return None
        ui = current_ui(self.model)
        if ui is None or self.model.view is None:
            return None
        return ui.preview(text, self.model.view, self.model.seat, open_prompts(self.model))

    def mentioned_words(self) -> frozenset[str]:
        """The words on the command line (upper case): the board highlights the places they name."""
        return frozenset(w.upper().strip(",") for w in self.command.text.split())

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

    # ---- the table: stand-ins and rematches

    def bots(self) -> list[str]:
        """The bots the server seats in the game on screen (what `seat N bot KIND` may name)."""
        game = self.model.summary.game if self.model.summary else ""
        return next((list(t.bots) for t in self.model.game_types if t.name == game), [])

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
        seat, bot = parse_seat(text, self.model.summary, self.bots())
        self.spawn(self._hand_seats(game_id, [seat], bot))

    def seat_bots(self, text: str) -> None:
        """`bots N [KIND]`: while the game waits for people, the host seats bots in its last N free seats."""
        game_id = self._hosted("bots")
        seats, bot = parse_bots(text, self.model.summary, self.bots())
        self.spawn(self._hand_seats(game_id, seats, bot))

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
        self.spawn(self._rematch(self.model.game_id or "", self.model.seat, self.model.token))

    async def _rematch(self, game_id: str, seat: int, token: str) -> None:
        created = await self.link.rematch(game_id, token)
        log.info("rematch", game_id=game_id, rematch=created.game_id, host=bool(created.host_token))
        wanted = seat if seat in created.game.free_seats else None
        await self.open_game(created.game_id, seat=wanted)

    async def _await_rematch(self, game_id: str) -> None:
        """While the finished game is on screen, look for a rematch another player opened: invite once."""
        while self.model.game_id == game_id and self.model.screen == "game":
            try:
                summary = await self.link.get_game(game_id)
            except VegasError as error:  # the server is away: the game is over anyway, look again later
                log.info("rematch_unknown", reason=error.message)
                await asyncio.sleep(LOBBY_REFRESH)
                continue
            if summary.rematch:
                if self.saved_seat(summary.rematch) is None:
                    note(self.model, invitation(summary.rematch), "notice")
                    tell(self.model, invitation(summary.rematch), "notice")
                return
            await asyncio.sleep(LOBBY_REFRESH)

    def show_final(self, page: str) -> None:
        """`standings` or `audit` of the finished game in the pane; CommandError before the end."""
        if self.revealed is None or self.model.final is None:
            raise CommandError(f"{page}: the game is not over yet (or not yet proven): it comes at the end")
        if page == "audit":
            self.model.help = audit_page(self.revealed, self.application.output.get_size().columns - 2)
        else:
            self.model.help = self.model.final
        self.model.help_scroll = 0

    def show_log(self) -> None:
        """`log`: every line the log keeps, in the page pane, scrolled to the newest (the log under the board
        may be a few lines high)."""
        lines = tuple(line.text for line in self.model.log) or ("Nothing has happened yet.",)
        size = self.application.output.get_size()
        room = max(1, size.rows - FIXED_LINES - 2)
        self.model.help = (f"the log: {len(self.model.log)} lines, oldest first", lines)
        self.model.help_scroll = max(0, len(help_lines(lines, size.columns - 2)) - room)

    def close_help(self) -> bool:
        """Close the help pane if one is open (whether it was)."""
        was, self.model.help = self.model.help is not None, None
        return was

    def show_commitment(self) -> None:
        if not self.model.commitment:
            note(self.model, "No seed commitment: open a game first.")
            return
        note(self.model, f"Seed commitment: {self.model.commitment} (SHA-256 of the server's secret seed, fixed "
                         "before anyone joined; the client checks the revealed secret against it at the end)")

    def scroll_log(self, lines: int) -> None:
        """PageUp/PageDown: the help page when one is open, else the log."""
        if self.model.help is not None:
            self.model.help_scroll = max(0, self.model.help_scroll - lines)  # PageUp (+) goes back up
            return
        self.model.log_scroll = max(0, min(len(self.model.log), self.model.log_scroll + lines))

