"""A seat's legal actions in-process (`bots.local.EngineLegalActions`): made when looked at, the same object for
the same engine action in every turn that shares what was made, and a list like any other to a bot."""

from __future__ import annotations

import pytest

from vegas_table.bots import local
from vegas_table.bots.base import LegalAction
from vegas_table.bots.local import EngineLegalActions, SeatAsker, game_info
from vegas_table.bots.random_bot import RandomBot
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.core.api import ActionRange
from vegas_table.engine.lords.actions import Gamble

CONFIG = GameConfig("lasvegas", "base", 2, "legal")


def test_it_reads_as_the_engines_list_entry_by_entry() -> None:
    game = get_game("lasvegas")
    state, _ = game.new(CONFIG)
    options = game.legal_actions(state, game.actors(state)[0])
    legal = EngineLegalActions(options)
    assert len(legal) == len(options) and [entry.action for entry in legal] == options
    assert legal[-1] is legal[len(options) - 1] and list(legal[1:]) == list(legal)[1:]
    with pytest.raises(IndexError):
        legal[len(options)]


def test_turns_that_share_what_was_made_give_one_object_per_engine_action() -> None:
    made: dict[int, LegalAction] = {}
    action = object()
    first, second = EngineLegalActions([action], made), EngineLegalActions([action], made)
    assert first[0] is second[0] and first[0].action is action
    assert EngineLegalActions([action])[0] is not first[0]  # unshared: made afresh


def test_what_a_seat_keeps_starts_afresh_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local, "MADE_LIMIT", 3)
    made: dict[int, LegalAction] = {}
    ranges = [ActionRange(Gamble("A1", 1), "bet", 1, 10 + k) for k in range(5)]
    legal = EngineLegalActions(ranges, made)
    assert [entry.high for entry in legal] == [10, 11, 12, 13, 14] and len(made) <= 3
    assert legal[4].is_range and legal[4].at(12).action == Gamble("A1", 12)


def test_a_trusted_seat_makes_each_of_its_legal_actions_once_a_game() -> None:
    game = get_game("lasvegas")
    state, _ = game.new(CONFIG)
    bot = RandomBot("x")
    asks = [SeatAsker(game, state, game_info(CONFIG, seat), bot) for seat in range(2)]
    assert all(ask.trusted for ask in asks)
    seen: dict[object, LegalAction] = {}
    for version in range(30):
        if game.is_over(state):
            break
        seat = game.actors(state)[0]
        action = asks[seat].decide(version)
        made = asks[seat]._made[id(action)]
        assert seen.setdefault((seat, id(action)), made) is made and made.action is action
        game.apply(state, seat, action)
