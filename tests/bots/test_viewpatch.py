"""The bots' patch applier gives what the `jsonpatch` library gives, and refuses what does not fit."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonpatch
import pytest
from hypothesis import given, settings

from bots.viewpatch import PatchError, apply_patch
from engine.core.canonical import canonical_bytes
from server.diff import make_patch
from tests.server.test_diff import json_values


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_applies_every_server_diff_as_jsonpatch_does(old: Any, new: Any) -> None:
    patch = make_patch(old, new)
    expected = jsonpatch.apply_patch(copy.deepcopy(old), patch)
    got = apply_patch(copy.deepcopy(old), json.loads(json.dumps(patch)))
    assert canonical_bytes(got) == canonical_bytes(expected) == canonical_bytes(new)


def test_pointer_escapes_and_list_ends() -> None:
    view = {"a/b": {"~": [1, 2]}}
    patched = apply_patch(view, [{"op": "add", "path": "/a~1b/~0/-", "value": 3},
                                 {"op": "add", "path": "/a~1b/~0/0", "value": 0},
                                 {"op": "replace", "path": "/a~1b/~0/3", "value": 4}])
    assert patched == {"a/b": {"~": [0, 1, 2, 4]}}


@pytest.mark.parametrize(("view", "operation", "problem"), [
    ({"a": 1}, {"op": "move", "from": "/a", "path": "/b"}, "unsupported operation"),
    ({"a": 1}, {"op": "remove", "path": "/b"}, "no member 'b' to remove"),
    ({"a": 1}, {"op": "replace", "path": "/b", "value": 2}, "no member 'b' to replace"),
    ({"a": [1]}, {"op": "replace", "path": "/a/1", "value": 2}, "no element 1 to replace"),
    ({"a": [1]}, {"op": "add", "path": "/a/3", "value": 2}, "past the end"),
    ({"a": [1]}, {"op": "remove", "path": "/a/01"}, "not a list index"),
    ({"a": 1}, {"op": "add", "path": "/a/b", "value": 2}, "not an object or a list"),
    ({"a": 1}, {"op": "add", "path": "/x/y", "value": 2}, "no member 'x'"),
    ({"a": 1}, {"op": "add", "path": "a", "value": 2}, "not a JSON pointer"),
    ({"a": 1}, {"op": "add", "path": "/b"}, "has no value"),
])
def test_what_does_not_fit_the_view_is_refused(view: Any, operation: dict[str, Any], problem: str) -> None:
    with pytest.raises(PatchError, match=problem):
        apply_patch(view, [operation])
