"""Diffs between two views as RFC 6902 JSON Patches, so any client applies them with a standard library.

Only `add`, `remove` and `replace` are emitted. Objects are compared key by key and lists element by
element after their common prefix and suffix, recursing into elements at the same position, so a change
deep inside a view costs one small operation rather than a copy of its list. Equality is JSON equality:
`1`, `1.0`-free integers and `true` are different values here even though Python says `1 == True`.
"""

from __future__ import annotations

from typing import Any

JSONValue = Any
Operation = dict[str, JSONValue]


def make_patch(old: JSONValue, new: JSONValue) -> list[Operation]:
    """The operations that turn `old` into `new` (an empty list when they are the same JSON value)."""
    ops: list[Operation] = []
    _diff(old, new, "", ops)
    return ops


def same(a: JSONValue, b: JSONValue) -> bool:
    """JSON equality: like `==`, but a boolean never equals a number."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _pointer(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def _diff(old: JSONValue, new: JSONValue, path: str, ops: list[Operation]) -> None:
    if type(old) is type(new) and isinstance(old, dict):
        _diff_objects(old, new, path, ops)
    elif type(old) is type(new) and isinstance(old, list):
        _diff_lists(old, new, path, ops)
    elif not same(old, new):
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_objects(old: dict[str, JSONValue], new: dict[str, JSONValue], path: str, ops: list[Operation]) -> None:
    for key in old:
        if key not in new:
            ops.append({"op": "remove", "path": _pointer(path, key)})
    for key, value in new.items():
        if key in old:
            _diff(old[key], value, _pointer(path, key), ops)
        else:
            ops.append({"op": "add", "path": _pointer(path, key), "value": value})


def _diff_lists(old: list[JSONValue], new: list[JSONValue], path: str, ops: list[Operation]) -> None:
    shortest = min(len(old), len(new))
    prefix = 0
    while prefix < shortest and same(old[prefix], new[prefix]):
        prefix += 1
    suffix = 0
    while suffix < shortest - prefix and same(old[-1 - suffix], new[-1 - suffix]):
        suffix += 1
    old_middle, new_middle = old[prefix:len(old) - suffix], new[prefix:len(new) - suffix]
    paired = min(len(old_middle), len(new_middle))
    for i in range(paired):
        _diff(old_middle[i], new_middle[i], _pointer(path, prefix + i), ops)
    for _ in range(len(old_middle) - paired):  # each removal shifts the rest left, so the index stays
        ops.append({"op": "remove", "path": _pointer(path, prefix + paired)})
    for i in range(paired, len(new_middle)):
        ops.append({"op": "add", "path": _pointer(path, prefix + i), "value": new_middle[i]})
