"""The search bot: determinized states look the same to the seat, decisions repeat for a seed and a budget
of playouts, and only legal actions come out in whole games of both games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bots.base import Bot, concrete
from bots.greedy import GreedyBot
from bots.lasvegas.determinize import determinize as lasvegas_determinize
from bots.local import decide, game_info, turn_for
from bots.lords.determinize import determinize as lords_determinize
from bots.random_bot import RandomBot
from bots.search import SearchBot
from engine import get_game
from engine.core.api import ActionRange, GameConfig
from engine.lords.board import LOTS

LORDS = get_game("lords")
LAS_VEGAS = get_game("lasvegas")


def random_position(game: Any, config: GameConfig, steps: int) -> tuple[Any, int]:
    """A position `steps` random actions into a game, and the seat to act there."""
    state, _ = game.new(config)
    rng = random.Random(config.seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.actors(state)[0]
        game.apply(state, seat, concrete(rng.choice(game.legal_actions(state, seat)), rng))
    return state, (game.actors(state) or (0,))[0]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300),
       shape=st.sampled_from([("classic", 2), ("classic", 4), ("up", 3), ("up", 6)]))
def test_a_determinized_lords_state_shows_the_seat_the_same_view_and_actions(
        seed: int, steps: int, shape: tuple[str, int]) -> None:
    rules, players = shape
    state, seat = random_position(LORDS, GameConfig("lords", rules, players, str(seed)), steps)
    assume(not LORDS.is_over(state))
    view = LORDS.view(state, seat)
    sample = lords_determinize(view, seat, random.Random(seed))
    assert LORDS.view(sample, seat) == view
    assert LORDS.legal_actions(sample, seat) == LORDS.legal_actions(state, seat)
    colours = [sorted(LOTS[c].card_colour if c < len(LOTS) else -1 for c in deck) for deck in (sample.deck, state.deck)]
    assert colours[0] == colours[1]  # the deck's make-up by colour is known; which lots, and the order, are not


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), players=st.integers(2, 5),
       options=st.sampled_from([(), ("biggies", "kickers", "slot"), ("minimums", "neutral", "notes100k")]))
def test_a_determinized_las_vegas_state_shows_the_seat_the_same_view_and_actions(
        seed: int, steps: int, players: int, options: tuple[str, ...]) -> None:
    state, seat = random_position(LAS_VEGAS, GameConfig("lasvegas", "base", players, str(seed), options), steps)
    assume(not LAS_VEGAS.is_over(state))
    view = LAS_VEGAS.view(state, seat)
    if view["pending"]:
        with pytest.raises(ValueError):
            lasvegas_determinize(view, seat, random.Random(seed))
        return
    sample = lasvegas_determinize(view, seat, random.Random(seed))
    assert LAS_VEGAS.view(sample, seat) == view
    assert LAS_VEGAS.legal_actions(sample, seat) == LAS_VEGAS.legal_actions(state, seat)
    assert sorted(sample.deck) == sorted(state.deck)  # the pile's make-up is known; only its order is not


@pytest.mark.parametrize(("game", "rules", "players", "steps"), [
    ("lords", "classic", 2, 40), ("lords", "up", 4, 90), ("lasvegas", "base", 3, 7), ("lasvegas", "base", 2, 30),
])
def test_the_same_seed_and_budget_make_the_same_choice(game: str, rules: str, players: int, steps: int) -> None:
    rules_of = get_game(game)
    config = GameConfig(game, rules, players, "same")
    state, seat = random_position(rules_of, config, steps)
    choices = {str(SearchBot("s", playouts=30).choose(turn_for(rules_of, state, game_info(config, seat), 0)))
               for _ in range(2)}
    assert len(choices) == 1


def is_legal(action: object, options: list[object]) -> bool:
    return any(action in o if isinstance(o, ActionRange) else action == o for o in options)


@pytest.mark.parametrize(("game", "rules", "players", "options"), [
    ("lords", "classic", 2, ()), ("lords", "up", 3, ("layoff",)),
    ("lasvegas", "base", 2, ()), ("lasvegas", "base", 4, ("biggies", "kickers", "rainbow", "slot")),
])
def test_search_only_plays_legal_actions(game: str, rules: str, players: int, options: tuple[str, ...]) -> None:
    rules_of = get_game(game)
    config = GameConfig(game, rules, players, f"legal/{game}/{players}", options)
    bots: list[Bot] = [SearchBot(f"s{s}", playouts=8) if s == 0 else
                       (GreedyBot(f"g{s}") if s == 1 else RandomBot(f"r{s}")) for s in range(players)]
    state, _ = rules_of.new(config)
    while not rules_of.is_over(state):
        who = rules_of.actors(state)[0]
        action = decide(bots[who], rules_of, state, game_info(config, who), 0)
        assert is_legal(action, rules_of.legal_actions(state, who)), action
        rules_of.apply(state, who, action)


def search_choice(game: Any, state: Any, seat: int, playouts: int = 40) -> str:
    config = game.config(state)
    return str(SearchBot("test", playouts=playouts).choose(turn_for(game, state, game_info(config, seat), 0)))


def test_search_takes_the_las_vegas_casino_it_can_win_outright() -> None:
    from tests.engine.lasvegas.table import ANNA, BENNO, blank, dice, notes, rolled

    state = blank(2)
    notes(state, 6, 90)
    notes(state, 1, 10)
    dice(state, 6, {BENNO: 1})
    rolled(state, ANNA, [6, 6, 1, 1])
    assert search_choice(LAS_VEGAS, state, ANNA) == "place 6"


def test_search_remodels_to_take_over_a_lords_casino() -> None:
    from tests.bots.test_lords_greedy import early
    from tests.engine.lords.position import blank, money, tile

    state = early(blank("classic", 2, current="blue"))
    tile(state, "C1", "silver", "blue", pips=6)
    tile(state, "C2", "gold", "green", pips=3)
    tile(state, "C3", "gold", "green", pips=4)
    money(state, blue=10)
    assert search_choice(LORDS, state, 0) == "remodel C1 gold"


def test_the_tree_search_takes_the_las_vegas_casino_it_can_win_outright(monkeypatch: pytest.MonkeyPatch) -> None:
    from bots.lasvegas.search_model import LasVegasModel
    from tests.engine.lasvegas.table import ANNA, BENNO, blank, dice, notes, rolled

    monkeypatch.setattr(LasVegasModel, "paired", False)  # the IS-MCTS tree instead of sequential halving
    state = blank(2)
    notes(state, 6, 90)
    notes(state, 1, 10)
    dice(state, 6, {BENNO: 1})
    rolled(state, ANNA, [6, 6, 1, 1])
    assert search_choice(LAS_VEGAS, state, ANNA, playouts=60) == "place 6"


def test_search_overrules_greedy_only_on_clear_evidence() -> None:
    from bots.search import clearly_better

    assert clearly_better([1.0, 1.2, 0.9, 1.1], [0.0, 0.1, 0.0, 0.2])
    assert not clearly_better([1.0, -1.0, 1.0, -0.9], [0.0, 0.0, 0.0, 0.0])  # ahead on average, by noise
    assert not clearly_better([5.0], [0.0])  # one sample proves nothing
    assert clearly_better([1.0, 1.2, 0.9, 1.1, 7.0], [0.0, 0.1, 0.0, 0.2])  # compared where both were played
