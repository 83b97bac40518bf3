"""Honest bots in-process: a bot in `vegas simulate` or `vegas tournament` cannot rebuild its game from what
it is handed (its seed, its game info, its views), so it cannot know the deck or the dice."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from vegas_table.arena.play import GameSpec, play_spec
from vegas_table.bots.base import Bot, Choice, GameInfo, Turn
from vegas_table.bots.seeds import seat_seed
from vegas_table.engine import GameConfig, get_game


class Spy(Bot):
    """Plays at random, and tries to rebuild the game from its seed: the seed itself and every part of it
    split at the separators a seed string might have been joined with."""

    name = "spy"
    rebuilt: ClassVar[list[bool]] = []

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.seed = seed
        self.info: GameInfo | None = None

    def on_game_start(self, info: GameInfo) -> None:
        self.info = info

    def choose(self, turn: Turn) -> Choice:
        if turn.version == 0:  # the game as dealt: what a game of the right seed would show at once
            Spy.rebuilt.append(self.rebuilds(turn.view))
        option = self.rng.choice(turn.legal)
        return option.at(option.low or 0) if option.is_range else option

    def rebuilds(self, view: Any) -> bool:
        assert self.info is not None
        game = get_game(self.info.game)
        for guess in self.guesses():
            state, _ = game.new(GameConfig(self.info.game, self.info.rules, self.info.players, guess,
                                           self.info.options))
            if game.view(state, self.info.seat) == view:
                return True
        return False

    def guesses(self) -> Iterator[str]:
        yield self.seed
        for separator in "/:|,-_ ":
            yield from self.seed.split(separator)
        yield from (self.seed[:k] for k in range(1, len(self.seed)))


@pytest.fixture
def spy_module(monkeypatch: pytest.MonkeyPatch) -> str:
    module = types.ModuleType("spybots")
    module.Spy = Spy  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spybots", module)
    Spy.rebuilt.clear()
    return "spybots:Spy"


@pytest.mark.parametrize("game", ["lords", "lasvegas"])
def test_a_bot_played_in_process_cannot_rebuild_its_game_from_its_seed(spy_module: str, game: str) -> None:
    rules = "up" if game == "lords" else "base"
    play_spec(GameSpec(0, GameConfig(game, rules, 2, "s7"), (spy_module, spy_module)))
    assert Spy.rebuilt == [False]


def test_the_spy_would_have_rebuilt_the_game_from_a_seed_it_could_split() -> None:
    """The spy is no straw man: handed `seed/seat`, as bots once were, it finds the game."""
    for game, rules in (("lords", "up"), ("lasvegas", "base")):
        spy = Spy("s7/0")
        spy.on_game_start(GameInfo(game, rules, 2, (), 0))
        state, _ = get_game(game).new(GameConfig(game, rules, 2, "s7"))
        assert spy.rebuilds(get_game(game).view(state, 0))


def test_a_seat_seed_is_reproducible_differs_by_seat_and_does_not_hold_the_game_seed() -> None:
    assert seat_seed("s7", 0) == seat_seed("s7", 0) != seat_seed("s7", 1)
    assert "s7" not in seat_seed("s7", 0) and len(seat_seed("s7", 0)) == 64
