"""A base-game round played out on greedy's table ends exactly as the engine plays it, so the search's
playouts play the same games, only faster."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vegas_table.bots.lasvegas.round_playout import RoundEnd, applies, play_round
from vegas_table.bots.lasvegas.search_model import LasVegasModel, greedy_move
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.modules import OPTIONS
from vegas_table.engine.lasvegas.state import OVER, ROUNDS, LasVegasState


def into_a_game(players: int, seed: int, moves: int) -> LasVegasState:
    """A base game `moves` greedy placements in (random ones now and then, for variety)."""
    rng = random.Random(seed)
    state, _ = GAME.new(GameConfig("lasvegas", "base", players, f"playout/{seed}"))
    for _ in range(moves):
        if state.phase == OVER:
            break
        if rng.random() < 0.3:
            seat = GAME.actors(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        else:
            greedy_move(state)
    return state


def engine_round(state: LasVegasState) -> LasVegasState:
    """The round under way played by the engine, every seat greedy (the search's playouts before)."""
    round_ = state.round
    while state.phase != OVER and state.round == round_:
        greedy_move(state)
    return state


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 10**9), moves=st.integers(0, 120))
def test_a_round_played_on_greedys_table_ends_as_the_engine_plays_it(players: int, seed: int, moves: int) -> None:
    """The same dice (the state's generator, drawn in the engine's order), the same choices, the same notes."""
    state = into_a_game(players, seed, moves)
    if state.phase == OVER:
        return
    assert applies(state)
    before = GAME.state_hash(state)
    end = play_round(GAME.clone(state))
    played = engine_round(GAME.clone(state))
    assert end == RoundEnd(state.round, tuple(map(sum, played.won)), tuple(map(len, played.won)))
    assert GAME.state_hash(state) == before  # a clone was played, the position is as it was


@pytest.mark.parametrize("round_", [1, ROUNDS])
def test_a_playouts_round_end_is_worth_what_the_engines_is(round_: int) -> None:
    """Scored by the model: the chance to win between rounds, the share of the win after the last."""
    state = into_a_game(2, 7, 0)
    while state.round < round_:
        greedy_move(state)
    model = LasVegasModel()
    end = model.playout(GAME.clone(state), random.Random(1))
    assert isinstance(end, RoundEnd)
    played = engine_round(GAME.clone(state))
    assert played.phase == (OVER if round_ == ROUNDS else "play")
    assert model.rewards(end) == pytest.approx(model.rewards(played))


@pytest.mark.parametrize("option", OPTIONS)
def test_a_round_with_a_module_is_left_to_the_engine(option: str) -> None:
    state, _ = GAME.new(GameConfig("lasvegas", "base", 3, "modules", (option,)))
    assert not applies(state)
    assert isinstance(LasVegasModel().playout(state, random.Random(1)), LasVegasState)
