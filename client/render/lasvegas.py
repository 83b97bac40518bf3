"""The Las Vegas table, players and turn, drawn from a view (`engine.lasvegas.codec.view`).

Pure functions from a view to formatted text, like `client.render.lords`. The casinos stand side by side
in number order (the slot machine last, with the slot module), each a column: its number, the notes on
it (largest first), then the dice on it by owner, most first, every die drawn as its face: `Red ⚂⚂ B⚂` is
two dice and a biggie (which counts two) on casino 3; where a column is too narrow for them they are
counted, `Red ×2+B`. On the slot machine each die shows its own face (`Blu ⚀`: a die of Blue's showing 1).
The roll of the player to act sits under the table.

    ┌ 1 ────┐ ┌ 2 ────┐
     $70k      $90k
     $10k      $10k
     Grn ⚀⚀    Red ⚁
               Wht ⚁
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vegas_table.client.render.text import CHANGED, DIE_FACES, Line, Lines, fit, flow, join_lines, plain, truncate
from vegas_table.client.render.text import width as width_of
from vegas_table.client.seen import actor, away_text, player_of, seat_label

PLAYER_ABBR = {"red": "Red", "blue": "Blu", "green": "Grn", "yellow": "Yel", "black": "Blk", "orange": "Orn"}
KIND_MARK = {"biggie": "B", "kicker": "K", "white": "W"}
KIND_WORDS = {"die": ("die", "dice"), "biggie": ("biggie", "biggies"), "kicker": ("kicker", "kickers"),
              "white": ("white die", "white dice")}
NAME_COLUMN = 10  # the most columns a player's name takes in the players' table
MIN_COLUMN = 9
MAX_COLUMN = 16


def _name(view: Mapping[str, Any], owner: int) -> str:
    return "White" if owner < 0 else seat_label(view, owner)


def _colour(view: Mapping[str, Any], owner: int) -> str:
    return "white" if owner < 0 else str(view["seats"][owner]["colour"])


def _abbr(view: Mapping[str, Any], owner: int) -> str:
    colour = _colour(view, owner)
    return "Wht" if owner < 0 else PLAYER_ABBR.get(colour, colour[:3].capitalize())


def note_text(note: Any) -> str:
    return "rainbow" if note == "rainbow" else f"${note}k"


def _dice_rows(view: Mapping[str, Any], casino: Mapping[str, Any], width: int) -> list[Line]:
    """One line per owner with dice here, most counted first: `Red ×2+B` (two dice and a biggie)."""
    owners = [(count, seat) for seat, count in enumerate(casino["counts"]) if count]
    if casino.get("white"):
        owners.append((int(casino["white"]), -1))
    rows: list[Line] = []
    for _, owner in sorted(owners, key=lambda pair: (-pair[0], pair[1])):
        plain = casino["dice"][owner] if owner >= 0 else casino["white"]
        big = casino["biggies"][owner] if owner >= 0 else 0
        text = _dice_text(_abbr(view, owner), str(casino["casino"]), plain, big, width)
        rows.append([(f"class:player.{_colour(view, owner)}", fit(text, width))])
    return rows


def _dice_text(who: str, casino: str, plain: int, big: int, width: int) -> str:
    """An owner's dice on a casino as they lie there: `Red ⚂⚂ B⚂` (two dice and a biggie showing the casino's
    number), or counted (`Red ×6+B`) where they would not fit the column."""
    face = DIE_FACES.get(int(casino), "") if casino.isdigit() else ""
    drawn = f"{who} {face * plain}" + (f" B{face}" * big if big else "")
    if face and len(drawn) <= width:
        return drawn
    return f"{who} ×{plain}" + ("+B" * big if big else "")


def _slot_rows(view: Mapping[str, Any], casino: Mapping[str, Any], width: int) -> list[Line]:
    """The slot machine ranks each die by its pips: every die, its owner and pips."""
    rows: list[Line] = []
    for die in casino.get("slot_dice", ()):
        mark = KIND_MARK.get(die["kind"], "")
        text = f"{_abbr(view, int(die['owner']))} {DIE_FACES.get(int(die['pips']), die['pips'])}{mark}"
        rows.append([(f"class:player.{_colour(view, int(die['owner']))}", fit(text, width))])
    return rows


def _column(view: Mapping[str, Any], casino: Mapping[str, Any], width: int, notes: int) -> list[Line]:
    name = str(casino["casino"])
    title = ("slot machine" if width > 12 else "slot") if name == "slot" else f"casino {name}"
    lines: list[Line] = [[(f"class:number.{name}", fit(f" {title}", width))]]
    shown = [note_text(n) for n in sorted(casino["notes"], key=lambda n: -1 if n == "rainbow" else -int(n))]
    for i in range(notes):
        lines.append([("class:info", fit(f" {shown[i]}", width))] if i < len(shown) else [("", " " * width)])
    lines.append([("class:dim", "─" * width)])
    rows = _slot_rows(view, casino, width) if name == "slot" else _dice_rows(view, casino, width)
    return lines + rows


def render_board(view: Mapping[str, Any], width: int = 80, height: int = 24,
                 highlight: frozenset[str] = frozenset(), changed: frozenset[str] = frozenset()) -> Lines:
    """The casinos side by side, then the roll of the player to act."""
    casinos = view["casinos"]
    column = max(MIN_COLUMN, min(MAX_COLUMN, (width + 1) // len(casinos) - 1))
    notes = max([len(c["notes"]) for c in casinos] + [1])
    columns = [_column(view, c, column, notes) for c in casinos]
    for casino, col in zip(casinos, columns, strict=True):
        name = str(casino["casino"])
        if name.upper() in highlight:
            col[0] = [("class:lot.highlight", col[0][0][1])]
        elif name in changed:  # its dice changed since the player's last move: a mark, not only a style
            col[0] = [(f"{col[0][0][0]} class:lot.changed", fit(col[0][0][1].rstrip() + CHANGED, column))]
    tallest = max(len(c) for c in columns)
    lines = []
    for row in range(tallest):
        line: Line = []
        for number, col in enumerate(columns):
            if number:
                line.append(("", " "))
            line += col[row] if row < len(col) else [("", " " * column)]
        lines.append(truncate(line, width))
    lines += [[], _roll_line(view, width)]
    return join_lines(lines)


def board_lines(view: Mapping[str, Any], width: int, room: int) -> int:
    """Lines the table takes at `width` (it has one size)."""
    return len(plain(render_board(view, width)).split("\n"))


def _roll_line(view: Mapping[str, Any], width: int) -> Line:
    roll = view["roll"]
    if not roll["dice"] and not roll["extra"]:
        return [("class:dim", f" pile: {view['pile']} notes · white dice out this round: {view['white_out']}")]
    faces = " ".join(str(d) for d in sorted(roll["dice"]))
    extra = " ".join(f"{pips}{KIND_MARK.get(kind, '')}" for kind, pips in roll["extra"])
    roller = int(view["current"])
    line: Line = [("", " "), (f"class:player.{_colour(view, roller)}", f" {_name(view, roller)} "),
                  ("", " rolled "), ("class:info", f"{faces} {extra}".strip())]
    return truncate(line, width)


def render_players(view: Mapping[str, Any], width: int = 80, brief: bool = False) -> Lines:
    """One line per player: money won, notes, dice left in hand by kind, kickers used; under a title line
    unless `brief` (a short screen, where the log needs the line)."""
    waiting = actor(view)
    longest = max((len(player_of(view, int(s["seat"]))) for s in view["seats"]), default=0)
    names = min(longest, max(NAME_COLUMN, width - 30))
    title = "  player" + " " * (names + 1 if names else 0) + "     won   notes  in hand"
    lines: list[Line] = [] if brief else [[("class:dim", title)]]
    for seat in view["seats"]:
        s = int(seat["seat"])
        hand = seat["hand"]
        kinds: list[Line] = [[("", f"{hand[kind]} {words[hand[kind] != 1]}")] for kind, words in KIND_WORDS.items()
                 if hand.get(kind)]
        if away_text(view, s):
            kinds.insert(0, [("class:error", away_text(view, s))])
        style = f"class:player.{seat['colour']}" + (" class:you" if s == view.get("viewer") else "")
        first: Line = [("class:current", "▶ " if s == waiting else "  "), (style, fit(f" {seat['name']}", 8))]
        first += [("", " " + fit(player_of(view, s), names))] if names else []
        first.append(("", f" {'$' + str(seat['money']) + 'k':>6}  {seat['notes']:>4}  "))
        indent = width_of(first) + 1 if width - width_of(first) > 16 else 4  # a narrow panel: under the name
        lines += flow(kinds or [[("", "-")]], width, first, indent=indent)
    return join_lines(lines)


STEP_WORDS = {"kick": "kicking a die off casino {casino}", "take": "taking a note from the slot machine"}


def step_text(view: Mapping[str, Any]) -> str:
    if view["phase"] == "over":
        return "game over"
    pending = view.get("pending")
    if pending:
        return str(STEP_WORDS.get(pending["kind"], pending["kind"])).format(**pending)
    return "placing dice" if view["phase"] == "play" else "paying out"


def render_header(view: Mapping[str, Any], width: int = 80) -> Lines:
    line: Line = [("class:title", "Las Vegas"), ("class:dim", f" · round {view['round']}/{view['rounds']} · ")]
    result = view.get("result")
    if result:
        winners = [(f"class:player.{_colour(view, int(w))}", _name(view, int(w))) for w in result["winners"]]
        line += [frag for w in winners for frag in (w, ("", " "))]
        line.append(("class:info", "wins" if len(winners) == 1 else "share the win"))
    else:
        waiting = actor(view)
        who = int(view["current"]) if waiting is None else waiting
        line += [(f"class:player.{_colour(view, who)}", _name(view, who)), ("", f" · {step_text(view)}")]
    return truncate(line, width)
