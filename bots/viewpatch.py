"""Applying the server's view diffs (RFC 6902 JSON Patches) in place, fast enough for a process of many bots.

The server only emits `add`, `remove` and `replace` (server.diff), so that is all this applies; anything
else, or a path that does not fit the view, raises `PatchError` and the bot asks for a snapshot. The
terminal client applies the same diffs with the `jsonpatch` library; this does the same in a tenth of the
time (a bot process following 400 seats spent most of its CPU in `jsonpatch`), and the tests check that
both give the same view for every diff the server makes.
"""

from __future__ import annotations

from typing import Any


class PatchError(ValueError):
    """The patch does not apply to the view held."""


def apply_patch(document: Any, operations: list[dict[str, Any]]) -> Any:
    """`document` with `operations` applied, changed in place where it can be; returns the new document
    (a new object only when an operation replaces the whole of it). The values in `operations` become
    part of the document: pass a freshly parsed patch."""
    for operation in operations:
        document = _apply(document, operation)
    return document


def _apply(document: Any, operation: dict[str, Any]) -> Any:
    op, path = operation.get("op"), operation.get("path")
    if op not in ("add", "remove", "replace") or not isinstance(path, str):
        raise PatchError(f"unsupported operation {operation!r}: only add, remove and replace with a path")
    if path == "":
        if op == "remove":
            raise PatchError("cannot remove the whole document")
        return _value(operation)
    if not path.startswith("/"):
        raise PatchError(f"{path!r} is not a JSON pointer")
    *parents, last = (_unescape(part) for part in path[1:].split("/"))
    target = document
    for part in parents:
        target = _child(target, part, path)
    if isinstance(target, dict):
        if op == "add":
            target[last] = _value(operation)
        elif last not in target:
            raise PatchError(f"{path!r}: no member {last!r} to {op}")
        elif op == "remove":
            del target[last]
        else:
            target[last] = _value(operation)
    elif isinstance(target, list):
        if op == "add" and last == "-":
            target.append(_value(operation))
            return document
        index = _index(last, path)
        if op == "add":
            if index > len(target):
                raise PatchError(f"{path!r}: index {index} is past the end of a list of {len(target)}")
            target.insert(index, _value(operation))
        elif index >= len(target):
            raise PatchError(f"{path!r}: no element {index} to {op} in a list of {len(target)}")
        elif op == "remove":
            del target[index]
        else:
            target[index] = _value(operation)
    else:
        raise PatchError(f"{path!r}: the parent is not an object or a list")
    return document


def _value(operation: dict[str, Any]) -> Any:
    if "value" not in operation:
        raise PatchError(f"{operation['op']} {operation['path']!r} has no value")
    return operation["value"]


def _child(target: Any, part: str, path: str) -> Any:
    if isinstance(target, dict):
        if part not in target:
            raise PatchError(f"{path!r}: no member {part!r}")
        return target[part]
    if isinstance(target, list):
        index = _index(part, path)
        if index >= len(target):
            raise PatchError(f"{path!r}: no element {index} in a list of {len(target)}")
        return target[index]
    raise PatchError(f"{path!r}: {part!r} is inside a value that is not an object or a list")


def _index(part: str, path: str) -> int:
    """An array index as RFC 6901 spells it: digits, no leading zero (but "0" itself)."""
    if not part.isdigit() or not part.isascii() or (part != "0" and part.startswith("0")):
        raise PatchError(f"{path!r}: {part!r} is not a list index")
    return int(part)


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~") if "~" in part else part
