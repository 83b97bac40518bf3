"""Property tests over random legal play, with every combination of the modules: invariants after every
step, every round ends, the game ends after four rounds, replays reproduce every state hash, encode/decode
round-trips, and refused actions change nothing."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.lasvegas.invariants import check, check_codec
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.errors import EngineError
from vegas_table.engine.core.match import Match
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.modules import OPTIONS
from vegas_table.engine.lasvegas.state import OVER, PLAYER_COLOURS

EVERY_COMBINATION = [combo for size in range(len(OPTIONS) + 1) for combo in combinations(OPTIONS, size)]
MAX_ACTIONS = 2_000
JUNK = ["place {n}", "place {n} slot", "kick {colour}", "kick {colour} biggie", "kick white", "take {value}"]


def junk(rng: random.Random) -> str:
    return rng.choice(JUNK).format(n=rng.randint(1, 6), colour=rng.choice(PLAYER_COLOURS),
                                   value=rng.choice([10, 20, 40, 60, 90, 100]))


def play_random(config: GameConfig, rng: random.Random) -> Match:
    """Random legal play to the end, checking the state after every action."""
    match = Match(GAME, config)
    check(match.state)
    rounds_seen = {match.state.round}
    for _ in range(MAX_ACTIONS):
        if match.over:
            break
        seat = match.actors()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
        check(match.state)
        rounds_seen.add(match.state.round)
        if rng.random() < 0.1:
            check_codec(match.state)
    assert match.over, "the game ends"
    assert rounds_seen == {1, 2, 3, 4} and match.state.round == 4
    return match


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(EVERY_COMBINATION), players=st.integers(2, 6), seed=st.integers(0, 10**9))
def test_random_games_keep_every_invariant_and_end_after_four_rounds(combo: tuple[str, ...], players: int,
                                                                     seed: int) -> None:
    config = GameConfig("lasvegas", "base", players, f"prop/{seed}", tuple(sorted(combo)))
    match = play_random(config, random.Random(seed))
    result = match.result
    assert result is not None and result.reason == "four_rounds"
    assert len(result.standings) == players and set(result.winners) <= set(range(players))
    best = max((s["money"], s["notes"]) for s in result.standings)
    assert {s for s in range(players) if (result.standings[s]["money"], result.standings[s]["notes"]) == best} \
        == set(result.winners)


def test_every_combination_of_modules_plays_to_the_end() -> None:
    for k, combo in enumerate(EVERY_COMBINATION):
        play_random(GameConfig("lasvegas", "base", 2 + k % 5, f"combo/{k}", combo), random.Random(k))


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(EVERY_COMBINATION), players=st.integers(2, 6), seed=st.integers(0, 10**9))
def test_replaying_the_actions_reproduces_every_state_hash(combo: tuple[str, ...], players: int,
                                                           seed: int) -> None:
    config = GameConfig("lasvegas", "base", players, f"replay/{seed}", tuple(sorted(combo)))
    rng = random.Random(seed)
    match = Match(GAME, config)
    hashes = [match.state_hash()]
    while not match.over:
        seat = match.actors()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
        hashes.append(match.state_hash())
    again = Match(GAME, config)
    assert again.state_hash() == hashes[0]
    for move, expected in zip(match.history, hashes[1:], strict=True):
        again.play(move.seat, move.action)
        assert again.state_hash() == expected
        decoded = GAME.decode(GAME.encode(again.state))
        assert GAME.state_hash(decoded) == expected
    assert again.state.phase == OVER


@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(EVERY_COMBINATION), seed=st.integers(0, 10**9))
def test_refused_actions_change_nothing(combo: tuple[str, ...], seed: int) -> None:
    rng = random.Random(seed)
    config = GameConfig("lasvegas", "base", rng.randint(2, 6), f"fuzz/{seed}", tuple(sorted(combo)))
    match = Match(GAME, config)
    while not match.over:
        before = match.state_hash()
        text = junk(rng)
        seat = rng.randrange(config.players)
        legal = {a.text() for a in match.legal_actions(seat)}
        try:
            match.play(seat, text)
        except EngineError:
            assert match.state_hash() == before, f"{text} was refused but changed the state"
        else:
            assert text in legal, f"{text} was accepted for seat {seat} but is not legal ({legal})"
            continue
        seat = match.actors()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))


def test_clones_are_independent() -> None:
    state, _ = GAME.new(GameConfig("lasvegas", "base", 3, "clone", OPTIONS))
    twin = GAME.clone(state)
    seat = GAME.actors(twin)[0]
    GAME.apply(twin, seat, GAME.legal_actions(twin, seat)[0])
    assert GAME.state_hash(twin) != GAME.state_hash(state)
    assert GAME.state_hash(GAME.decode(GAME.encode(state))) == GAME.state_hash(state)
