"""The bot SDK: a bot is given its seat's view and legal actions, never the state; choices become actions."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from vegas_table.bots.base import Bot, Choice, GameInfo, LegalAction, Turn
from vegas_table.bots.local import choice_text, decide, engine_action, game_info, turn_for
from vegas_table.bots.random_bot import RandomBot
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.core.api import ActionRange


def reachable(root: object, depth: int = 4) -> list[object]:
    """Every object reachable from `root` through attributes, slots, containers and closures."""
    seen: dict[int, object] = {}
    frontier = [root]
    for _ in range(depth):
        following: list[object] = []
        for item in frontier:
            if id(item) in seen or isinstance(item, (str, int, float, bool, type(None), type)):
                continue
            seen[id(item)] = item
            if isinstance(item, Mapping):
                following += [*item.keys(), *item.values()]
            elif isinstance(item, (list, tuple, set, frozenset)):
                following += list(item)
            for name in (*getattr(type(item), "__slots__", ()), *getattr(item, "__dict__", {})):
                if hasattr(item, name):
                    following.append(getattr(item, name))
            for cell in getattr(item, "__closure__", None) or ():
                following.append(cell.cell_contents)
        frontier = following
    return list(seen.values())


@pytest.mark.parametrize("name,rules", [("lords", "up"), ("lasvegas", "base")])
def test_a_turn_holds_no_state_seed_or_deck_once_read(name: str, rules: str) -> None:
    game = get_game(name)
    config = GameConfig(name, rules, 3, "a secret seed")
    state, _ = game.new(config)
    seat = game.actors(state)[0]
    turn = turn_for(game, state, game_info(config, seat), 0)
    assert turn.view == game.view(state, seat) and len(turn.legal) == len(game.legal_actions(state, seat))
    held = reachable(turn, depth=8)
    assert not any(item is state for item in held)
    assert not any(type(item) is type(state) for item in held)
    assert "a secret seed" not in repr(turn.view)


def test_a_bot_that_has_not_read_its_turn_yet_is_given_only_functions_of_its_seat() -> None:
    # Until read, a turn keeps the functions that compute the view and the legal actions; the state is
    # in their closures, out of the bot's documented reach. Reading them replaces the functions by values.
    game = get_game("lords")
    config = GameConfig("lords", "up", 2, "s")
    state, _ = game.new(config)
    turn = turn_for(game, state, game_info(config, 0), 0)
    _ = turn.view, turn.legal
    assert not any(item is state for item in reachable(turn, depth=8))


def test_legal_action_ranges_give_concrete_actions() -> None:
    remote = LegalAction("gamble B4 1..20", 1, 20)
    assert remote.at(7).text == "gamble B4 7" and not remote.at(7).is_range
    with pytest.raises(ValueError, match=r"outside 1\.\.20"):
        remote.at(21)
    with pytest.raises(ValueError, match="not a range"):
        LegalAction("end").at(1)


def test_legal_actions_in_process_carry_the_engine_action_and_its_text() -> None:
    game = get_game("lords")
    config = GameConfig("lords", "up", 2, "s")
    state, _ = game.new(config)
    for option in game.legal_actions(state, game.actors(state)[0]):
        legal = LegalAction.of(option)
        assert legal.text == option.text()
        if isinstance(option, ActionRange):
            assert (legal.low, legal.high) == (option.low, option.high)
            assert engine_action(game, legal.at(option.high)) == option.at(option.high)
        else:
            assert engine_action(game, legal) is option


def test_a_choice_may_be_text_and_is_parsed_like_a_players() -> None:
    game = get_game("lords")
    assert engine_action(game, "end") == game.parse_action("end")
    assert choice_text(LegalAction("end")) == "end" and choice_text("end") == "end"
    with pytest.raises(ValueError, match="range"):
        choice_text(LegalAction("gamble B4 1..20", 1, 20))


class Recorder(Bot):
    """Plays the first legal action and notes the hooks' calls."""

    name = "recorder"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.calls: list[str] = []

    def on_game_start(self, info: GameInfo) -> None:
        self.calls.append(f"start {info.game} seat {info.seat}")

    def choose(self, turn: Turn) -> Choice:
        return turn.legal[0]

    def on_game_end(self, view: Mapping[str, Any]) -> None:
        self.calls.append(f"end {view['result'] is not None}")


def test_simulate_calls_the_hooks_once_around_a_game() -> None:
    from vegas_table.arena.play import play_one

    bots = [Recorder(), RandomBot("r")]
    play_one(GameConfig("lasvegas", "base", 2, "hooks"), bots)
    assert bots[0].calls == ["start lasvegas seat 0", "end True"]


def test_the_random_bot_plays_what_it_did_before_the_sdk() -> None:
    # The same generator calls on the same list: golden replays played by random bots stay the same.
    game = get_game("lords")
    config = GameConfig("lords", "up", 3, "same")
    state, _ = game.new(config)
    seat = game.actors(state)[0]
    rng = random.Random("7")
    option = rng.choice(game.legal_actions(state, seat))
    expected = option.at(rng.randint(option.low, option.high)) if isinstance(option, ActionRange) else option
    assert decide(RandomBot("7"), game, state, game_info(config, seat), 0) == expected


@pytest.mark.parametrize("seed", ["0", "7", "draws"])
def test_the_random_bot_draws_an_entry_as_randrange_does(seed: str) -> None:
    """Its draw is `randrange` written out: the same entries, and the generator left where it would be."""
    bot, rng = RandomBot(seed), random.Random(seed)
    for count in [*range(1, 70), 127, 128, 129, 1000]:
        legal = tuple(LegalAction(str(k)) for k in range(count))
        turn = Turn(GameInfo("lasvegas", "base", 2, (), 0), 0, {}, legal)
        for _ in range(5):
            assert bot.choose(turn) is legal[rng.randrange(count)]
    assert bot.rng.getstate() == rng.getstate()


class Keeper(RandomBot):
    """Reads each turn whole, keeps it, and plays as the random bot does."""

    name = "keeper"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.turns: list[Turn] = []

    def choose(self, turn: Turn) -> Choice:
        _ = turn.view
        self.turns.append(turn)
        return super().choose(turn)


@pytest.mark.parametrize("name,rules", [("lords", "up"), ("lasvegas", "base")])
def test_the_turns_of_an_in_process_game_hold_no_state_once_read(name: str, rules: str) -> None:
    # arena.play makes each seat's view and legal-action functions once a game and hands them to every turn.
    from vegas_table.arena.play import play_one

    bots = [Keeper(str(seat)) for seat in range(3)]
    play_one(GameConfig(name, rules, 3, "a secret seed"), bots)
    state_type = type(get_game(name).new(GameConfig(name, rules, 3, "other"))[0])
    for bot in bots:
        assert bot.turns
        assert not any(type(item) is state_type for turn in bot.turns[::7] for item in reachable(turn, depth=8))
