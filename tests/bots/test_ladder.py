"""The ladder: `easy`, `medium`, `hard` in both games, each playing its game's bot move for move, and what a
server offers and seats."""

from __future__ import annotations

import pytest

from vegas_table.arena.play import GameSpec, play_spec
from vegas_table.bots.ladder import LADDER, TIME_PER_DECISION, ladder_names
from vegas_table.bots.registry import bot_problem, make_bot, seat_bots, seat_problem
from vegas_table.engine import GameConfig


def test_every_rung_plays_both_games_within_a_time_and_the_server_seats_what_it_plays() -> None:
    assert ladder_names() == ["random", "easy", "medium", "hard"]
    assert list(TIME_PER_DECISION) == list(LADDER)
    for rung, games in LADDER.items():
        assert set(games) == {"lasvegas", "lords"}
        for game, spec in games.items():
            assert bot_problem(spec, game, imports=False) is None  # a server may seat what a rung plays
            assert seat_problem(rung, game) is None


@pytest.mark.parametrize(("game", "rules", "rung"), [("lasvegas", "base", "easy"), ("lords", "classic", "easy"),
                                                     ("lords", "classic", "medium")])
def test_a_rung_plays_the_very_game_of_the_bot_it_names(game: str, rules: str, rung: str) -> None:
    config = GameConfig(game, rules, 2, "ladder1")
    spec = LADDER[rung][game]
    by_rung = play_spec(GameSpec(0, config, (rung, "random")))
    by_name = play_spec(GameSpec(0, config, (spec, "random")))
    assert by_rung.seats == (rung, "random")
    assert (by_rung.winners, by_rung.standings, by_rung.actions) == (by_name.winners, by_name.standings,
                                                                    by_name.actions)


def test_a_server_offers_the_ladder_and_still_seats_the_developer_names() -> None:
    assert seat_bots("lords") == ladder_names()
    assert seat_problem("greedy", "lords") is None  # games created before the ladder named their bots so
    assert "this server seats random, easy, medium, hard" in str(seat_problem("genius", "lords"))
    assert "unknown bot 'search@100000'" in str(seat_problem("search@100000", "lords"))
    assert isinstance(make_bot("hard", "1"), type(make_bot("hard", "2")))
