"""The optional OpenSpiel extra (bots/openspiel.py): both games as OpenSpiel games that OpenSpiel's own MCTS
and IS-MCTS play, resampling by `Game.determinize`, and IS-MCTS as the `ismcts` bot. Skipped without the extra."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from vegas_table.arena.play import play_one  # noqa: E402
from vegas_table.bots.openspiel import (  # noqa: E402
    DEAL_DRAWS,
    MAX_ACTIONS,
    SPIEL_NAMES,
    UCT_C,
    ISMCTSBot,
    TimedISMCTS,
    VegasSpielState,
    engine_seed,
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


GAMES = [("lasvegas", "base", ""), ("lords", "up", ""), ("lords", "underworld", ""),
         ("lasvegas", "base", "biggies,kickers,rainbow,slot")]


@pytest.mark.parametrize(("game", "rules", "options"), GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_both_games_pass_openspiels_random_simulation_test_with_serialization(game: str, rules: str, options: str,
                                                                           players: int) -> None:
    register()
    spiel = pyspiel.load_game(SPIEL_NAMES[game], {"players": players, "rules": rules, "options": options})
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=True, verbose=False)


def played(game: pyspiel.Game, sampler: np.random.RandomState, moves: int) -> VegasSpielState:
    """`moves` moves of a new state, chance outcomes and actions drawn by `sampler` (as OpenSpiel's loops do)."""
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(sampler.choice(outcomes, p=probabilities)))
        elif not state.is_terminal():
            state.apply_action(int(sampler.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_each_episode_is_a_fresh_deal_reproducible_for_the_samplers_seed_and_the_games_seed(game: str) -> None:
    spiel = load(game)
    sampler = np.random.RandomState(7)
    first, second = (str(played(spiel, sampler, DEAL_DRAWS + 3)) for _ in range(2))
    assert first != second  # one game object, two episodes, two deals
    assert str(played(spiel, np.random.RandomState(7), DEAL_DRAWS + 3)) == first
    register()
    other = pyspiel.load_game(SPIEL_NAMES[game], {"players": 2, "seed": "another"})
    assert str(played(other, np.random.RandomState(7), DEAL_DRAWS + 3)) != first
    assert spiel.new_initial_state().is_chance_node() and len(spiel.new_initial_state().chance_outcomes()) == 256
    state = dealt(spiel, 0x0102030405060708)
    assert spiel.engine.config(state.state).seed == engine_seed(f"spiel/{game}", bytes(range(1, 9))) == (
        f"spiel/{game}/0102030405060708")


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_a_clone_keeps_the_history_and_goes_on_alone(game: str) -> None:
    state = played(load(game), np.random.RandomState(1), DEAL_DRAWS + 6)
    twin = state.clone()
    assert twin.history() == state.history() and len(twin.history()) == DEAL_DRAWS + 6 and str(twin) == str(state)
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.history()) == DEAL_DRAWS + 6 and twin.history()[:-1] == state.history()


@pytest.mark.parametrize(("game", "rules", "options"), GAMES)
def test_a_seats_tensors_and_strings_are_those_of_every_world_it_cannot_tell_apart(game: str, rules: str,
                                                                                   options: str) -> None:
    register()
    spiel = pyspiel.load_game(SPIEL_NAMES[game], {"players": 3, "rules": rules, "options": options})
    size = spiel.observation_tensor_size()
    assert spiel.information_state_tensor_size() == size
    sampler = np.random.RandomState(2)
    for moves in (0, DEAL_DRAWS, DEAL_DRAWS + 5, DEAL_DRAWS + 25):
        state = played(spiel, sampler, moves)
        for seat in range(3):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size and tensor == state.information_state_tensor(seat)
            if state.is_chance_node():
                assert not any(tensor)
                continue
            assert tensor[seat] == 1  # the viewer's one-hot comes first
            for k in range(3):  # worlds differing from the real one only in what `seat` cannot see
                world = state.resample_from_infostate(seat, np.random.RandomState(k))
                assert world.observation_tensor(seat) == tensor
                assert world.information_state_string(seat) == state.information_state_string(seat)


def test_resampling_takes_openspiels_own_generators_and_says_which_it_takes() -> None:
    state = played(load("lords"), np.random.RandomState(4), DEAL_DRAWS + 10)
    seat = state.current_player()
    for rng in (np.random.RandomState(1), np.random.default_rng(1), pyspiel.UniformProbabilitySampler(0.0, 1.0),
                random.Random(1)):
        world = state.resample_from_infostate(seat, rng)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    assert (str(state.resample_from_infostate(seat, np.random.RandomState(9)))
            == str(state.resample_from_infostate(seat, np.random.RandomState(9))))
    with pytest.raises(TypeError, match="numpy RandomState"):
        state.resample_from_infostate(seat, 7)


def test_openspiels_is_mcts_resamples_by_itself_with_its_own_sampler() -> None:
    from open_spiel.python.algorithms import ismcts

    game = load("lasvegas")
    state = dealt(game, 5)
    numpy_rng = pyspiel_rng(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, numpy_rng), UCT_C, 6, random_state=numpy_rng)
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize(("params", "words"), [
    ({"rules": "nope"}, "no rule set 'nope'"),
    ({"players": 9}, "for 2-"),
    ({"options": "bogus"}, "no option 'bogus'"),
])
def test_bad_parameters_are_refused_when_the_game_is_loaded(params: dict[str, object], words: str) -> None:
    register()
    with pytest.raises(pyspiel.SpielError, match=words):
        pyspiel.load_game(SPIEL_NAMES["lords"], params)


