"""The client's own panels, drawn from the view-model: event log, prompts, notice line, status bar, lobby.

Like the board, these are pure functions of their inputs (lines of formatted text in, sized to fit).
"""

from __future__ import annotations

import re
import textwrap
import time
from collections.abc import Mapping, Sequence
from typing import Any

from vegas_client.data import GameSummary, SeatInfo
from vegas_table.client.choices import Prompt
from vegas_table.client.lobby import DEFAULT_BOT
from vegas_table.client.render.text import Line, Lines, fit, join_lines, truncate, wrap_line
from vegas_table.client.seen import name_players, seat_label
from vegas_table.client.viewmodel import ClientModel, LogLine, Notice, shown_view


def render_log(lines: Sequence[LogLine], width: int, height: int, scroll: int = 0, newest: int | None = None,
               view: Mapping[str, Any] | None = None) -> Lines:
    """The last `height` wrapped lines of the log (`scroll` lines back from the newest), oldest on top.

    Lines of the newest version (`newest`) are bold, so a player sees at a glance what just happened. With
    the `view` (as shown, with its players), game lines name each seat's player beside its colour.
    """
    if height <= 0:
        return []
    wrapped: list[Line] = []
    for entry in lines:
        style = f"class:{entry.style}" if entry.style else ("class:log.new" if newest is not None
                                                           and entry.version == newest else "class:log")
        text = name_players(entry.text, view) if view is not None and not entry.style else entry.text
        for number, part in enumerate(textwrap.wrap(text, max(10, width - 2)) or [""]):
            wrapped.append([(style, ("· " if number == 0 else "  ") + part)])
    end = max(0, len(wrapped) - scroll)
    shown = wrapped[max(0, end - height):end]
    if scroll and shown:
        shown[-1] = [("class:dim", fit(f"── {scroll} newer lines below (PageDown) ──", width))]
    return join_lines([[] for _ in range(height - len(shown))] + shown)  # the newest line at the bottom


def prompt_height(prompts: Sequence[Prompt], width: int) -> int:
    return len(prompt_lines(prompts, width))


def prompt_lines(prompts: Sequence[Prompt], width: int) -> list[Line]:
    """Each prompt's question, then its numbered choices, several to a line when they fit; on the question's
    own last line when they all fit there (a small screen's log keeps that line)."""
    out: list[Line] = []
    number = 0
    for prompt in prompts:
        style = "class:prompt.title" if prompt.yours else "class:info"
        title = [truncate([(style, f" {part} ")], width)
                 for part in textwrap.wrap(prompt.title, max(10, width - 2), subsequent_indent="  ")]
        items: list[Line] = []
        for choice in prompt.choices:
            number += prompt.numbered
            key = f"{number}" if prompt.numbered else "·"
            items.append([("class:prompt.key", key), ("class:prompt.choice", f" {choice.label}  ")])
        beside = [("", "  "), *(fragment for item in items for fragment in item)]
        if title and items and sum(len(f[1]) for f in title[-1] + beside) - 2 <= width:  # its last "  " may go
            beside[-1] = (beside[-1][0], beside[-1][1].rstrip())
            out += [*title[:-1], title[-1] + beside]
            continue
        out += title
        line: Line = [("", "   ")]
        for item in items:
            if sum(len(f[1]) for f in line + item) > width and len(line) > 1:
                out.append(line)
                line = [("", "   ")]
            line += item
        if len(line) > 1:
            out.append(truncate(line, width))
    return out


def render_prompts(prompts: Sequence[Prompt], width: int) -> Lines:
    return join_lines(prompt_lines(prompts, width))


NOTICE_LINES = 3  # a preview (a gamble's odds, a reorganize's cost) goes on over lines rather than end in "…"


def notice_lines(text: str, width: int) -> list[str]:
    """`text` wrapped at word boundaries to `width` (at most NOTICE_LINES lines, later ones indented)."""
    lines = textwrap.wrap(text, max(10, width - 1), subsequent_indent="   ") or [""]
    if len(lines) > NOTICE_LINES:
        lines = [*lines[:NOTICE_LINES - 1], fit(" ".join(lines[NOTICE_LINES - 1:]), max(10, width - 1))]
    return [f" {line}" for line in lines]


