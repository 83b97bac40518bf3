"""Set-up: dealing, starting money, the End of Game card's place, the roll for first player."""

from __future__ import annotations

import itertools

import pytest

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.errors import ConfigError
from vegas_table.engine.lords.board import END_OF_GAME, LOT_COUNT, LOTS
from vegas_table.engine.lords.events import FirstPlayerRoll, SetupDealt
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.turn import _stack_deck


@pytest.mark.parametrize(("rules", "players"), [("classic", 2), ("classic", 4), ("up", 3), ("up", 6)])
def test_every_card_is_dealt_drawn_or_in_the_deck(rules: str, players: int) -> None:
    state, _ = GAME.new(GameConfig("lords", rules, players, "cards"))
    cards = sorted(state.discards + state.deck)
    assert cards == list(range(LOT_COUNT + 1))  # 48 lot cards and End of Game, each exactly once


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_two_lots_and_20m_minus_their_dice(players: int) -> None:
    state, events = GAME.new(GameConfig("lords", "classic", players, "deal"))
    dealt = [e for e in events if isinstance(e, SetupDealt)]
    assert [e.seat for e in dealt] == list(range(players))
    for e in dealt:
        lots = [next(lot for lot in LOTS if lot.name == name) for name in e.lots]
        assert e.money == 20 - sum(lot.printed_die for lot in lots)
        assert all(state.marker[lot.index] == e.seat or state.turn > 0 for lot in lots)


def test_end_of_game_goes_under_the_first_three_stacks() -> None:
    """RULINGS: 4 stacks as even as possible, larger first; End of Game on top of the 4th."""
    for remaining in range(36, 45):
        top_first = _stack_deck(list(range(remaining)))[::-1]
        sizes = [remaining // 4 + (1 if i < remaining % 4 else 0) for i in range(4)]
        assert top_first.index(END_OF_GAME) == sum(sizes[:3])
        assert len(top_first) == remaining + 1


def test_roll_for_first_player_rerolls_only_the_tied() -> None:
    for k in range(200):
        _, events = GAME.new(GameConfig("lords", "up", 6, f"first-{k}"))
        rolls = [e for e in events if isinstance(e, FirstPlayerRoll)]
        for before, after in itertools.pairwise(rolls):
            best = max(a + b for _, a, b in before.rolls)
            assert [s for s, _, _ in after.rolls] == [s for s, a, b in before.rolls if a + b == best]
        if len(rolls) > 1:
            return
    pytest.fail("no tie for first player in 200 six-player games")


def test_the_first_player_draws_at_once() -> None:
    state, events = GAME.new(GameConfig("lords", "classic", 3, "first-draw"))
    leader = [e for e in events if isinstance(e, FirstPlayerRoll)][-1].leader
    assert state.current == leader and state.turn == 1
    assert [e.kind for e in events].index("card_drawn") > [e.kind for e in events].index("first_player_roll")


def test_same_seed_same_game_different_seed_different_game() -> None:
    config = GameConfig("lords", "up", 5, "same")
    assert GAME.state_hash(GAME.new(config)[0]) == GAME.state_hash(GAME.new(config)[0])
    other = GameConfig("lords", "up", 5, "other")
    assert GAME.state_hash(GAME.new(config)[0]) != GAME.state_hash(GAME.new(other)[0])


@pytest.mark.parametrize(("rules", "players", "options", "code"), [
    ("classic", 5, (), "bad_player_count"),
    ("classic", 1, (), "bad_player_count"),
    ("up", 7, (), "bad_player_count"),
    ("underworld", 7, (), "bad_player_count"),
    ("downtown", 4, (), "unknown_rules"),
    ("up", 4, ("doubling",), "unknown_option"),
])
def test_configs_out_of_the_rules_are_refused(rules: str, players: int, options: tuple[str, ...], code: str) -> None:
    with pytest.raises(ConfigError) as refused:
        GAME.new(GameConfig("lords", rules, players, "x", options))
    assert refused.value.code == code
