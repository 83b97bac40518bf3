"""The default action: what is played for a seat that ran out of time (the turn timer), in both games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_table.bots.base import concrete
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.core.api import ActionRange

GAMES = [("lords", "up", 4, ()), ("lords", "classic", 2, ("layoff",)), ("lasvegas", "base", 3, ()),
         ("lasvegas", "base", 5, ("biggies", "kickers", "neutral", "slot"))]


def random_positions(name: str, rules: str, players: int, options: tuple[str, ...], seed: int) -> Iterator[Any]:
    """Every state of a random game, from its set-up to its end (the same state object, played on)."""
    game = get_game(name)
    state, _ = game.new(GameConfig(name, rules, players, str(seed), options))
    rng = random.Random(seed)
    while not game.is_over(state):
        yield state
        seat = game.actors(state)[0]
        game.apply(state, seat, concrete(rng.choice(game.legal_actions(state, seat)), rng))
    yield state


def is_legal(option: object, legal: list[object]) -> bool:
    return any(option in entry if isinstance(entry, ActionRange) else option == entry for entry in legal)


@pytest.mark.parametrize("name,rules,players,options", GAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_default_is_legal_for_whom_the_game_waits_and_none_for_the_others(
        name: str, rules: str, players: int, options: tuple[str, ...], seed: int) -> None:
    game = get_game(name)
    for state in random_positions(name, rules, players, options, seed):
        actors = game.actors(state) if not game.is_over(state) else ()
        for seat in range(players):
            default = game.default_action(state, seat)
            if seat in actors:
                assert default is not None and is_legal(default, game.legal_actions(state, seat))
            else:
                assert default is None


@pytest.mark.parametrize("name,rules,players,options", [g for g in GAMES if not get_game(g[0]).out_of_turn])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_game_that_says_so_lists_no_action_for_a_seat_it_does_not_wait_for(
        name: str, rules: str, players: int, options: tuple[str, ...], seed: int) -> None:
    # `Game.out_of_turn` False lets in-process games ask only the actors (arena.play)
    game = get_game(name)
    for state in random_positions(name, rules, players, options, seed):
        if not game.is_over(state):
            actors = game.actors(state)
            assert all(not game.legal_actions(state, seat) for seat in range(players) if seat not in actors)


def test_only_lords_of_vegas_lets_a_seat_act_out_of_turn() -> None:
    assert get_game("lords").out_of_turn and not get_game("lasvegas").out_of_turn


def test_lords_default_on_ones_turn_is_ending_it() -> None:
    game = get_game("lords")
    state, _ = game.new(GameConfig("lords", "up", 3, "end"))
    seat = game.actors(state)[0]
    assert game.default_action(state, seat).text() == "end"


@pytest.mark.parametrize("name,rules,players,options", GAMES)
def test_games_of_default_actions_only_end(name: str, rules: str, players: int, options: tuple[str, ...]) -> None:
    # A table where nobody ever comes back still finishes: the timer's moves alone end the game.
    game = get_game(name)
    state, _ = game.new(GameConfig(name, rules, players, "absent", options))
    for _ in range(20_000):
        if game.is_over(state):
            break
        seat = game.actors(state)[0]
        game.apply(state, seat, game.default_action(state, seat))
    assert game.is_over(state)
