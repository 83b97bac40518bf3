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

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.lasvegas.invariants import check as check_lasvegas
from tests.engine.lords.invariants import check as check_lords
from tests.engine.lords.test_properties import random_trade
from tests.engine.positions import configs, walk
from vegas_table.engine import GameConfig, IllegalAction, get_game
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


def _revealed(before: Any, after: Any) -> bool:
    """Whether an action turned up something hidden: a roll of the generator, or a card off the top of a deck
    (the top is the end of the list; notes slid under the pile go in at its start, turning nothing up)."""
    decks = [(before.deck, after.deck)]
    if getattr(before, "uw", None) is not None:
        decks.append((before.uw.deck, after.uw.deck))
    drawn = any(len(new) < len(old) or new[len(new) - len(old):] != old for old, new in decks)
    return bool(drawn or before.rng.drawn != after.rng.drawn)


def _options(game: Any, state: Any, rng: random.Random, most: int) -> list[tuple[int, Any]]:
    """Up to `most` legal actions of any seat that may act (each range at its ends), drawn with `rng`, and in
    Lords of Vegas a trade offered by anyone (legal actions list no offers: there are too many)."""
    options = []
    for seat in range(game.config(state).players):
        for option in game.legal_actions(state, seat):
            ends = (option.at(option.low), option.at(option.high)) if hasattr(option, "at") else (option,)
            options += [(seat, action) for action in ends]
    chosen = rng.sample(options, min(most, len(options)))
    if game.name == "lords" and not state.pending:
        proposer = rng.randrange(state.players)
        chosen.append((proposer, game.parse_action(random_trade(rng, state, proposer))))
    return chosen


def _unsealed(view: dict[str, Any]) -> dict[str, Any]:
    """The view but its seed: the end of the game shows the seed, which no world drawn before it can know."""
    return {key: value for key, value in view.items() if key != "seed"}


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.integers(0, 2**32))
def test_the_drawn_world_has_the_real_future_wherever_no_hidden_part_decides_it(config: GameConfig,
                                                                                choices: int) -> None:
    """At every decision, for every seat: each legal action (of any seat) applied to the world and to the real
    state gives that seat the same view, whenever it turns up no hidden card or roll in the real game."""
    game = get_game(config.game)
    draws = random.Random(choices)
    for state in walk(config, random.Random(choices), trades=0.1):
        if game.is_over(state):
            continue
        for seat in range(config.players):
            world = game.determinize(_as_json(game.view(state, seat)), seat, draws)
            for actor, action in _options(game, state, draws, 4):
                real, drawn = game.clone(state), game.clone(world)
                try:
                    game.apply(real, actor, action)
                except IllegalAction:  # an offer of what the proposer does not hold: refused in the world too
                    with pytest.raises(IllegalAction):
                        game.apply(drawn, actor, action)
                    continue
                game.apply(drawn, actor, action)
                if not _revealed(state, real):
                    assert canonical_bytes(_unsealed(game.view(drawn, seat))) == \
                        canonical_bytes(_unsealed(game.view(real, seat))), f"{action.text()} by seat {actor}"
