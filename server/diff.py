"""Diffs between two views as RFC 6902 JSON Patches, so any client applies them with a standard library.

Only `add`, `remove` and `replace` are emitted. Objects are compared key by key and lists element by
element after their common prefix and suffix, recursing into elements at the same position, so a change
deep inside a view costs one small operation rather than a copy of its list. Equality is JSON equality:
`1` and `true` are different values here even though Python says `1 == True`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from vegas_table.engine.core.canonical import canonical_text, fast_canonical_bytes, standard_canonical_bytes

JSONValue = Any
Operation = dict[str, JSONValue]


def make_patch(old: JSONValue, new: JSONValue) -> list[Operation]:
    """The operations that turn `old` into `new` (an empty list when they are the same JSON value)."""
    ops: list[Operation] = []
    if not same(old, new):
        _diff(old, new, "", ops)
    return ops


def same(a: JSONValue, b: JSONValue) -> bool:
    """JSON equality: like `==`, but a boolean never equals a number.

    Fast path: `==` and the JSON text run in C, and the text tells `true` from `1` at any depth; only
    containers that are equal but were built in a different key order (so their texts differ) are walked
    in Python."""
    if a is b:
        return True
    if type(a) is not type(b) or a != b:
        return False
    if isinstance(a, dict | list):
        return _same_text(a, b) or _strictly_same(a, b)
    return True


def _same_text(a: JSONValue, b: JSONValue) -> bool:
    """Whether two containers have the same JSON text (orjson's, five times faster than `repr` for a lot of
    a Lords view; `repr` where orjson refuses a value, an integer beyond 64 bits say)."""
    try:
        return orjson.dumps(a) == orjson.dumps(b)
    except TypeError:  # orjson.JSONEncodeError
        return repr(a) == repr(b)


def _strictly_same(a: JSONValue, b: JSONValue) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_strictly_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_strictly_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _pointer(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def _diff(old: JSONValue, new: JSONValue, path: str, ops: list[Operation]) -> None:
    """Append the operations for `old` -> `new` at `path`; the caller knows they differ."""
    if type(old) is type(new) and isinstance(old, dict):
        _diff_objects(old, new, path, ops)
    elif type(old) is type(new) and isinstance(old, list):
        _diff_lists(old, new, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_objects(old: dict[str, JSONValue], new: dict[str, JSONValue], path: str, ops: list[Operation]) -> None:
    for key in old:
        if key not in new:
            ops.append({"op": "remove", "path": _pointer(path, key)})
    for key, value in new.items():
        if key not in old:
            ops.append({"op": "add", "path": _pointer(path, key), "value": value})
        elif not same(old[key], value):  # checked here so unchanged keys cost no pointer and no call
            _diff(old[key], value, _pointer(path, key), ops)


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
        if not same(old_middle[i], new_middle[i]):
            _diff(old_middle[i], new_middle[i], _pointer(path, prefix + i), ops)
    for _ in range(len(old_middle) - paired):  # each removal shifts the rest left, so the index stays
        ops.append({"op": "remove", "path": _pointer(path, prefix + paired)})
    for i in range(paired, len(new_middle)):
        ops.append({"op": "add", "path": _pointer(path, prefix + i), "value": new_middle[i]})


# ------------------------------------------------------------------------------ views, key by key


@dataclass(frozen=True, slots=True)
class CanonicalObject:
    """A JSON object kept as text: the canonical text of each top-level value, and of the whole.

    Two versions of a view then compare key by key as strings (exact JSON equality, found in C), and only
    keys whose text changed are parsed back and diffed. Keeping text rather than the object keeps a
    server's many views out of the garbage collector's way (strings are not tracked, dicts are).
    `orjson_wrote`: every part was written by orjson, so orjson (twice as fast as json here) reads them
    back exactly; a part the standard library wrote may hold an integer orjson would read as a float."""

    parts: dict[str, str]
    text: str
    orjson_wrote: bool = False
    # the object this one was made from (`encode_views`), whose parts it has but under the keys of `own`
    base: CanonicalObject | None = None
    own: frozenset[str] = frozenset()

    @classmethod
    def of(cls, value: dict[str, JSONValue], memo: EncodeMemo | None = None) -> CanonicalObject:
        """`value` as text. Pass the same `memo` for views built together (`Game.views`): a top-level value
        they share (the very same object) is encoded once, and they share its text."""
        memo = {} if memo is None else memo
        parts = {}
        orjson_wrote = True
        for key, item in value.items():
            known = _known(item, memo)
            parts[key] = known[1]
            orjson_wrote = orjson_wrote and known[2]
        return cls(parts, _object_text(parts), orjson_wrote)

    @property
    def loads(self) -> Callable[[str], JSONValue]:
        """What reads this object's parts back exactly."""
        return orjson.loads if self.orjson_wrote else json.loads


def encode_views(views: Sequence[dict[str, JSONValue]]) -> list[CanonicalObject]:
    """The views of one version as text: the first (the spectators') encoded whole, each other one made
    from it: under a key where a view holds the very object the first does, its part is the first's, so
    only what differs is encoded (the views of one version share most of their values, `Game.views`). A
    view with other keys than the first's is encoded whole."""
    memo = EncodeMemo()
    first_view = views[0]
    first = CanonicalObject.of(first_view, memo)
    keys = sorted(first.parts)
    position = {key: k for k, key in enumerate(keys)}
    entries = [f"{_key_text(key)}:{first.parts[key]}" for key in keys]
    encoded = [first]
    for view in views[1:]:
        if view.keys() != first_view.keys():
            encoded.append(CanonicalObject.of(view, memo))
            continue
        own = [key for key, item in view.items() if item is not first_view[key]]
        if not own:
            encoded.append(CanonicalObject(first.parts, first.text, first.orjson_wrote, first))
            continue
        parts, mine, orjson_wrote = dict(first.parts), entries.copy(), first.orjson_wrote
        for key in own:
            known = _known(view[key], memo)
            parts[key] = known[1]
            mine[position[key]] = f"{_key_text(key)}:{known[1]}"
            orjson_wrote = orjson_wrote and known[2]
        encoded.append(CanonicalObject(parts, "{" + ",".join(mine) + "}", orjson_wrote, first, frozenset(own)))
    return encoded


