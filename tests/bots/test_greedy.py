"""The greedy Las Vegas bot: always legal, sensible on the examples, and far stronger than random."""

from __future__ import annotations

from typing import Any

import pytest

from bots.base import Bot
from bots.greedy import GreedyBot
from bots.local import decide, game_info
from bots.random_bot import RandomBot
from engine.core.api import GameConfig
from engine.lasvegas.game import LAS_VEGAS as GAME
from engine.lasvegas.modules import OPTIONS
from tests.engine.lasvegas.table import ANNA, BENNO, CARLA, blank, dice, notes, play, rolled


def choice(bot: Bot, game: Any, state: Any, seat: int) -> str:
    """The text of what `bot` plays for `seat` in `state`, given only that seat's view and legal actions."""
    return str(decide(bot, game, state, game_info(game.config(state), seat), 0).text())


def duel(k: int, options: tuple[str, ...] = ()) -> float:
    """One 2-player game, greedy against random (seats alternate); greedy's share of the win."""
    greedy_seat = k % 2
    bots: dict[int, Bot] = {greedy_seat: GreedyBot(str(k)), 1 - greedy_seat: RandomBot(str(k))}
    state, _ = GAME.new(GameConfig("lasvegas", "base", 2, f"duel/{k}", options))
    while not GAME.is_over(state):
        seat = GAME.actors(state)[0]
        action = decide(bots[seat], GAME, state, game_info(GAME.config(state), seat), 0)
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    result = GAME.result(state)
    assert result is not None
    return result.share(greedy_seat)


def test_greedy_beats_random_in_two_player_games() -> None:
    # docs/LASVEGAS.md has the figure over 2,000 games; this is a quick check that it has not collapsed.
    assert sum(duel(k) for k in range(60)) >= 54


@pytest.mark.parametrize("options", [OPTIONS, ("kickers", "neutral"), ("biggies", "slot")])
def test_greedy_plays_legally_with_the_modules(options: tuple[str, ...]) -> None:
    assert sum(duel(k, options) for k in range(6)) >= 4


def test_greedy_takes_the_casino_it_can_win_outright() -> None:
    state = blank(2)
    notes(state, 6, 90)
    notes(state, 1, 10)
    dice(state, 6, {BENNO: 1})
    rolled(state, ANNA, [6, 6, 1, 1])
    assert choice(GreedyBot(), GAME, state, ANNA) == "place 6"


def test_greedy_breaks_the_opponents_lead_by_tying_it() -> None:
    state = blank(2)
    notes(state, 5, 90)
    notes(state, 2, 10)
    dice(state, 5, {BENNO: 2})
    rolled(state, ANNA, [5, 5, 2, 3])
    assert choice(GreedyBot(), GAME, state, ANNA) == "place 5"


def test_greedy_kicks_the_die_that_costs_the_leader_most() -> None:
    state = blank(3, ["kickers"])
    notes(state, 3, 80)
    dice(state, 3, {BENNO: 2, CARLA: 1, ANNA: 1})
    rolled(state, ANNA, [1, 6], kicker=[3])
    play(state, ANNA, "place 3")
    assert choice(GreedyBot(), GAME, state, ANNA) == "kick blue"