def render_notice(notice: Notice | None, typing_error: str | None, width: int, preview: str | None = None) -> Lines:
    """The lines under the command line: what is wrong with the command being typed, else what it will cost
    and do, else the last notice; wrapped (`notice_lines`), so nothing of it is cut on a small screen."""
    if typing_error:
        style, text = "class:error", typing_error
    elif preview:
        style, text = "class:preview", f"{preview} · Enter sends"
    elif notice is None:
        style, text = "class:dim", "Tab completes · Enter sends · type help for the commands"
    else:
        style, text = f"class:{notice.level}", notice.text
    return join_lines([[(style, fit(line, width))] for line in notice_lines(text, width)])


def render_status(model: ClientModel, width: int, now: float | None = None) -> Lines:
    """The bottom bar: server, game, who you are, version, the clock of the seat waited for (`now`: a
    `time.monotonic()` reading), connection. (The seed commitment is shown where fairness is: the waiting
    screen, `commitment`, the end of the game.) Where it is too long, the server, then the version, then
    the game go first: the clocks and who you are stay whole."""
    who = "spectator" if model.seat is None else f"seat {model.seat}"
    view = shown_view(model)
    if view is not None and model.seat is not None:
        who = f"you are {seat_label(view, model.seat)}"
    server, game = [f"{model.server}"], [f"game {model.game_id}"] if model.game_id else []
    version = [f"v{model.version}"] if model.game_id and model.version is not None else []
    rest = clock_texts(model, time.monotonic() if now is None else now) if model.game_id else []
    rest += [f"sending {model.busy}…"] if model.busy else []
    connection = f" {model.connection} "
    room = max(0, width - len(connection))
    shorter = ([*server, *game, who, *version], [*game, who, *version], [*game, who], [who]) if model.game_id \
        else (server,)
    for parts in shorter:
        text = " " + " · ".join([*parts, *rest])
        if len(text) <= room:
            break
    style = "class:toolbar" if model.connected else "class:toolbar.bad"
    return [("class:toolbar", fit(text, room)), (style, connection)]


def clock_texts(model: ClientModel, now: float) -> list[str]:
    """'Blue: 23 s left' (or 'you: ...') for each seat the game waits for with a turn timer."""
    view = shown_view(model)
    if view is None or model.status == "finished":
        return []
    texts = []
    for clock in model.clocks:
        who = "you" if clock.seat == model.seat else seat_label(view, clock.seat)
        texts.append(f"{who}: {clock.left(now):.0f} s left")
    return texts


def _seat_text(game: GameSummary) -> str:
    names = [("bot" if s.bot else s.player or s.colour) if s.taken else "—" for s in game.seats]
    return " ".join(f"{s.colour}:{n}" for s, n in zip(game.seats, names, strict=True))


MONEY_UNITS = {"lords": "m", "lasvegas": "k"}  # Lords of Vegas counts in millions, Las Vegas in thousands


def _finisher(seat: SeatInfo) -> str:
    """A seat in a finished game's line, told apart from the others: `Ann (Red)`, a bot by its colour and
    kind, `Blue (greedy bot)` (two bots are both "bot" otherwise)."""
    if seat.bot:
        return f"{seat.colour} ({seat.player or 'bot'})"
    return f"{seat.player} ({seat.colour})" if seat.player else seat.colour


def result_text(game: GameSummary) -> str:
    """A finished game's result in a line: `won by Ann (Red) · Ann (Red) 36 points, Blue (greedy bot) 23 points
    · rematch k7m2pq` (points where the game keeps them, else money in the game's unit, `$380k`; its
    `result` as the replay's end record has it)."""
    result = game.result or {}
    names = [_finisher(s) for s in game.seats]
    winners = [names[w] for w in result.get("winners", []) if isinstance(w, int) and 0 <= w < len(names)]
    unit = MONEY_UNITS.get(game.game, "")
    scores = []
    for seat, standing in zip(game.seats, result.get("standings", []), strict=False):
        if isinstance(standing, dict):
            points = standing.get("points")
            value = f"{points} point{'s' if points != 1 else ''}" if points is not None else \
                f"${standing.get('money', 0)}{unit}"
            scores.append(f"{names[seat.seat]} {value}")
    won = ("won by " + " and ".join(winners)) if winners else "no winner"
    return " · ".join([won, ", ".join(scores), *([f"rematch {game.rematch}"] if game.rematch else [])])


