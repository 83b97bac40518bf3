"""The learned Lords of Vegas value: it ranks plain positions as a player would, it is what `Weights.learned`
blends in, and a greedy judging by it still decides from its seat's view alone."""

from __future__ import annotations

import random

import pytest

from tests.bots.test_lords_greedy import early
from tests.engine.lords.position import blank, marker, money, seat, tile
from vegas_table.bots.lords.greedy import LordsGreedy
from vegas_table.bots.lords.learned import COEFFICIENTS, FEATURES, learned_worth
from vegas_table.bots.lords.value import Outlook, Weights, features, hand_worths, holdings, worths
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.match import Match
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState

LEARNED = Weights(learned=1.0)


def learned_of(state: LordsState, who: str | int) -> float:
    return worths(state, Outlook.of_state(state, LEARNED))[seat(state, who)]


def two_seats() -> LordsState:
    state = early(blank("classic", 2, current=0))
    money(state, **{state.names[0]: 20, state.names[1]: 20})
    return state


def test_each_feature_has_a_name_and_a_coefficient() -> None:
    state = two_seats()
    outlook = Outlook.of_state(state)
    assert len(features(holdings(state, outlook), 0, outlook)) == len(FEATURES) == len(COEFFICIENTS[2])


def test_more_money_is_worth_more() -> None:
    state = two_seats()
    money(state, **{state.names[0]: 40})
    assert learned_of(state, 0) > learned_of(state, 1)


def test_more_points_are_worth_more() -> None:
    state = two_seats()
    state.score[1] = 10
    assert learned_of(state, 1) > learned_of(state, 0)


def test_a_casino_bossed_early_is_worth_more_than_its_price_in_money() -> None:
    state = two_seats()
    tile(state, "B1", "gold", 0, pips=5)
    tile(state, "B2", "gold", 0, pips=4)
    money(state, **{state.names[1]: 20 + 2 * 12})  # the other seat has the tiles' price in hand instead
    assert learned_of(state, 0) > learned_of(state, 1)


def test_a_lot_to_build_on_is_worth_something_early() -> None:
    state = two_seats()
    marker(state, "A2", 0)
    assert learned_of(state, 0) > learned_of(state, 1)


def test_the_learned_weight_blends_the_hand_set_worth_with_the_learned_one() -> None:
    state = two_seats()
    tile(state, "B1", "gold", 0, pips=5)
    half = Outlook.of_state(state, Weights(learned=0.5))
    each = holdings(state, half)
    for s in range(state.players):
        both = (hand_worths(each, half)[s] + learned_worth(features(each, s, half), 2) + each.cards[s]) / 2
        assert worths(state, half)[s] == pytest.approx(both)


def test_plain_weights_leave_the_hand_set_worth_as_it_was() -> None:
    state = two_seats()
    tile(state, "B1", "gold", 1, pips=5)
    outlook = Outlook.of_state(state)
    each = holdings(state, outlook)
    assert each.bossed == [0, 1] and each.largest == [0, 1]  # parts the hand-set worth does not weigh
    income, rate = outlook.weights.income, outlook.money
    by_hand = [each.held[s] + each.cards[s] + rate * (each.money[s] + income * (each.dice[s] + each.parking[s]))
               for s in range(2)]
    assert worths(state, outlook) == by_hand  # points to come, then money and a share of income at money's rate


@pytest.mark.parametrize("game_seed", ["h1", "h2"])
def test_learned_greedy_decides_from_the_view_only(game_seed: str) -> None:
    """Two states that differ only in what the seat cannot see (the deck's order, the dice to come) give the
    same choice."""
    match = Match(GAME, GameConfig("lords", "classic", 2, game_seed))
    bots = [LordsGreedy("x", LEARNED) for _ in range(2)]
    for _ in range(30):  # some way into the game
        s = match.actors()[0]
        match.play(s, bots[s].decide(match.view(s), match.legal_actions(s)))
    state: LordsState = match.state
    s = match.actors()[0]
    other = state.clone()
    random.Random(game_seed).shuffle(other.deck)
    other.rng = type(state.rng)("another")
    assert GAME.view(other, s) == GAME.view(state, s)
    chosen = [LordsGreedy("same", LEARNED).decide(GAME.view(x, s), GAME.legal_actions(x, s)) for x in (state, other)]
    assert chosen[0] == chosen[1]
