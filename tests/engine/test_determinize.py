"""`Game.determinize(view, seat, rng)`: a full state drawn from what one seat sees, for search bots.

Over random games of both games, every rule set and option, at every step and for every seat: the drawn
state shows that seat exactly the same view, every seat has the same legal actions, it keeps every
invariant of its game, and it plays on to an end. It reads nothing but the view: it is given the view as
plain JSON, and two states that differ only in what the seat cannot see give the very same draws.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.lasvegas.invariants import check as check_lasvegas
from tests.engine.lords.invariants import check as check_lords
from tests.engine.positions import configs, walk
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.engine.core.rng import Rng

CHECKS: dict[str, Callable[[Any], None]] = {"lords": check_lords, "lasvegas": check_lasvegas}


def _as_json(view: dict[str, Any]) -> dict[str, Any]:
    """The view as a client would receive it: plain data, sharing nothing with the state."""
    return json.loads(json.dumps(view))  # type: ignore[no-any-return]


def _play_out(game: Any, state: Any, rng: random.Random) -> None:
    while not game.is_over(state):
        seat = game.actors(state)[0]
        game.apply(state, seat, game.random_action(state, seat, rng))


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.integers(0, 2**32))
def test_the_drawn_state_shows_the_seat_the_same_view_and_allows_the_same_actions(config: GameConfig,
                                                                                    choices: int) -> None:
    game = get_game(config.game)
    draws = random.Random(choices)
    for step, state in enumerate(walk(config, random.Random(choices))):
        for seat in range(config.players):
            view = game.view(state, seat)
            world = game.determinize(_as_json(view), seat, draws)
            assert canonical_bytes(game.view(world, seat)) == canonical_bytes(view)
            for other in range(config.players):
                assert game.legal_actions(world, other) == game.legal_actions(state, other)
            if not game.is_over(state):  # (Underworld card points land off the track's stops at the end)
                CHECKS[config.game](world)
                assert world.config.seed != config.seed  # a fresh generator, never the real one
            if step % 15 == seat:
                _play_out(game, world, draws)


def _hidden_changed(game: Any, state: Any, rng: random.Random) -> Any:
    """The same position with what no player sees changed: the deck order and the generator."""
    twin = game.clone(state)
    rng.shuffle(twin.deck)
    if getattr(twin, "uw", None) is not None:
        rng.shuffle(twin.uw.deck)
    twin.rng = Rng(f"{rng.random()}", rng.randrange(1000))
    return twin


@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.integers(0, 2**32))
def test_states_that_look_the_same_to_the_seat_give_the_same_worlds(config: GameConfig, choices: int) -> None:
    game = get_game(config.game)
    changes = random.Random(choices)
    for step, state in enumerate(walk(config, random.Random(choices))):
        if step % 5 or game.is_over(state):
            continue
        twin = _hidden_changed(game, state, changes)
        assert game.state_hash(twin) != game.state_hash(state)
        for seat in range(config.players):
            view = game.view(state, seat)
            assert canonical_bytes(game.view(twin, seat)) == canonical_bytes(view)
            worlds = [game.determinize(game.view(s, seat), seat, random.Random(step)) for s in (state, twin)]
            assert game.encode(worlds[0]) == game.encode(worlds[1])
