"""The greedy Las Vegas bot: always legal, sensible on the examples, and far stronger than random."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.lasvegas.table import ANNA, BENNO, CARLA, blank, dice, notes, play, rolled
from vegas_table.bots.base import Bot
from vegas_table.bots.greedy import GreedyBot, Table
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.random_bot import RandomBot
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lasvegas.actions import Place
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.modules import OPTIONS


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


EVERY_COMBINATION = [combo for size in range(len(OPTIONS) + 1) for combo in combinations(OPTIONS, size)]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(EVERY_COMBINATION), players=st.integers(2, 6), seed=st.integers(0, 10**9))
def test_the_table_read_off_a_state_is_the_one_read_off_any_seats_view(
        combo: tuple[str, ...], players: int, seed: int) -> None:
    """The search's playouts read greedy's table off the state (`Table.of_state`) rather than a view: the
    same table at every decision of a random game, so they choose exactly as the greedy bot would."""
    rng = random.Random(seed)
    state, _ = GAME.new(GameConfig("lasvegas", "base", players, f"agree/{seed}", combo))
    while not GAME.is_over(state):
        seat = GAME.actors(state)[0]
        options = GAME.legal_actions(state, seat)
        viewer = rng.randrange(players)
        mine, theirs = Table.of_state(state), Table.of(GAME.view(state, viewer))
        assert vars_of(mine) == vars_of(theirs)
        for table in (mine, *(mine.after(option, seat) for option in options)):
            assert kept_up(table) == (sum(map(sum, table.notes)), sum(table.hands) + sum(map(sum, table.counts))
                                      + sum(map(len, table.slot.values())))
        if not (mine.slot or mine.roll[1]) and all(type(o) is Place and not o.slot for o in options):
            # weighed without a table for each placement: the very same numbers
            assert mine.placements_worth(options, seat) == [mine.after(o, seat).worth(seat) for o in options]
        chosen = options[mine.best(options, seat)]
        assert choice(GreedyBot(), GAME, state, seat) == chosen.text()
        GAME.apply(state, seat, chosen if rng.random() < 0.5 else rng.choice(options))


@pytest.mark.parametrize("players", [2, 4])
def test_placements_are_weighed_without_a_table_each_to_the_very_same_numbers(players: int) -> None:
    """The search's playouts weigh every placement of a base game by `placements_worth`: exactly the worth
    of the table each placement leaves, at every decision of whole games."""
    for deal in range(10):
        state, _ = GAME.new(GameConfig("lasvegas", "base", players, f"weighed/{deal}"))
        while not GAME.is_over(state):
            seat = GAME.actors(state)[0]
            options = GAME.legal_actions(state, seat)
            table = Table.of_state(state)
            worth = table.placements_worth(options, seat)
            assert worth == [table.after(option, seat).worth(seat) for option in options]
            GAME.apply(state, seat, options[worth.index(max(worth))])


def kept_up(table: Table) -> tuple[int, int]:
    """What a table counts as it changes, to weigh its options quickly."""
    return table.on_table, table.in_play


def vars_of(table: Table) -> dict[str, Any]:
    return {name: getattr(table, name) for name in ("counts", "slot", "notes", "hands", "money", "kick_at")} | {
        "roll": (tuple(table.roll[0]), tuple(map(tuple, table.roll[1])))}
