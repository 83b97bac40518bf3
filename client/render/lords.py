"""The Lords of Vegas board, players and turn, drawn from a view (`engine.lords.codec.view`).

Pure functions from a view to formatted text, shared by the client and the replay viewer. The board is laid
out as the printed one: blocks A, C, E down the left with The Strip on their right, blocks B, D, F down the
right, The Strip between them. A lot is one cell:

    A2 $6 [2]     an empty lot: its price and printed die
    A6 P Blk      a parking lot, in its owner's colour
    A6• P Blk     a lot that changed since the player's last move (also bold and underlined)
    A1 Go² K⚄     a casino tile: company colour as background, height (², ³... for risers), and its die
                  (K⚄: Black's 5, as the owner's initial and the die's face, never a lot-like `K5`) in the
                  owner's colour, underlined when its owner is the casino's boss

Each casino is one shape: its cells share their background and the gaps between them, and a rule (│, and
─ where the board has the lines to draw the joins between rows) parts it from whatever is next to it.
Letters repeat what the colours say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.client.render.text import (
    CHANGED,
    DIE_FACES,
    Line,
    Lines,
    fit,
    flow,
    join_lines,
    pad,
    truncate,
    wrap_line,
)
from vegas_table.client.render.text import width as width_of
from vegas_table.client.seen import actor, away_text, player_of, seat_label
from vegas_table.engine.lords.board import CARD_COLOURS, CLOSED_BLOCK_FOR_TWO, COLOURS, LOT_BY_NAME, LOTS

LEFT_BLOCKS = ("A", "C", "E")
RIGHT_BLOCKS = ("B", "D", "F")
COMPACT_CELL = 11
WIDE_CELL = 15
MAX_CELL = 17
STRIP_TEXT = "THE STRIP"
COLOUR_ABBR = {"purple": "Pu", "brown": "Br", "gold": "Go", "silver": "Si", "aqua": "Aq", "strip": "St"}
PLAYER_ABBR = {"black": "Blk", "blue": "Blu", "green": "Grn", "purple": "Pur", "red": "Red", "yellow": "Yel"}
PLAYER_INITIAL = {"black": "K", "blue": "B", "green": "G", "purple": "P", "red": "R", "yellow": "Y"}
NAME_COLUMN = 10  # the most columns a player's name takes in the players' table
SUPERSCRIPT = {1: " ", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶"}
BORDER = "class:dim"  # the rule between a casino and what is next to it
ROWS = {block: max(lot.row for lot in LOTS if lot.block == block) for block in (*LEFT_BLOCKS, *RIGHT_BLOCKS)}
GRID = {(lot.block, lot.row, lot.col): lot.name for lot in LOTS}


def board_size(cell: int = COMPACT_CELL, tall: bool = False, streets: bool = True) -> tuple[int, int]:
    """Columns and lines the board takes with cells `cell` wide (tall: with the joins between rows; without
    `streets`: no blank line between blocks, each lot's name still says its block)."""
    side = 3 * cell + 2
    lines = max(_side_lines(LEFT_BLOCKS, tall, streets), _side_lines(RIGHT_BLOCKS, tall, streets))
    return 2 * side + 2 + 3, lines


def board_lines(view: Mapping[str, Any], width: int, room: int) -> int:
    """Lines the board takes at `width` with `room` lines free: the joins between rows only if they fit, the
    streets between blocks unless even they do not (every lot is drawn in all three forms)."""
    cell = _cell_width(width)
    for tall, streets in ((True, True), (False, True)):
        lines = board_size(cell, tall, streets)[1]
        if room >= lines:
            return lines
    return board_size(cell, streets=False)[1]


def _side_lines(blocks: Sequence[str], tall: bool, streets: bool = True) -> int:
    rows = sum(ROWS[b] for b in blocks)
    return rows + (len(blocks) - 1 if streets or tall else 0) + (rows - len(blocks) if tall else 0)


def _cell_width(width: int) -> int:
    return max(COMPACT_CELL, min(MAX_CELL, (width - 5 - 4) // 6))


def seat_colour(view: Mapping[str, Any], seat: int) -> str:
    return str(view["seats"][seat]["colour"])


def seat_name(view: Mapping[str, Any], seat: int | None) -> str:
    """The seat as players call it, `Green (Dan)` (`client.seen.seat_label`)."""
    return "nobody" if seat is None or seat < 0 else seat_label(view, seat)


def player_badge(view: Mapping[str, Any], seat: int, text: str | None = None) -> tuple[str, str]:
    return (f"class:player.{seat_colour(view, seat)}", text if text is not None else seat_name(view, seat))


class _Board:
    """What the cells need to know, computed once per render."""

    def __init__(self, view: Mapping[str, Any], cell: int, highlight: frozenset[str],
                 changed: frozenset[str] = frozenset()) -> None:
        self.changed = changed
        self.view = view
        self.cell = cell
        self.lots: Mapping[str, Any] = view["lots"]
        self.casino_of: dict[str, int] = {name: i for i, c in enumerate(view["casinos"]) for name in c["lots"]}
        self.boss_of: dict[str, int | None] = {name: c.get("boss") for c in view["casinos"] for name in c["lots"]}
        self.closed = CLOSED_BLOCK_FOR_TWO if view["players"] == 2 else ""
        marked = {view.get("last_card")}
        pending = view.get("pending") or {}
        marked |= {pending.get("lot"), *pending.get("lots", ())}
        self.highlight = frozenset(n for n in marked | set(highlight) if n in LOT_BY_NAME)

    def name(self, lot: str, base: str = "", rest: Line | None = None) -> tuple[str, str]:
        """The lot's name and the gap after it, on `base` (a casino's colour); reversed when highlighted. A lot
        that changed since the player's last move has `CHANGED` right after its name, besides its style: a
        mark that needs no colour, nor a terminal that draws underlines. A marked three-character name keeps
        a gap before `rest` (what follows it in the cell) where the cell has room for both (`C11• P Blk`)."""
        changed = lot in self.changed
        style = f"{base} class:lot.name".strip() + (" class:lot.changed" if changed else "")
        label = lot + CHANGED if changed else lot
        text = f"{label:<3} " if len(label) + 1 + width_of(rest or []) <= self.cell else f"{label:<4}"
        return (f"{style} class:lot.highlight" if lot in self.highlight else style, text)

    def cell_fragments(self, lot: str) -> Line:
        data = self.lots.get(lot)
        if LOTS[LOT_BY_NAME[lot]].block == self.closed:
            return [("class:dim", fit(f"{lot:<3} closed", self.cell))]
        if data is None:
            return self._empty(lot)
        if "tile" not in data:
            return self._parking(lot, int(data["marker"]))
        return self._casino(lot, data)

    def _empty(self, lot: str) -> Line:
        info = LOTS[LOT_BY_NAME[lot]]
        wide = self.cell >= WIDE_CELL
        price = f"${info.price}m" if wide else f"${info.price}"
        rest: Line = [("class:lot.price", f"{price:<{5 if wide else 4}}"), ("class:lot.die", f"[{info.printed_die}]")]
        return pad([self.name(lot, rest=rest), *rest], self.cell)

    def _parking(self, lot: str, seat: int) -> Line:
        colour = seat_colour(self.view, seat)
        owner = PLAYER_ABBR.get(colour, colour[:3]) if self.cell < WIDE_CELL else str(self.view["seats"][seat]["name"])
        # the owner is cut to fit (`fit`), so the name keeps its gap: rest is what fits beside `C11• ` (5 columns)
        name = self.name(lot, rest=[("", f"P {owner}"[:self.cell - 5])])
        return pad([name, (f"class:player.{colour}", fit(f"P {owner}", self.cell - width_of([name])))], self.cell)

    def _casino(self, lot: str, data: Mapping[str, Any]) -> Line:
        style = f"class:casino.{data['tile']}"
        colour = COLOUR_ABBR[data["tile"]] if self.cell < WIDE_CELL else data["tile"]
        height = SUPERSCRIPT.get(int(data["height"]), str(data["height"]))
        line: Line = [(style, f"{colour}{height} ")]
        if data.get("die"):
            owner, pips = data["die"]
            player = seat_colour(self.view, owner)
            mark = "*" if data.get("reorganized") else ""
            boss = " class:die.boss" if self.boss_of.get(lot) == owner else ""
            line.append((f"class:die.{player}{boss}", f"{die_text(player, int(pips))}{mark}"))
        else:
            line.append((style, "--"))
        return pad([self.name(lot, style, line), *line], self.cell, style)

    def joined(self, a: str | None, b: str | None) -> str | None:
        """The casino style shared by lots `a` and `b` when they are one casino, else None."""
        if a is None or b is None or a not in self.casino_of or self.casino_of.get(b) != self.casino_of[a]:
            return None
        return f"class:casino.{self.lots[a]['tile']}"

    def parted(self, a: str | None, b: str | None) -> bool:
        """Whether a rule goes between lots `a` and `b`: a casino's edge, where it meets anything but itself."""
        return (a in self.casino_of or b in self.casino_of) and self.joined(a, b) is None

    def row_line(self, block: str, row: int) -> Line:
        line: Line = []
        for col in (1, 2, 3):
            lot = GRID[(block, row, col)]
            if col > 1:
                left = GRID[(block, row, col - 1)]
                joined = self.joined(left, lot)
                line.append((joined, " ") if joined else (BORDER, "│") if self.parted(left, lot) else ("", " "))
            line += self.cell_fragments(lot)
        return line

    def join_line(self, block: str, row: int) -> Line:
        """The line between `row` and the next: casino colour where one casino spans both rows, a rule where
        a casino meets something else, and at the corners a rule if one runs into them."""
        line: Line = []
        pairs = [(GRID.get((block, row, col)), GRID.get((block, row + 1, col))) for col in (1, 2, 3)]
        ruled = [self.parted(upper, lower) for upper, lower in pairs]
        for col, (upper, lower) in enumerate(pairs, start=1):
            if col > 1:
                corner = {GRID.get((block, r, c)) for r in (row, row + 1) for c in (col - 1, col)}
                one = self.joined(GRID.get((block, row, col - 1)), lower) if len(corner) > 1 else None
                whole = one if one and all(self.joined(lower, lot) for lot in corner) else None
                line.append((whole, " ") if whole else (BORDER, "─") if ruled[col - 2] or ruled[col - 1]
                            else ("", " "))
            style = self.joined(upper, lower)
            line.append((style, " " * self.cell) if style else (BORDER, "─" * self.cell) if ruled[col - 1]
                        else ("", " " * self.cell))
        return line

    def side(self, blocks: Sequence[str], tall: bool, streets: bool = True) -> list[Line]:
        """One side of The Strip; streets between blocks are blank lines (a dim rule when joins are drawn),
        or none on a short screen."""
        lines: list[Line] = []
        street = ("class:dim", ("─" if tall else " ") * (3 * self.cell + 2))
        for number, block in enumerate(blocks):
            if number and (streets or tall):
                lines.append([street])
            for row in range(1, ROWS[block] + 1):
                if tall and row > 1:
                    lines.append(self.join_line(block, row - 1))
                lines.append(self.row_line(block, row))
        return lines


def die_text(colour: str, pips: int) -> str:
    """A die on the board: its owner's initial and its face (`K⚄`), which no lot name looks like."""
    return f"{PLAYER_INITIAL.get(colour, '?')}{DIE_FACES.get(pips, str(pips))}"


def render_board(view: Mapping[str, Any], width: int = 80, height: int = 24,
                 highlight: frozenset[str] = frozenset(), changed: frozenset[str] = frozenset()) -> Lines:
    """The board in at most `width` columns; it draws the joins between rows when `height` allows. Lots in
    `changed` are marked `A6•` and underlined (what changed since the player's last move). Below the height
    of the board with streets, the blocks go without the blank streets between them."""
    cell = _cell_width(width)
    tall = height >= board_size(cell, tall=True)[1]
    streets = height >= board_size(cell)[1]
    board = _Board(view, cell, highlight, changed)
    left, right = board.side(LEFT_BLOCKS, tall, streets), board.side(RIGHT_BLOCKS, tall, streets)
    count = max(len(left), len(right))
    blank: Line = [("", " " * (3 * cell + 2))]
    label = STRIP_TEXT if count >= len(STRIP_TEXT) else STRIP_TEXT.split()[-1]
    start = (count - len(label)) // 2
    lines = []
    for i in range(count):
        letter = label[i - start] if 0 <= i - start < len(label) else " "
        strip: Line = [("", " "), ("class:strip", f" {letter} "), ("", " ")]
        lines.append([*(left[i] if i < len(left) else blank), *strip, *(right[i] if i < len(right) else blank)])
    return join_lines(lines)


def _boss_of(view: Mapping[str, Any]) -> dict[int, list[Mapping[str, Any]]]:
    bossed: dict[int, list[Mapping[str, Any]]] = {}
    for casino in view["casinos"]:
        if casino.get("boss") is not None:
            bossed.setdefault(int(casino["boss"]), []).append(casino)
    for casinos in bossed.values():
        casinos.sort(key=lambda c: (-int(c["points"]), LOT_BY_NAME[c["lots"][0]]))
    return bossed


def _name_width(view: Mapping[str, Any], width: int) -> int:
    """Columns for the players' names beside their colours (none when nobody's name is known): the longest
    name's, within what the row leaves (at least NAME_COLUMN)."""
    longest = max((len(player_of(view, int(s["seat"]))) for s in view["seats"]), default=0)
    return min(longest, max(NAME_COLUMN, width - 28))


def _player_head(view: Mapping[str, Any], seat: Mapping[str, Any], names: int, waiting: int | None) -> Line:
    """`▶  Purple  Dan`: whose turn, the colour as a badge, who sits there."""
    s = int(seat["seat"])
    style = f"class:player.{seat['colour']}" + (" class:you" if s == view.get("viewer") else "")
    line: Line = [("class:current", "▶ " if s == waiting else "  "), (style, fit(f" {seat['name']}", 8))]
    return line + ([("", " " + fit(player_of(view, s), names))] if names else [])


def render_players(view: Mapping[str, Any], width: int = 80, brief: bool = False) -> Lines:
    """One row per player (who, money, score → next stop, markers and dice left, casinos bossed), then the
    discards per colour, the deck and the casino tiles left. Nothing is cut: a row that does not fit goes
    on over more lines (on a narrow panel markers and dice move to the second line). `brief` (a short
    screen, where the log needs the lines) leaves out the title line and the supply lines (the discards are
    still a `pile` away)."""
    bossed = _boss_of(view)
    waiting = actor(view)
    names = _name_width(view, width)
    head = 10 + (names + 1 if names else 0)
    wide = width >= head + 31 + 15
    title = "  player" + " " * (head - 8) + ("  money score→next markers dice  boss of (casino:points)" if wide
                                             else "  money score→next")
    lines: list[Line] = [] if brief else [truncate([("class:dim", title)], width)]
    for seat in view["seats"]:
        s = int(seat["seat"])
        nxt = "win" if seat["next_stop"] is None else str(seat["next_stop"])
        numbers = f" {'$' + str(seat['money']) + 'm':>6} {seat['score']:>4}→{nxt:<5}"
        first = [*_player_head(view, seat, names, waiting), ("", numbers)]
        away: list[Line] = [[("class:error", away_text(view, s))]] if away_text(view, s) else []
        casinos: list[Line] = [[(f"class:casino.{c['colour']}", f"{c['lots'][0]}:{c['points']}")]
                               for c in bossed.get(s, [])]
        items = [*away, *casinos]
        if wide:
            first.append(("", f" {seat['markers_left']:>5}  {seat['dice_left']:>4} "))
            lines += flow(items, width, first, indent=width_of(first) + 1)
        else:
            extra: list[Line] = [[("", f"markers {seat['markers_left']}")], [("", f"dice {seat['dice_left']}")]]
            boss: list[Line] = [*away, [("class:dim", "boss of")], *casinos] if casinos else away
            lines += [first, *flow([*extra, *boss], width, [("", "   ")], indent=4)]
    supply = [] if brief else _supply_lines(view, width)
    return join_lines([*lines, *supply, *underworld_lines(view, width)])


def card_words(card: Mapping[str, Any], name: bool = True) -> str:
    """A card as a player reads it: its name (unless its id is shown beside it) and what it does, cost,
    timing and points included, in the engine's words (the view's `effect`)."""
    return f"{card['name'] + ': ' if name else ''}{card['effect']}"


def underworld_lines(view: Mapping[str, Any], width: int) -> list[Line]:
    """Option underworld: the deck's size, the face-up line (cost and effect of each), every player's cards
    (the viewer's own with their words). Nothing for games without it."""
    uw = view.get("underworld")
    if not uw:
        return []
    lines: list[Line] = wrap_line([("class:title", "underworld "),
                                   ("class:dim", f"deck {uw['deck_left']} · discarded {len(uw['discards'])}"
                                                 f" · acquires left {uw['acquires_left']}")], width)
    for card in uw["line"] or ():
        words = " " + card_words(card, name=False)
        lines += wrap_line([("class:dim", "  line "), ("class:info", card["id"]), ("", words)], width)
    if not uw["line"]:
        lines.append([("class:dim", "  line empty")])
    viewer = view.get("viewer")
    for seat, hand in enumerate(uw["hands"]):
        if not hand:
            continue
        if seat == viewer:
            for card in hand:
                state = " (used)" if card.get("used") else ""
                held = f" [${card['money']}m on it]" if card.get("money") else ""
                lines += wrap_line([player_badge(view, seat, "  yours "), ("class:info", card["id"]),
                                    ("", f" {card_words(card, name=False)}{held}{state}")], width)
            continue
        for card in hand:
            held = f" [${card['money']}m on it]" if card.get("money") else ""
            lines += wrap_line([player_badge(view, seat, f"  {seat_name(view, seat)} "), ("class:info", card["id"]),
                                ("", f" {card_words(card, name=False)}{held}")], width)
    return lines


def _supply_lines(view: Mapping[str, Any], width: int) -> list[Line]:
    """The discards per card colour, the deck, the casino tiles left: on one line or flowing over more."""
    discards: list[Line] = [[(f"class:casino.{colour}", f"{COLOUR_ABBR[colour]}{view['discards'].get(colour, 0):>2}")]
                for colour in CARD_COLOURS]
    tiles: list[Line] = [[(f"class:casino.{colour}", f"{COLOUR_ABBR[colour]}{view['tiles_left'].get(colour, 0)}")]
             for colour in COLOURS]
    items: list[Line] = [*discards, [("", f" deck {view['deck_left']} ")], [("class:dim", "tiles left")], *tiles]
    return flow(items, width, [("class:dim", "discards")], indent=2)


def _card_badge(card: str | None) -> Line:
    if card is None:
        return [("class:dim", "none yet")]
    colour = "strip" if card not in LOT_BY_NAME else CARD_COLOURS[LOTS[LOT_BY_NAME[card]].card_colour]
    return [(f"class:casino.{colour}", f" {card} "), ("class:dim", f" ({colour})")]


PENDING_WORDS = {
    "remove_marker": "choose a parking lot to give up for {lot}",
    "remove_die": "choose a die to move to {lot}",
    "place_die": "place reorganized dice",
    "layoff": "lay off ${bet}m or not",
}


def step_text(view: Mapping[str, Any], by_colour: bool = False) -> str:
    """Which step the turn is in, in words; `by_colour`: a seat named by its colour alone (`Blue`)."""
    pending = view.get("pending")
    if view["phase"] == "over":
        return "game over"
    if pending:
        words = PENDING_WORDS.get(pending["kind"], pending["kind"]).format(**pending)
        seat = int(pending["seat"])
        return f"{seat_colour(view, seat).capitalize() if by_colour else seat_name(view, seat)} to {words}"
    return "actions" + (" (has gambled)" if view.get("gambled") else "")


HEADER_SHORTENINGS = 4  # how many ways `_header` has of saying less (see `render_header`)


def render_header(view: Mapping[str, Any], width: int = 80) -> Lines:
    """Game, turn, whose turn and step, last card drawn; the result once over. A header too wide for the
    screen says less before anything is cut: the card without its colour's name (its background shows it),
    then "card" for "last card", "Lords" for the title, and seats named by colour alone (the players panel
    beside the board names the people)."""
    for shortening in range(HEADER_SHORTENINGS + 1):
        line = _header(view, shortening)
        if width_of(line) <= width:
            return line
    return truncate(line, width)


def _header(view: Mapping[str, Any], shortening: int) -> Line:
    """The header said in the `shortening`-th shorter way (0: in full)."""
    by_colour = shortening >= 4

    def badge_of(seat: int) -> tuple[str, str]:
        return player_badge(view, seat, seat_colour(view, seat).capitalize() if by_colour else None)

    title = "Lords" if shortening >= 3 else "Lords of Vegas"
    line: Line = [("class:title", title), ("class:dim", f" {view['rules']} · turn {view['turn']} · ")]
    result = view.get("result")
    if result:
        winners = [badge_of(int(w)) for w in result["winners"]]
        line += [frag for w in winners for frag in (w, ("", " "))]
        line.append(("class:info", "wins" if len(winners) == 1 else "share the win"))
    else:
        pending = view.get("pending")
        line += [badge_of(int(view["current"])), ("", "'s turn")]
        if pending and int(pending["seat"]) == int(view["current"]):  # their own decision: no name twice
            line.append(("", ": " + PENDING_WORDS.get(pending["kind"], pending["kind"]).format(**pending)))
        else:
            line.append(("", f" · {step_text(view, by_colour)}"))
    badge = _card_badge(view.get("last_card"))
    label = ("class:dim", " · card " if shortening >= 2 else " · last card ")
    return [*line, label, *(badge[:1] if shortening >= 1 else badge)]