def test_rng_seed_is_refused_by_openspiel_for_games_with_chance_nodes() -> None:
    register()
    with pytest.raises(pyspiel.SpielError, match="rng_seed"):
        pyspiel.load_game(SPIEL_NAMES["lasvegas"], {"rng_seed": 3})


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_an_illegal_action_raises_openspiels_error_saying_which_are_legal(game: str) -> None:
    state = load(game).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match=r"0\.\.255"):
        state.apply_action(256)
    state = dealt(load(game))
    with pytest.raises(pyspiel.SpielError, match="legal actions are 0"):
        state.apply_action(len(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError, match="legal actions are 0"):
        state.action_to_string(state.current_player(), MAX_ACTIONS - 1)


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_tabular_q_learning_runs_episodes_on_the_observation_tensors_of_rl_environment(game: str) -> None:
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    env = rl_environment.Environment(load(game), chance_event_sampler=rl_environment.ChanceEventSampler(seed=1))
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(2)]
    for _ in range(2):
        time_step = env.reset()
        assert len(time_step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step = env.step([agents[player].step(time_step).action])
        for agent in agents:
            agent.step(time_step)
        assert sum(time_step.rewards) == pytest.approx(1.0)
    assert any(agent._q_values for agent in agents)  # it learnt something to look up


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_openspiels_evaluate_bots_plays_uniform_random_bots_through_the_chance_nodes(game: str) -> None:
    from open_spiel.python.algorithms import evaluate_bots

    spiel = load(game)
    rng = np.random.RandomState(3)
    bots = [pyspiel.make_uniform_random_bot(p, 3) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(spiel.new_initial_state(), bots, rng)
    assert sum(returns) == pytest.approx(1.0)


def test_ismcts_takes_a_budget_as_search_does() -> None:
    assert make_bot("ismcts@12", "s", plugins=True).simulations == 12  # type: ignore[attr-defined]
    timed = make_bot("ismcts@200ms", "s", plugins=True)
    assert timed.millis == 200.0 and timed.simulations == 1 << 30  # type: ignore[attr-defined]
    for bad in ("ismcts@0", "ismcts@fast", "ismcts@5s"):
        with pytest.raises(ValueError, match=r"ismcts@200\) or milliseconds \(ismcts@500ms"):
            make_bot(bad, "s", plugins=True)
    with pytest.raises(ValueError, match=r"search@200\) or milliseconds \(search@500ms"):
        make_bot("search@fast", "s")


def test_the_underworlds_cards_are_pieces_of_the_lords_tensor_when_it_is_played() -> None:
    from open_spiel.python.observation import make_observation

    register()
    plain = pyspiel.load_game(SPIEL_NAMES["lords"], {"players": 2})
    spiel = pyspiel.load_game(SPIEL_NAMES["lords"], {"players": 2, "rules": "underworld"})
    observation = make_observation(spiel)
    assert "underworld_line" in observation.dict and "underworld_line" not in make_observation(plain).dict
    state = played(spiel, np.random.RandomState(6), DEAL_DRAWS + 30)
    observation.set_from(state, 0)
    cards = state.view(0)["underworld"]
    assert observation.dict["underworld_line"].sum() == len(cards["line"])
    assert observation.dict["underworld_hands"].sum() == sum(len(hand) for hand in cards["hands"])
    assert observation.dict["underworld_deck_left"][0] == cards["deck_left"]


def test_the_slot_machines_numbers_are_a_piece_of_the_las_vegas_tensor_when_it_is_played() -> None:
    from open_spiel.python.observation import make_observation

    register()
    spiel = pyspiel.load_game(SPIEL_NAMES["lasvegas"], {"players": 2, "options": "slot"})
    observation = make_observation(spiel)
    state, sampler, seen = played(spiel, np.random.RandomState(8), DEAL_DRAWS), np.random.RandomState(8), set()
    while not state.is_terminal():
        observation.set_from(state, 1)
        numbers = next(casino for casino in state.view(1)["casinos"] if "numbers" in casino)["numbers"]
        assert [n + 1 for n in range(6) if observation.dict["slot_numbers"][n]] == numbers
        seen.update(numbers)
        state.apply_action(int(sampler.choice(state.legal_actions())))
    assert seen  # some dice were placed on it
