"""A seat's legal actions in-process (`bots.local.EngineLegalActions`): made when looked at, the same object for
the same engine action in every turn that shares what was made, and a list like any other to a bot."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from vegas_table.bots import local
from vegas_table.bots.base import Choice, LegalAction, Turn
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
    """Each engine action reaches a trusted bot as one `LegalAction`, the same object at every turn; where the
    engine keeps its actions (`Game.kept_legal_actions`), in a ready tuple."""
    game = get_game("lasvegas")
    state, _ = game.new(CONFIG)
    bot = RandomBot("x")
    handed: list[Sequence[LegalAction]] = []
    choose = bot.choose

    def recording(turn: Turn) -> Choice:
        handed.append(turn.legal)
        return choose(turn)

    bot.choose = recording  # type: ignore[method-assign]
    asks = [SeatAsker(game, state, game_info(CONFIG, seat), bot) for seat in range(2)]
    assert all(ask.trusted for ask in asks)
    seen: dict[int, LegalAction] = {}
    for version in range(30):
        if game.is_over(state):
            break
        seat = game.actors(state)[0]
        kept = game.kept_legal_actions(state, seat)
        action = asks[seat].decide(version)
        legal = handed[-1]
        assert kept is None or type(legal) is tuple
        assert [entry.action for entry in legal] == game.legal_actions(state, seat)
        for entry in legal:
            assert seen.setdefault(id(entry.action), entry) is entry
        assert action in [entry.action for entry in legal]
        game.apply(state, seat, action)
