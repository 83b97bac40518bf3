"""The optional OpenSpiel extra (bots/openspiel.py): both games as OpenSpiel games that OpenSpiel's own MCTS
and IS-MCTS play, resampling by `Game.determinize`, and IS-MCTS as the `ismcts` bot. Skipped without the extra."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from vegas_table.arena.play import play_one  # noqa: E402
from vegas_table.bots.openspiel import (  # noqa: E402
    DEAL_DRAWS,
    SPIEL_NAMES,
    UCT_C,
    ISMCTSBot,
    TimedISMCTS,
    VegasSpielState,
    register,
)
from vegas_table.bots.random_bot import RandomBot  # noqa: E402
from vegas_table.bots.registry import bot_names, make_bot, seat_bots  # noqa: E402
from vegas_table.engine import GameConfig  # noqa: E402


def load(game: str, players: int = 2) -> pyspiel.Game:
    register()
    return pyspiel.load_game(SPIEL_NAMES[game], {"players": players, "seed": f"spiel/{game}"})


def dealt(game: pyspiel.Game, deal: int = 0) -> VegasSpielState:
    """A new state of `game` past its chance nodes, the deal's bytes those of `deal`."""
    state = game.new_initial_state()
    for byte in deal.to_bytes(DEAL_DRAWS, "big"):
        state.apply_action(byte)
    return state


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_both_games_load_by_name_and_play_to_the_end_with_returns_that_share_one_win(game: str) -> None:
    state = dealt(load(game))
    rng = random.Random(3)
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0) and max(returns) > 0


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_resampling_keeps_the_players_information_state_and_legal_actions(game: str) -> None:
    state = dealt(load(game))
    rng = random.Random(5)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    for k in range(5):
        sample = state.resample(player, random.Random(k))
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()


def test_openspiels_is_mcts_plays_with_determinize_as_its_resampler() -> None:
    game = load("lords")
    state = dealt(game)
    numpy_rng = pyspiel_rng(1)
    bot = TimedISMCTS(game, mcts.RandomRolloutEvaluator(1, numpy_rng), UCT_C, 8, random_state=numpy_rng)
    resampled = []
    rng = random.Random(1)

    def resample(s: VegasSpielState, player: int) -> VegasSpielState:
        resampled.append(player)
        return s.resample(player, rng)

    bot.set_resampler(resample)
    action = bot.step(state)
    assert action in state.legal_actions()
    assert bot.simulations == 8 and resampled == [state.current_player()] * 8


def test_openspiels_mcts_plays_las_vegas() -> None:
    game = load("lasvegas")
    state = dealt(game)
    numpy_rng = pyspiel_rng(2)
    bot = mcts.MCTSBot(game, UCT_C, 8, mcts.RandomRolloutEvaluator(1, numpy_rng), random_state=numpy_rng)
    assert bot.step(state) in state.legal_actions()


def test_ismcts_is_a_bot_name_for_measuring_but_not_a_server_seat() -> None:
    assert "ismcts" in bot_names(plugins=True) and "ismcts" not in bot_names()
    assert "ismcts" not in seat_bots("lords") and "ismcts" not in seat_bots("lords", plugins=True)
    assert isinstance(make_bot("ismcts", "s", plugins=True), ISMCTSBot)


@pytest.mark.parametrize(("game", "rules"), [("lasvegas", "base"), ("lords", "classic")])
def test_the_ismcts_bot_plays_a_whole_game_against_random(game: str, rules: str) -> None:
    config = GameConfig(game, rules, 2, f"ismcts/{game}")
    record = play_one(config, [ISMCTSBot("a", simulations=2), RandomBot("b")])
    assert record.winners


def pyspiel_rng(seed: int):  # type: ignore[no-untyped-def]
    import numpy as np

    return np.random.RandomState(seed)


def test_a_time_budget_too_short_for_one_simulation_still_chooses_after_two() -> None:
    game = load("lasvegas")
    state = dealt(game)
    numpy_rng = pyspiel_rng(3)
    bot = TimedISMCTS(game, mcts.RandomRolloutEvaluator(1, numpy_rng), UCT_C, 1000, random_state=numpy_rng,
                      millis=0.0)
    rng = random.Random(3)
    bot.set_resampler(lambda s, p: s.resample(p, rng))
    assert bot.step(state) in state.legal_actions() and bot.simulations == 2
