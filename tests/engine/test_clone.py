"""`Game.clone`: an independent copy for bots to search on. Both games write their clones out field by
field (it is on every search's hot path), so this checks that no field is forgotten and that nothing the
rules change is shared between a state and its clone."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.lasvegas.modules import OPTIONS

IMMUTABLE = (int, str, bool, tuple, frozenset, type(None))


def _positions(name: str) -> list[Any]:
    game = get_game(name)
    config = GameConfig(name, "up", 4, "clone", ("layoff", "underworld")) if name == "lords" else GameConfig(
        name, "base", 4, "clone", OPTIONS)
    state, _ = game.new(config)
    rng, seen = random.Random("clone"), []
    while not game.is_over(state):
        seen.append(game.clone(state))
        seat = game.actors(state)[0]
        game.apply(state, seat, game.random_action(state, seat, rng))
    return [*seen[::7], state]


@pytest.mark.parametrize("name", ["lords", "lasvegas"])
def test_a_clone_has_every_field_and_shares_nothing_mutable(name: str) -> None:
    game = get_game(name)
    for state in _positions(name):
        twin = game.clone(state)
        assert game.encode(twin) == game.encode(state)
        for field in dataclasses.fields(state):
            if field.name in ("rng", "uw"):  # the generator, and the Underworld (its own clone): below
                continue
            mine, theirs = getattr(state, field.name), getattr(twin, field.name)
            assert theirs == mine, field.name
            if isinstance(mine, list | dict | set) and (mine or field.name in ("pending", "trades")):
                assert theirs is not mine, f"{field.name} is shared"
                for a, b in zip(mine, theirs, strict=True):
                    assert isinstance(a, IMMUTABLE) or (dataclasses.is_dataclass(a) and a.__dataclass_params__.frozen) \
                        or a is not b, f"an element of {field.name} is shared"
        uw, twin_uw = getattr(state, "uw", None), getattr(twin, "uw", None)
        if uw is not None:
            assert twin_uw is not uw and twin_uw.deck is not uw.deck and twin_uw.line is not uw.line
            assert all(a is not b for mine, theirs in zip(uw.hands, twin_uw.hands, strict=True)
                       for a, b in zip(mine, theirs, strict=True))
        assert twin.rng is not state.rng and (twin.rng.seed, twin.rng.drawn) == (state.rng.seed, state.rng.drawn)


@pytest.mark.parametrize("name", ["lords", "lasvegas"])
def test_playing_on_a_clone_leaves_the_original_as_it_was(name: str) -> None:
    game = get_game(name)
    for state in _positions(name)[:-1]:
        before = game.state_hash(state)
        twin, rng = game.clone(state), random.Random(before)
        while not game.is_over(twin):
            seat = game.actors(twin)[0]
            game.apply(twin, seat, game.random_action(twin, seat, rng))
        assert game.state_hash(state) == before