def render_lobby(model: ClientModel, width: int, height: int, mine: Sequence[str] = ()) -> Lines:
    """The list of games, the selected one highlighted, and how to create, join or watch one."""
    shown = " · finished games listed too (history hides them)" if model.history else ""
    lines: list[Line] = [[("class:title", " Vegas Table"), ("class:dim", f" · {model.server} · {model.name}{shown}")],
                         []]
    lines.append([("class:dim", fit("   game      kind         status      seats", width))])
    if not model.games and not model.connected and model.connection == "not connected":  # the first answer awaited
        lines.append([("class:dim", f"   Connecting to the server at {model.server}…")])
    elif not model.games and not model.connected:
        lines += [[("class:error", f" No answer from the server at {model.server}; trying again every few seconds.")],
                  [("", "   Is the address right? "), ("class:info", "vegas play --server HOST:PORT")]]
    elif not model.games:
        lines.append([("", "   No games yet. Create one: "), ("class:info", "create lords up 4 bots 3")])
    for index, game in enumerate(model.games):
        free = len(game.free_seats)
        status = f"{game.status} ({free} free)" if game.status == "waiting" else game.status
        marker = "*" if game.game_id in mine else " "
        who = result_text(game) if game.status == "finished" and game.result else _seat_text(game)
        text = f" {marker} {game.game_id:<9} {game.game + ' ' + game.rules:<12} {status:<11} {who}"
        style = "class:lobby.selected" if index == model.selected else ""
        # A long seat list goes on under its column, never cut: the players are what a joiner looks for.
        column = " " * min(len(text) - len(who), width // 2)
        lines += [[(style, fit(part, width))] for part in textwrap.wrap(text, max(20, width), subsequent_indent=column)]
    chosen = model.games[model.selected] if 0 <= model.selected < len(model.games) else None
    if chosen is not None and chosen.status == "finished":
        kept = model.replays.get(chosen.game_id)
        lines.append([("class:dim", f" replay of {chosen.game_id}: " + (f"{kept} (vegas replay audit {kept})" if kept
                      else "on the server: Enter shows the standings and keeps it here"))])
    lines += [[], [("class:dim", " ↑/↓ choose · Enter joins the chosen game (* yours: Enter rejoins) · watch ID")],
              [("class:dim", " create GAME RULES SEATS bots N [KIND] [OPTIONS], e.g. create lords up 4 bots 3 greedy"
                             " · quit")]]
    if model.game_types:
        kinds = "; ".join(f"{t.name}: {', '.join(f'{r.name} {r.min_players}-{r.max_players}' for r in t.rule_sets)}"
                          + (f" (options: {', '.join(t.options)})" if t.options else "") for t in model.game_types)
        lines.append([("class:dim", f" games: {kinds}")])
    wrapped = [part for line in lines for part in wrap_line(line, width)]
    return join_lines(wrapped[:height])


def is_loopback(address: str) -> bool:
    host = address.rsplit(":", 1)[0].strip("[]")
    return host in ("localhost", "::1") or host.startswith("127.")


def render_waiting(model: ClientModel, width: int) -> Lines:
    """A game still in its lobby: who sits where, and what it waits for."""
    game = model.summary
    if game is None:
        return [("class:dim", " waiting for the server…")]
    lines: list[Line] = [[("class:title", f" {game.game} {game.rules}"),
                          ("", f" · game {game.game_id} · waiting for {len(game.free_seats)} more player(s)")]]
    for seat in game.seats:
        who = ("bot" if seat.bot else seat.player) if seat.taken else "(free)"
        you = "  ← you" if seat.seat == model.seat else ""
        lines.append([("", f"   seat {seat.seat} "), ("class:info", f"{seat.colour:<8}"), ("", f" {who}{you}")])
    if model.host and game.free_seats:
        free = game.free_seats
        lines += [[("", " The free seats wait for people. To seat the server's bots in them instead, type")],
                  [("", "   "), ("class:info", f"bots {len(free)}"),
                   ("class:dim", f" (every free seat, {DEFAULT_BOT}), "),
                   ("class:info", f"seat {free[-1]} bot hard"), ("class:dim", " (one), or "),
                   ("class:info", f"bots {len(free)} easy"), ("class:dim", " (another level)")]]
    if is_loopback(model.server):
        lines.append([("class:dim", " This server listens on this machine only; to play with friends, run "
                                    "vegas serve and share its address")])
    else:
        lines.append([("class:dim", f" Friends join with: vegas play --server {model.server} --game {game.game_id}")])
    if game.commitment:
        lines.append([("class:dim", f" Seed commitment (checked at the end): {game.commitment}")])
    return join_lines([part for line in lines for part in wrap_line(line, width)])


LABEL = re.compile(r"^(\s*[A-Z][\w ]*?:\s+)\S")  # `Your turn: ` or `Any time:  `: what the line is about
LEGEND = re.compile(r"^(\s+\S.*?\s{2,})(\S.*)$")  # `  K5*   what it means`: a term, two spaces, its meaning
GLUE = "\xa0"  # a space textwrap does not break at


def _hanging_indent(line: str, width: int) -> str:
    """Where a help line's wrapped rest starts: under a legend's meaning, after the label of a list of
    commands (`Your turn: build LOT COLOUR · ...`), else two spaces in from the line's own indent; never more
    than half the width."""
    legend, label = LEGEND.match(line), LABEL.match(line) if " · " in line else None
    indent = len(legend.group(1)) if legend else len(label.group(1)) if label else len(line) - len(line.lstrip()) + 2
    return " " * (indent if indent <= width // 2 else 6)


def _glued(line: str, room: int) -> str:
    """`line` with the spaces inside each `·`-separated phrase (`raise LOT`) made unbreakable where the
    phrase fits on a line, so a command never ends up parted from its arguments."""
    lead = line[:len(line) - len(line.lstrip())]
    phrases = line.strip().split(" · ")
    kept = [p.replace(" ", GLUE) if len(p) + 2 <= room else p for p in phrases]
    return lead + " ".join(f"{p}{GLUE}·" for p in kept[:-1]) + (" " if len(kept) > 1 else "") + kept[-1]


def help_lines(lines: Sequence[str], width: int) -> list[str]:
    """A help page's lines wrapped at word boundaries to `width`, never inside a `·`-separated phrase that
    fits on a line, with a hanging indent (`_hanging_indent`)."""
    out: list[str] = []
    width = max(20, width)
    for line in lines:
        indent = _hanging_indent(line, width)
        long = any(len(word) > width - len(indent) for word in line.split())  # a path: parted at its hyphens
        wrapped = textwrap.wrap(_glued(line, width - len(indent)), width, subsequent_indent=indent,
                                break_on_hyphens=long)
        out += [part.replace(GLUE, " ") for part in wrapped] or [""]
    return out


def render_help(page: tuple[str, tuple[str, ...]], width: int, height: int, scroll: int = 0) -> Lines:
    """A help page in its own pane: its title, its lines wrapped (`help_lines`) from line `scroll`, and how
    to close and scroll it."""
    title, lines = page
    wrapped = help_lines(lines, width - 2)
    room = max(1, height - 2)
    scroll = max(0, min(scroll, len(wrapped) - room))
    shown = wrapped[scroll:scroll + room]
    more = len(wrapped) > room
    out: list[Line] = [[("class:title", fit(f" {title}", width))]]
    out += [[("", f" {part}")] for part in shown]
    hint = " Esc (or F1) closes this page" + (" · PageUp/PageDown scroll it" if more else "")
    return join_lines([*out, *([[]] * (height - 1 - len(out))), [("class:dim", fit(hint, width))]])
