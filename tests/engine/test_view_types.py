"""Each game's typed view (`engine/<game>/views.py`) and its view's JSON Schema (`view.schema.json`) say
the same: object by object the same keys and the same required keys, lists of the same things, the same
kinds of value (a whole number, a string, a flag), null where the other allows it. mypy holds the engine's
views and their readers to the types; tests/engine/test_view_schemas.py holds every view to the schema."""

from __future__ import annotations

import types
import typing
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from vegas_table.engine.lasvegas.views import LasVegasView
from vegas_table.engine.lords.views import LordsView
from vegas_table.engine.schemas import view_schema

SCALARS: dict[Any, set[str]] = {int: {"integer"}, str: {"string"}, bool: {"boolean"}}


def _branches(node: dict[str, Any]) -> list[dict[str, Any]]:
    """The shapes a value may take, nested choices flattened."""
    choices = node.get("anyOf") or node.get("oneOf")
    return [shape for choice in choices for shape in _branches(choice)] if choices else [node]


def _kind(node: dict[str, Any]) -> str:
    if "const" in node or "enum" in node:
        return "string" if all(isinstance(v, str) for v in node.get("enum", [node.get("const")])) else "enum"
    return str(node.get("type", "any"))


def check(annotation: Any, node: dict[str, Any], path: str) -> None:
    """`annotation` (a type of views.py) against the schema `node` at `path` (AssertionError saying where)."""
    branches = _branches(node)
    nullable = any(b.get("type") == "null" for b in branches)
    origin = get_origin(annotation)
    shapes = [b for b in branches if b.get("type") != "null"]
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        assert (type(None) in get_args(annotation)) == nullable, f"{path}: null on one side only"
        if len(args) > 1:  # a choice of scalars: a note's value or "rainbow"
            kinds = set().union(*(SCALARS[a] for a in args))
            assert {_kind(s) for s in shapes} <= kinds, f"{path}: {annotation} is not {shapes}"
            return
        annotation = args[0]
        origin = get_origin(annotation)
    else:
        assert not nullable, f"{path}: the schema allows null, the type does not"
    if is_typeddict(annotation):
        _check_object(annotation, shapes, path)
    elif origin is list:
        (item,) = get_args(annotation)
        assert [s.get("type") for s in shapes] == ["array"], f"{path}: a list in the type, not in the schema"
        for at, part in enumerate(shapes[0].get("prefixItems") or [shapes[0]["items"]]):  # a pair: each place
            check(item, part, f"{path}[{at}]")
    elif origin is dict:
        _, value = get_args(annotation)
        (shape,) = shapes
        assert shape.get("type") == "object", f"{path}: a dict in the type, not in the schema"
        for name, part in (shape.get("properties") or {"*": shape["additionalProperties"]}).items():
            check(value, part, f"{path}.{name}")
    else:
        assert {_kind(s) for s in shapes} <= SCALARS[annotation], f"{path}: {annotation} is not {shapes}"


def _check_object(typed: Any, shapes: list[dict[str, Any]], path: str) -> None:
    """A TypedDict against one object of the schema, or several it may be (a lot: a parking lot or a tile)."""
    hints = get_type_hints(typed)
    properties = {k: v for shape in shapes for k, v in shape["properties"].items()}
    assert set(hints) == set(properties), f"{path}: keys {sorted(set(hints) ^ set(properties))} on one side only"
    assert all(shape.get("additionalProperties") is False for shape in shapes), f"{path}: the schema is open"
    if len(shapes) == 1:
        assert set(typed.__required_keys__) == set(shapes[0].get("required", ())), f"{path}: required keys differ"
    else:  # each shape's keys all required there, and optional in the one type that covers them all
        assert not typed.__required_keys__, f"{path}: several shapes in the schema, required keys in the type"
    for key, annotation in hints.items():
        check(annotation, properties[key], f"{path}.{key}")


@pytest.mark.parametrize(("game", "typed"), [("lords", LordsView), ("lasvegas", LasVegasView)])
def test_the_typed_view_and_the_schema_say_the_same(game: str, typed: Any) -> None:
    check(typed, view_schema(game), game)


def test_the_checker_finds_a_key_the_schema_does_not_have() -> None:
    class Wrong(typing.TypedDict):
        surprise: int

    with pytest.raises(AssertionError, match="surprise"):
        check(Wrong, {"type": "object", "properties": {}, "additionalProperties": False}, "wrong")


def test_a_seat_on_the_instant_win_space_has_no_next_stop_and_its_view_is_as_the_schema_says() -> None:
    """The case the typed view showed the schema had missed: `next_stop` is null on the last space."""
    from jsonschema import Draft202012Validator

    from vegas_table.engine import GameConfig, get_game

    game = get_game("lords")
    state, _ = game.new(GameConfig("lords", "up", 2, "ninety"))
    state.score[0] = 90
    view = game.view(state, 0)
    assert view["seats"][0]["next_stop"] is None
    Draft202012Validator(view_schema("lords")).validate(view)