def _known(item: JSONValue, memo: EncodeMemo) -> tuple[JSONValue, str, bool]:
    """`memo`'s entry for `item` (made now if there is none)."""
    known = memo.get(id(item))
    if known is None:
        known = memo[id(item)] = (item, *_part_text(item))
    return known


def _object_text(parts: dict[str, str]) -> str:
    """The canonical text of an object whose values' texts are `parts`."""
    return "{" + ",".join(f"{_key_text(key)}:{parts[key]}" for key in sorted(parts)) + "}"


def _part_text(item: JSONValue) -> tuple[str, bool]:
    """`item`'s canonical text, and whether orjson wrote it."""
    fast = fast_canonical_bytes(item)
    if fast is None:
        return standard_canonical_bytes(item).decode("utf-8"), False
    return fast.decode("utf-8"), True


# id(value) -> (value, its text, whether orjson wrote it). Holding the value keeps it alive, so its id cannot
# be reused by another object while the memo is.
EncodeMemo = dict[int, tuple[JSONValue, str, bool]]


@functools.lru_cache(maxsize=1024)
def _key_text(key: str) -> str:
    """A key as JSON text (views have a few dozen top-level keys, encoded again for every version)."""
    return canonical_text(key)


PatchMemo = dict[tuple[str, str, str], str]


def patch_text(old: CanonicalObject, new_value: dict[str, JSONValue], new: CanonicalObject,
               memo: PatchMemo | None = None) -> str:
    """The RFC 6902 patch from `old` to `new_value` (whose `CanonicalObject` is `new`) as canonical JSON.

    The operations are those `make_patch` gives, computed key by key. `memo` may be shared by the views
    of one version: a key whose old and new texts are the same for several viewers (everything but what
    differs between seats) is diffed once for all of them."""
    return _patch(_fragments(old, new_value, new, {} if memo is None else memo))


def patch_texts(olds: Sequence[CanonicalObject], values: Sequence[dict[str, JSONValue]],
                news: Sequence[CanonicalObject]) -> list[str]:
    """`patch_text` of each view of one version from its old one, the first view (the spectators') diffed
    whole and every other only where it or its old one differs from the first's (`encode_views`):
    views that differ from the first only in what did not change get the very text of its patch."""
    memo: PatchMemo = {}
    first = _fragments(olds[0], values[0], news[0], memo)
    first_text = _patch(first)
    texts = [first_text]
    for old, value, new in zip(olds[1:], values[1:], news[1:], strict=True):
        if old.base is not olds[0] or new.base is not news[0]:
            texts.append(_patch(_fragments(old, value, new, memo)))
            continue
        fragments = first
        for key in old.own | new.own:  # the only keys whose parts may differ from the first view's
            fragment = _fragment(key, old, value, new, memo)
            if fragment != first.get(key):
                if fragments is first:
                    fragments = dict(first)
                if fragment is None:
                    del fragments[key]
                else:
                    fragments[key] = fragment
        if fragments is first:
            texts.append(first_text)
            continue
        if not fragments.keys() <= first.keys():  # a key the first view's patch does not have: in its place
            fragments = {key: fragments[key] for key in (*old.parts, *new.parts) if key in fragments}
        texts.append(_patch(fragments))
    return texts


def _patch(fragments: dict[str, str]) -> str:
    return "[" + ",".join(fragment for fragment in fragments.values() if fragment) + "]"


def _fragments(old: CanonicalObject, new_value: dict[str, JSONValue], new: CanonicalObject,
               memo: PatchMemo) -> dict[str, str]:
    """The operations of the patch from `old` to `new`, as canonical text by top-level key, in their order:
    the removals, then the others in `new`'s key order."""
    fragments = {key: canonical_text({"op": "remove", "path": _pointer("", key)})
                 for key in old.parts if key not in new.parts}
    for key, part in new.parts.items():
        if old.parts.get(key) != part:
            fragment = _fragment(key, old, new_value, new, memo)
            if fragment is not None:
                fragments[key] = fragment
    return fragments


def _fragment(key: str, old: CanonicalObject, new_value: dict[str, JSONValue], new: CanonicalObject,
              memo: PatchMemo) -> str | None:
    """The operations that bring `old`'s value at `key` to `new`'s, as text (None: it did not change)."""
    before, part = old.parts.get(key), new.parts.get(key)
    if before == part:
        return None
    if part is None:
        return canonical_text({"op": "remove", "path": _pointer("", key)})
    if before is None:
        return canonical_text({"op": "add", "path": _pointer("", key), "value": new_value[key]})
    fragment = memo.get((key, before, part))
    if fragment is None:
        ops: list[Operation] = []
        # both sides parsed from canonical text: their keys in the same (sorted) order, so `same` settles
        # equal containers by their texts instead of walking them
        _diff(old.loads(before), new.loads(part), _pointer("", key), ops)
        fragment = memo[(key, before, part)] = ",".join(canonical_text(op) for op in ops)
    return fragment
