"""`Game.random_action`: a legal action drawn as a bot choosing from `legal_actions` draws one: every entry
of the list equally likely, a bet uniform in its range.

Proved exactly, over random games of both games with every rule set and option: a scripted source answers
the sampler's first draw with every number it may ask for in turn, and rejects the draw whenever the
sampler asks for another. The actions kept, one per number, must be the legal entries each exactly once
(and the game must accept each): so a uniform number gives a uniform entry. The fallback to the full list
after too many rejections is checked on its own (it keeps the distribution exact, engine/lords/sample.py).
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.positions import configs, walk
from vegas_table.engine import ActionRange, GameConfig, IllegalAction, get_game
from vegas_table.engine.lords import sample
from vegas_table.engine.lords.game import LORDS_OF_VEGAS


class Rejected(Exception):
    """The sampler rejected the number it was given (it asked for another)."""


class Scripted:
    """A random source that answers `randrange` from a script (then raises Rejected), and `randint` with
    the low or the high end; it remembers the bound of each `randrange`."""

    def __init__(self, script: list[int], high: bool = False) -> None:
        self.script, self.high, self.bounds = list(script), high, []

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        assert stop is None and step == 1
        self.bounds.append(start)
        if not self.script:
            raise Rejected
        value = self.script.pop(0)
        assert 0 <= value < start, f"scripted {value} outside 0..{start - 1}"
        return value

    def randint(self, a: int, b: int) -> int:
        return b if self.high else a

    def getrandbits(self, k: int, /) -> int:
        raise AssertionError("random_action draws with randrange and randint")


def _entries(listing: list[Any], high: bool) -> Counter[Any]:
    return Counter(e.at(e.high if high else e.low) if isinstance(e, ActionRange) else e for e in listing)


def _kept(game: Any, state: Any, seat: int, high: bool) -> Counter[Any]:
    """The action kept for each number the sampler's first draw may give (rejected numbers keep none)."""
    probe = Scripted([0], high)
    with contextlib.suppress(Rejected):
        game.random_action(state, seat, probe)
    kept: Counter[Any] = Counter()
    for number in range(probe.bounds[0]):
        try:
            kept[game.random_action(state, seat, Scripted([number], high))] += 1
        except Rejected:
            continue
    return kept


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.integers(0, 2**32))
def test_every_legal_action_has_exactly_one_number_and_nothing_else_is_drawn(config: GameConfig,
                                                                             choices: int) -> None:
    game = get_game(config.game)
    for state in walk(config, random.Random(choices)):
        for seat in range(config.players):
            listing = game.legal_actions(state, seat)
            if not listing:
                with pytest.raises(IllegalAction, match="nothing to do"):
                    game.random_action(state, seat, Scripted([0]))
                continue
            for high in (False, True):
                kept = _kept(game, state, seat, high)
                assert kept == _entries(listing, high)
                for action in kept:
                    game.apply(game.clone(state), seat, action)  # raises if it were not legal


def test_after_too_many_rejections_it_draws_from_the_whole_list() -> None:
    state = LORDS_OF_VEGAS.new(GameConfig("lords", "up", 4, "fallback"))[0]
    rng = random.Random("fallback")
    while True:  # a position where some number is rejected
        seat = LORDS_OF_VEGAS.actors(state)[0]
        probe = Scripted([0])
        with contextlib.suppress(Rejected):
            LORDS_OF_VEGAS.random_action(state, seat, probe)
        rejected = [n for n in range(probe.bounds[0]) if not state.pending and _rejects(state, seat, n)]
        if rejected:
            break
        LORDS_OF_VEGAS.apply(state, seat, LORDS_OF_VEGAS.random_action(state, seat, rng))
    listing = LORDS_OF_VEGAS.legal_actions(state, seat)
    for index in range(len(listing)):
        source = Scripted([rejected[0]] * sample.MAX_TRIES + [index])
        assert LORDS_OF_VEGAS.random_action(state, seat, source) == _entries([listing[index]], False).popitem()[0]
        assert source.bounds[-1] == len(listing)


def _rejects(state: Any, seat: int, number: int) -> bool:
    try:
        LORDS_OF_VEGAS.random_action(state, seat, Scripted([number]))
    except Rejected:
        return True
    return False


@pytest.mark.parametrize("name", ["lords", "lasvegas"])
def test_a_real_generator_draws_every_entry_about_equally_often(name: str) -> None:
    """A sanity check with `random.Random` on one mid-game position (seeded, so it never flakes)."""
    game = get_game(name)
    rules = "up" if name == "lords" else "base"
    state = game.new(GameConfig(name, rules, 4, "uniform"))[0]
    rng = random.Random("uniform")
    for _ in range(60):
        seat = game.actors(state)[0]
        game.apply(state, seat, game.random_action(state, seat, rng))
    seat = game.actors(state)[0]
    entries = game.legal_actions(state, seat)
    assert len(entries) >= 4
    draws = 400 * len(entries)
    counts = Counter(game.random_action(state, seat, rng) for _ in range(draws))
    by_entry = [sum(n for a, n in counts.items() if a in e) if isinstance(e, ActionRange) else counts[e]
                for e in entries]
    assert sum(by_entry) == draws
    assert all(abs(n - 400) < 5 * 20 for n in by_entry), by_entry  # 5 standard deviations of ~20
