"""Bots play a game with its own Underworld card file (`GameConfig(cards=...)`) as they play the shipped deck:
the view carries the card file, so determinize, greedy's card values, the search and the dealing greedy all
know the game's cards (by id)."""

from __future__ import annotations

import random

import pytest

from tests.engine.lords.underworld_position import MORE_CARDS
from vegas_table.arena.play import play_one
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.registry import make_bot
from vegas_table.bots.seeds import seat_seed
from vegas_table.engine import GameConfig, get_game

CONFIG = GameConfig("lords", "underworld", 2, "own-cards", (), MORE_CARDS)


def test_two_greedy_bots_play_a_game_with_its_own_card_file_to_the_end() -> None:
    record = play_one(CONFIG, [make_bot("greedy", seat_seed(CONFIG.seed, seat)) for seat in range(2)])
    assert record.winners and record.turns > 10


@pytest.mark.parametrize("name", ["search@4", "greedy@deals", "hard"])
def test_searching_bots_choose_in_a_game_with_its_own_card_file(name: str) -> None:
    """Each bot makes a few of a random game's decisions (cards in the line and in hand by then)."""
    game = get_game("lords")
    state, _ = game.new(CONFIG)
    rng = random.Random(7)
    bot = make_bot(name, seat_seed(CONFIG.seed, 0))
    infos = [game_info(CONFIG, seat) for seat in range(2)]
    bot.on_game_start(infos[0])
    asked = 0
    while not game.is_over(state) and asked < 6:
        seat = game.actors(state)[0]
        if seat == 0 and state.turn >= 4:
            action = decide(bot, game, state, infos[0], 0)
            asked += 1
        else:
            action = game.random_action(state, seat, rng)
        game.apply(state, seat, action)
    assert asked == 6 or game.is_over(state)
