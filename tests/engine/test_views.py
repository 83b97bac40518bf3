"""`Game.views`: every viewer's view at once, equal to one `Game.view` each, sharing what they have in common."""

from __future__ import annotations

import random

import pytest

from vegas_table.bots.base import concrete
from vegas_table.engine import GameConfig, Match, game_names, get_game
from vegas_table.engine.core.canonical import canonical_bytes


@pytest.mark.parametrize("name", game_names())
def test_views_equal_one_view_per_viewer_and_share_their_common_parts(name: str) -> None:
    game = get_game(name)
    rules = next(iter(game.rule_sets.values()))
    players = min(4, rules.max_players)
    rng = random.Random(name)
    match = Match(game, GameConfig(name, rules.name, players, "views"))
    viewers: list[int | None] = [None, *range(players)]
    checked = 0
    while True:
        views = game.views(match.state, viewers)
        assert [canonical_bytes(v) for v in views] == [canonical_bytes(game.view(match.state, v)) for v in viewers]
        assert [v["viewer"] for v in views] == viewers
        for key, value in views[0].items():
            if key != "viewer" and isinstance(value, dict | list):
                assert all(other[key] is value for other in views[1:]), f"{key} is built once per viewer"
        checked += 1
        if match.over:
            break
        seat = match.actors()[0]
        match.play(seat, concrete(rng.choice(match.legal_actions(seat)), rng))
    assert checked > 10
