"""Helpers for building formatted text line by line, with exact widths (every board cell lines up)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from prompt_toolkit.formatted_text import StyleAndTextTuples, fragment_list_width
from prompt_toolkit.utils import get_cwidth

Line = StyleAndTextTuples
Lines = StyleAndTextTuples  # several lines, joined with "\n" fragments
DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}  # a die drawn as its face, in both games
CHANGED = "•"  # after the name of a place that changed since the player's last move, in both games (help board)


def width(line: Line) -> int:
    return fragment_list_width(line)


def fit(text: str, size: int) -> str:
    """`text` cut or padded with spaces to exactly `size` columns (an ellipsis marks a cut)."""
    if get_cwidth(text) <= size:
        return text + " " * (size - get_cwidth(text))
    cut = ""
    for char in text:
        if get_cwidth(cut + char) > size - 1:
            break
        cut += char
    return cut + "…" + " " * (size - 1 - get_cwidth(cut))


def pad(line: Line, size: int, style: str = "") -> Line:
    """`line` padded with spaces to `size` columns (never cut)."""
    missing = size - width(line)
    return [*line, (style, " " * missing)] if missing > 0 else list(line)


def truncate(line: Line, size: int) -> Line:
    """`line` cut to at most `size` columns, keeping each fragment's style; an ellipsis marks a cut."""
    if width(line) <= size:
        return list(line)
    out: Line = []
    used = 0
    for fragment in line:
        style, text = fragment[0], fragment[1]
        room = size - 1 - used
        if get_cwidth(text) <= room:
            out.append((style, text))
            used += get_cwidth(text)
            continue
        cut = ""
        for char in text:
            if get_cwidth(cut + char) > room:
                break
            cut += char
        out.append((style, cut))
        break
    out.append(("class:dim", "…"))
    return out


def flow(items: Iterable[Line], size: int, first: Line | None = None, indent: int = 4) -> list[Line]:
    """`first`, then `items` (each a short run of fragments, never split) one space apart, on as many lines of
    at most `size` columns as they take; later lines start `indent` spaces in. Nothing is cut unless a
    single item is wider than a line."""
    lines: list[Line] = []
    line: Line = list(first or [])
    fresh = not line  # nothing on this line but its indent
    for item in items:
        if not fresh and width(line) + 1 + width(item) > size:
            lines.append(line)
            line, fresh = [("", " " * indent)], True
        line += list(item) if fresh else [("", " "), *item]
        fresh = False
    if line:
        lines.append(line)
    return [truncate(each, size) for each in lines]


def wrap_line(line: Line, size: int, indent: int = 4) -> list[Line]:
    """`line` as it is if it fits in `size` columns, else broken between words over more lines (later ones
    `indent` spaces in), each word keeping its style: a long sentence of a panel read in full."""
    if width(line) <= size:
        return [list(line)]
    words: list[Line] = []
    current: Line = []
    for fragment in line:
        style, text = fragment[0], fragment[1]
        for part in re.split(r"( +)", text):
            if not part:
                continue
            if part.startswith(" ") and (words or current):
                if current:
                    words.append(current)
                current = []
            else:
                current.append((style, part))  # a word, or the line's own leading spaces
    if current:
        words.append(current)
    return flow(words, size, indent=indent)


def join_lines(lines: Iterable[Line]) -> Lines:
    """Several lines as one fragment list with newlines between them (what a FormattedTextControl shows)."""
    out: Lines = []
    for number, line in enumerate(lines):
        if number:
            out.append(("", "\n"))
        out.extend(line)
    return out


def plain(lines: Lines) -> str:
    """The text of formatted lines without styles (for tests, logs and screen readers)."""
    return "".join(fragment[1] for fragment in lines)
