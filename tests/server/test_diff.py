"""Diffs: applying the patch with an independent RFC 6902 implementation gives exactly the new view."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.server.diff import CanonicalObject, encode_views, make_patch, patch_text, patch_texts, same

scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from([2**64, -(2**63) - 1]) | st.text(max_size=3)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.sampled_from(["a", "b", "~", "/", "a/b", "~1", ""]), children, max_size=4),
    max_leaves=25,
)


def apply(old: Any, patch: list[dict[str, Any]]) -> Any:
    return jsonpatch.apply_patch(copy.deepcopy(old), patch)


@settings(max_examples=250, deadline=None)
@given(json_values, json_values)
def test_patch_turns_old_into_new(old: Any, new: Any) -> None:
    assert canonical_bytes(apply(old, make_patch(old, new))) == canonical_bytes(new)


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_no_change_is_an_empty_patch(value: Any) -> None:
    assert make_patch(value, copy.deepcopy(value)) == []


def test_booleans_are_not_numbers() -> None:
    assert not same(True, 1)
    assert not same({"a": [1, {"b": 0}]}, {"a": [1, {"b": False}]})
    assert same({"a": 1, "b": [True]}, {"b": [True], "a": 1})  # key order is not part of a JSON value
    assert not same({"a": 1, "b": [True]}, {"b": [1], "a": 1})
    assert make_patch({"x": [1, 0]}, {"x": [True, False]}) != []
    assert apply({"x": 1}, make_patch({"x": 1}, {"x": True})) == {"x": True}


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_same_is_equality_of_canonical_encodings(a: Any, b: Any) -> None:
    for x, y in ((a, b), (a, copy.deepcopy(a)), (a, reordered(a))):
        assert same(x, y) == (canonical_bytes(x) == canonical_bytes(y))


def reordered(value: Any) -> Any:
    """The same JSON value with every object's keys in the reverse order."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reordered(item) for item in value]
    return value


def test_a_deep_change_is_one_small_operation() -> None:
    old = {"seats": [{"money": 20, "score": 3}, {"money": 15, "score": 9}], "turn": 4}
    new = {"seats": [{"money": 20, "score": 3}, {"money": 7, "score": 9}], "turn": 4}
    assert make_patch(old, new) == [{"op": "replace", "path": "/seats/1/money", "value": 7}]


def test_an_insertion_in_front_of_a_list_is_one_add() -> None:
    old = {"log": ["b", "c", "d"]}
    assert make_patch(old, {"log": ["a", "b", "c", "d"]}) == [{"op": "add", "path": "/log/0", "value": "a"}]


objects = st.dictionaries(st.sampled_from(["a", "b", "seats", "lots", "é", "a/b"]), json_values, max_size=5)


@settings(max_examples=150, deadline=None)
@given(objects, objects, objects)
def test_key_by_key_patches_are_the_whole_patch(old: Any, new: Any, other: Any) -> None:
    memo: dict[tuple[str, str, str], str] = {}
    for before in (old, other):  # one memo shared by two viewers, as the server shares it within a version
        ops = json.loads(patch_text(CanonicalObject.of(before), new, CanonicalObject.of(new), memo))
        assert canonical_bytes(apply(before, ops)) == canonical_bytes(new)
        # The same operations as make_patch (in an order that may differ: both apply the same way).
        assert sorted(map(canonical_bytes, ops)) == sorted(map(canonical_bytes, make_patch(before, new)))


def _views(public: dict[str, Any], own: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One version's views as `Game.views` builds them: the spectators' `public`, each seat's sharing its
    values (the very objects) but under the keys of its `own`."""
    return [public, *({**public, **mine} for mine in own)]


seat_parts = st.lists(st.dictionaries(st.sampled_from(["viewer", "hand", "a"]), json_values, max_size=2),
                      min_size=1, max_size=3)


@settings(max_examples=150, deadline=None)
@given(objects, seat_parts, objects, seat_parts)
def test_views_sharing_values_encode_and_patch_as_each_alone(old: Any, old_own: Any, new: Any, new_own: Any) -> None:
    own = old_own[:len(new_own)] + [{}] * (len(new_own) - len(old_own))
    olds, news = _views(old, own), _views(new, new_own)
    before, after = encode_views(olds), encode_views(news)
    for view, encoded in zip(news, after, strict=True):
        assert encoded.text.encode("utf-8") == canonical_bytes(view)
        assert encoded.parts == CanonicalObject.of(view).parts
    alone = [patch_text(CanonicalObject.of(o), n, CanonicalObject.of(n)) for o, n in zip(olds, news, strict=True)]
    assert patch_texts(before, news, after) == alone


def test_seats_that_differ_only_in_what_did_not_change_share_the_patch_text() -> None:
    seats = [{"viewer": 0}, {"viewer": 1}]
    olds, news = _views({"a": 1, "b": [1], "viewer": None}, seats), _views({"a": 2, "b": [1], "viewer": None}, seats)
    patches = patch_texts(encode_views(olds), news, encode_views(news))
    assert patches[0] == '[{"op":"replace","path":"/a","value":2}]' and all(p is patches[0] for p in patches)


@settings(max_examples=100, deadline=None)
@given(objects)
def test_canonical_text_assembled_from_parts_is_the_canonical_encoding(value: Any) -> None:
    assert CanonicalObject.of(value).text.encode("utf-8") == canonical_bytes(value)


def test_parts_with_integers_beyond_64_bits_are_read_back_exactly() -> None:
    # orjson would read 2**70 back as a float: parts the standard library wrote are read with json
    old, new = {"a": [1, 2**70], "b": 1}, {"a": [1, 2**70 + 1], "b": 2}
    before, after = CanonicalObject.of(old), CanonicalObject.of(new)
    assert not after.orjson_wrote and CanonicalObject.of({"b": 1}).orjson_wrote
    assert json.loads(patch_text(before, new, after)) == [{"op": "replace", "path": "/a/1", "value": 2**70 + 1},
                                                          {"op": "replace", "path": "/b", "value": 2}]
