"""Readable differences between two JSON values, as paths: `seats[2].money: expected 31, found 29`.

A verifier that only says "hash mismatch" leaves a person to guess; a list of paths with both values says
what changed. Used for events (recorded against re-applied) and for states (decoded and viewed first, so
paths use the game's own names for lots and seats).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "(missing)"})()


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where two JSON values differ."""

    path: str
    expected: Any
    found: Any

    def text(self) -> str:
        return f"{self.path or '(the whole value)'}: expected {_short(self.expected)}, found {_short(self.found)}"

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "expected": _plain(self.expected), "found": _plain(self.found)}


def _plain(value: Any) -> Any:
    return None if value is MISSING else value


def _short(value: Any, width: int = 60) -> str:
    if value is MISSING:
        return "nothing"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= width else text[: width - 1] + "…"


def json_diff(expected: Any, found: Any, limit: int = 20) -> list[Difference]:
    """The first `limit` differences between `expected` and `found`, depth first, keys in sorted order."""
    out: list[Difference] = []
    _walk(expected, found, "", out, limit)
    return out


def _walk(expected: Any, found: Any, path: str, out: list[Difference], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(expected, dict) and isinstance(found, dict):
        for key in sorted(set(expected) | set(found), key=str):
            _walk(expected.get(key, MISSING), found.get(key, MISSING), f"{path}.{key}" if path else str(key),
                  out, limit)
    elif isinstance(expected, list) and isinstance(found, list):
        for i in range(max(len(expected), len(found))):
            _walk(expected[i] if i < len(expected) else MISSING, found[i] if i < len(found) else MISSING,
                  f"{path}[{i}]", out, limit)
    elif expected != found or type(expected) is not type(found):
        out.append(Difference(path, expected, found))
