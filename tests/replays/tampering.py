"""Ways to damage a replay file, as the tampering tests apply them: bytes, lines and re-chained forgeries."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.replays.format import line_hash


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def joined(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def line_number_at(data: bytes, position: int) -> int:
    """The line (from 1) holding the byte at `position` (a newline belongs to the line it ends)."""
    return data.count(b"\n", 0, position) + 1


def flip_byte(data: bytes, position: int, mask: int = 0x01) -> bytes:
    return data[:position] + bytes([data[position] ^ mask]) + data[position + 1:]


def drop_line(data: bytes, line: int) -> bytes:
    lines = lines_of(data)
    return joined(lines[: line - 1] + lines[line:])


def swap_lines(data: bytes, first: int, second: int) -> bytes:
    lines = lines_of(data)
    lines[first - 1], lines[second - 1] = lines[second - 1], lines[first - 1]
    return joined(lines)


def edit_record(data: bytes, line: int, change: Callable[[dict[str, Any]], None], rechain: bool = True) -> bytes:
    """Change one record with `change`, write it canonically and, if `rechain`, fix every later `prev`:
    the forgery a careful tamperer would make, which only re-running the game can expose."""
    lines = lines_of(data)
    record = json.loads(lines[line - 1])
    change(record)
    lines[line - 1] = canonical_bytes(record)
    if rechain:
        for index in range(line, len(lines)):
            later = json.loads(lines[index])
            later["prev"] = line_hash(lines[index - 1])
            lines[index] = canonical_bytes(later)
    return joined(lines)


def first_line_with(data: bytes, kind: str) -> int:
    """The first line whose record holds an event of `kind`."""
    for number, line in enumerate(lines_of(data), 1):
        if any(event["kind"] == kind for event in json.loads(line).get("events", ())):
            return number
    raise LookupError(f"no {kind} event in the replay")
