"""Random positions of both games, for the property tests of what bots use (random actions, determinizing).

`configs()` draws any game, rule set, player count and options; `walk` plays one game to the end with
random legal actions (and, in Lords of Vegas, now and then a random trade, so that open trades and their
answers turn up) and yields the state before every action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from tests.engine.lords.test_properties import random_trade
from vegas_table.engine import GameConfig, IllegalAction, get_game
from vegas_table.engine.lasvegas.modules import OPTIONS as LASVEGAS_OPTIONS
from vegas_table.engine.lords.game import LORDS_OF_VEGAS

MAX_ACTIONS = 3_000
LORDS_OPTIONS = tuple(LORDS_OF_VEGAS.options)
_LORDS_COMBOS = [c for size in range(len(LORDS_OPTIONS) + 1) for c in combinations(LORDS_OPTIONS, size)]
_LASVEGAS_COMBOS = [c for size in range(len(LASVEGAS_OPTIONS) + 1) for c in combinations(LASVEGAS_OPTIONS, size)]


def configs() -> st.SearchStrategy[GameConfig]:
    lords = st.builds(lambda rules_players, options, seed: GameConfig(
        "lords", rules_players[0], rules_players[1], seed, options),
        st.sampled_from(list(LORDS_OF_VEGAS.rule_sets.values())).flatmap(
            lambda info: st.tuples(st.just(info.name), st.integers(info.min_players, info.max_players))),
        st.sampled_from(_LORDS_COMBOS), st.text(min_size=1, max_size=6))
    lasvegas = st.builds(lambda players, combo, seed: GameConfig("lasvegas", "base", players, seed, combo),
                         st.integers(2, 6), st.sampled_from(_LASVEGAS_COMBOS), st.text(min_size=1, max_size=6))
    return st.one_of(lords, lasvegas)


def walk(config: GameConfig, rng: random.Random, trades: float = 0.03) -> Iterator[Any]:
    """Every state of one random game, before each action (the game moves on after the caller resumes)."""
    game = get_game(config.game)
    state, _ = game.new(config)
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            yield state
            return
        yield state
        if config.game == "lords" and not state.pending and rng.random() < trades:
            proposer = rng.randrange(state.players)
            try:
                game.apply(state, proposer, game.parse_action(random_trade(rng, state, proposer)))
                continue
            except IllegalAction:
                pass
        seat = game.actors(state)[0]
        game.apply(state, seat, game.random_action(state, seat, rng))
    raise AssertionError(f"{config} did not end within {MAX_ACTIONS} actions")
