"""The client's view-model: everything the screens show, as plain data changed by small pure functions.

The network task and the command line change it only through the functions below; the render functions
only read it. That keeps every screen a function of this one value, which is what the tests check.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from vegas_client.data import Clock, GameSummary, GameType, VersionEvents, ViewUpdate
from vegas_table.client.choices import Prompt
from vegas_table.client.games import GameUi, game_ui
from vegas_table.client.seen import places, with_players

LOG_LINES = 500


@dataclass(frozen=True, slots=True)
class LogLine:
    text: str
    style: str = ""  # "" for game events; "info", "error", "notice" for the client's own lines
    version: int | None = None


@dataclass(frozen=True, slots=True)
class Notice:
    text: str
    level: str = "info"  # "info" | "notice" | "error"


@dataclass
class ClientModel:
    server: str
    name: str
    screen: str = "lobby"  # "lobby" | "game"
    games: list[GameSummary] = field(default_factory=list)
    game_types: list[GameType] = field(default_factory=list)
    selected: int = 0
    history: bool = False  # the lobby lists finished games too
    replays: dict[str, str] = field(default_factory=dict)  # finished games' replays kept on this machine: id -> path
    game_id: str | None = None
    seat: int | None = None  # None: watching as a spectator
    host: bool = False  # this client created the game (holds its host token): the waiting screen's bots hint
    token: str = ""
    view: dict[str, Any] | None = None
    version: int | None = None
    status: str = ""
    summary: GameSummary | None = None
    commitment: str = ""
    log: deque[LogLine] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    log_scroll: int = 0  # lines scrolled back from the newest
    notice: Notice | None = None
    connection: str = "not connected"
    connected: bool = False
    busy: str = ""  # what is being sent, shown until the server answers
    confirm_over: int | None = 20  # a raise or remodel from this cost asks first; None: nothing asks (--no-confirm)
    baseline: dict[str, Any] | None = None  # the board's places when this seat last acted (a spectator: turn start)
    last_acted: int | None = None  # the version this seat's last move made
    turn_over: tuple[int, dict[str, Any]] | None = None  # (version, view) where this seat's turn last ended
    help: tuple[str, tuple[str, ...]] | None = None  # (title, lines) of the help page open in its own pane
    help_scroll: int = 0  # the first line of it shown
    final: tuple[str, tuple[str, ...]] | None = None  # the final standings page, once the game is proven
    confirming: tuple[str, str] | None = None  # (command, question): Enter again on this command sends it
    shown: tuple[Any, tuple[tuple[str, bool, str], ...], dict[str, Any]] | None = field(default=None,
                                                                                      repr=False)  # shown_view's
    clocks: tuple[Clock, ...] = ()  # the turn timers running at `version`: the seats waited for, counting down


def enter_game(model: ClientModel, game_id: str, seat: int | None, token: str, commitment: str = "") -> None:
    """Switch to the game screen for `game_id`, as `seat` (None: spectator)."""
    model.screen, model.game_id, model.seat, model.token = "game", game_id, seat, token
    model.host = False
    model.view, model.version, model.status, model.summary = None, None, "", None
    model.clocks = ()
    model.commitment = commitment  # never the previous game's
    model.log.clear()
    model.log_scroll = 0
    model.notice = None
    model.help = None
    model.baseline, model.last_acted, model.final = None, None, None
    model.turn_over = None


def leave_game(model: ClientModel) -> None:
    model.screen = "lobby"
    model.game_id, model.seat, model.token, model.view, model.version = None, None, "", None, None
    model.summary, model.commitment, model.notice, model.help = None, "", None, None


def apply_update(model: ClientModel, update: ViewUpdate) -> None:
    """Take one update from the server: the new view, its version, and its events into the log."""
    model.status = update.status
    if update.lobby is not None:
        model.summary = update.lobby
        model.commitment = update.lobby.commitment or model.commitment
    if update.view is not None:
        _move_baseline(model, update)
        _mark_turn_over(model, update)
        model.view = update.view
        model.version = update.version
        model.clocks = update.clocks
    for text in update.events:
        model.log.append(LogLine(text, version=update.version))
    model.log_scroll = 0


def _move_baseline(model: ClientModel, update: ViewUpdate) -> None:
    """What the board marks as changed is measured from the player's own last move (a spectator's: from
    the start of the turn), so a returning player sees at a glance what the others did meanwhile."""
    assert update.view is not None
    mine = update.move is not None and model.seat is not None and update.move[0] == model.seat
    new_turn = model.view is not None and model.view.get("turn") != update.view.get("turn")
    if mine:
        model.baseline, model.last_acted = places(update.view), update.version
    elif model.baseline is None:
        model.baseline = places(update.view)
    elif model.seat is None and new_turn and model.view is not None:
        model.baseline = places(model.view)


def _mark_turn_over(model: ClientModel, update: ViewUpdate) -> None:
    """Keep the view on which this seat's turn ended (or the first one seen, if it was not this seat's
    turn): what changed since is measured from it, whatever the seat answered meanwhile."""
    assert update.view is not None
    seat = model.seat
    if seat is None or update.view.get("current") == seat:
        return
    if model.view is not None and model.view.get("current") == seat:  # the turn ended with this update
        model.turn_over = (update.version - 1, model.view)
    elif model.turn_over is None:  # joined on someone else's turn: from what was seen first
        model.turn_over = (update.version, update.view)


def since_last_turn(model: ClientModel) -> list[str]:
    """What changed for this seat since its turn last ended, in sentences (the game's digest): money and
    points, casinos whose boss changed, its dice and lots, cards drawn, trades done; [] if nothing is known."""
    view, ui = shown_view(model), current_ui(model)
    if view is None or ui is None or model.seat is None or model.turn_over is None:
        return []
    version, before = model.turn_over
    events = [line.text for line in model.log if line.version is not None and line.version > version]
    return ui.digest(with_players(before, seat_players(model)), view, model.seat, events)


def add_history(model: ClientModel, past: list[VersionEvents]) -> None:
    """Put what happened before the first view this client got (`past`, oldest first) in front of the log,
    as if the client had been there: a restarted client's log starts where it was, not at its snapshot."""
    first = min((line.version for line in model.log if line.version is not None), default=None)
    earlier = [p for p in past if first is None or p.version < first]
    lines = [LogLine(text, version=p.version) for p in earlier for text in p.events]
    model.log = deque([*lines, *model.log], maxlen=LOG_LINES)


def note(model: ClientModel, text: str, style: str = "info") -> None:
    """A line of the client's own in the log (help, fairness checks, connection changes)."""
    model.log.append(LogLine(text, style=style))


def tell(model: ClientModel, text: str, level: str = "info") -> None:
    """Show one sentence on the notice line (a refusal, a confirmation)."""
    model.notice = Notice(text, level)


def seat_players(model: ClientModel) -> tuple[tuple[str, bool, str], ...]:
    """Who sits at each seat, whether it is a bot, and since when it is away ("" while connected), from the
    lobby's seat list ("" for a free seat). This client's own seat is never away while its stream is live,
    whatever the last summary said: that summary may have been read before the stream opened."""
    if model.summary is None:
        return ()
    return tuple((s.player + (f" ({s.stand_in} bot)" if s.stand_in else ""), s.bot,
                  "" if s.connected or _here(model, s.seat) else s.away_since or "?") if s.taken else ("", False, "")
                 for s in model.summary.seats)


def _here(model: ClientModel, seat: int) -> bool:
    """The seat is this client's and its Watch stream is up: present, by the client's own knowledge."""
    return seat == model.seat and model.connected


def shown_view(model: ClientModel) -> dict[str, Any] | None:
    """The view as the screens show it: with who sits at each seat (`client.seen.with_players`). Made once
    per new view or new seat list, not on every redraw."""
    if model.view is None:
        return None
    players = seat_players(model)
    if model.shown is None or model.shown[0] is not model.view or model.shown[1] != players:
        model.shown = (model.view, players, with_players(model.view, players))
    return model.shown[2]


def current_ui(model: ClientModel) -> GameUi | None:
    return game_ui(model.view) if model.view is not None else None


def open_prompts(model: ClientModel) -> list[Prompt]:
    ui = current_ui(model)
    view = shown_view(model)
    return ui.prompts(view, model.seat) if ui is not None and view is not None else []


def selected_game(model: ClientModel) -> GameSummary | None:
    if not model.games:
        return None
    model.selected = max(0, min(model.selected, len(model.games) - 1))
    return model.games[model.selected]


def set_games(model: ClientModel, games: list[GameSummary]) -> None:
    """A fresh lobby list; the selection stays on the same game when it is still there."""
    keep = selected_game(model)
    model.games = games
    ids = [g.game_id for g in games]
    model.selected = ids.index(keep.game_id) if keep is not None and keep.game_id in ids else 0
