"""The Lords of Vegas value's weights: explicit, parsed from a bot's setting, and each doing what it says."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.bots.test_lords_greedy import early
from tests.engine.lords.position import blank, money, seat, tile
from vegas_table.bots.lords.playout import rewards
from vegas_table.bots.lords.search_model import JUDGEMENT, LordsModel
from vegas_table.bots.lords.value import PLAIN, Outlook, Weights, margin, value, worths
from vegas_table.engine.lords.board import COLOURS, LOT_BY_NAME
from vegas_table.engine.lords.state import LordsState


def rich_blue() -> LordsState:
    state = blank("classic", 4, current="blue")
    money(state, blue=30, red=20, green=10, yellow=0)
    return state


def test_the_plain_weights_are_greedys_and_read_as_nothing() -> None:
    assert Weights() == PLAIN and PLAIN.text() == "" and Weights.parse("") == PLAIN


@given(st.fixed_dictionaries({}, optional={name: st.floats(0, 2, allow_nan=False) for name in Weights.__slots__}))
def test_weights_written_as_text_read_back_the_same(given_weights: dict[str, float]) -> None:
    weights = Weights(**given_weights)
    assert Weights.parse(weights.text()) == weights


def test_an_unknown_weight_or_a_word_for_a_number_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="no weight 'luck'"):
        Weights.parse("luck=1")
    with pytest.raises(ValueError, match="takes a number"):
        Weights.parse("contested=high")


def test_money_is_worth_the_money_rate_in_points() -> None:
    state = rich_blue()
    plain = worths(state, Outlook.of_state(state))
    dear = worths(state, Outlook.of_state(state, Weights(money_early=0.7, money_late=0.02)))
    blue = seat(state, "blue")
    assert dear[blue] - plain[blue] == pytest.approx(30 * (0.02 - 0.01))  # End of Game is next: the late rate


def test_rivals_weigh_the_best_opponent_or_the_opponents_mean() -> None:
    each = [10.0, 8.0, 2.0, 2.0]
    assert margin(each, 0, 1.0) == 2.0
    assert margin(each, 0, 0.0) == pytest.approx(10.0 - 4.0)
    assert margin(each, 0, 0.5) == pytest.approx(10.0 - 6.0)


def test_plain_value_is_the_margin_over_the_best_opponent() -> None:
    state = rich_blue()
    outlook = Outlook.of_state(state)
    each = worths(state, outlook)
    blue = seat(state, "blue")
    assert value(state, blue, outlook) == each[blue] - max(w for s, w in enumerate(each) if s != blue)


def test_income_counts_as_money_at_its_weights_share() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "B1", "gold", "blue", pips=5)
    plain, half_more = Outlook.of_state(state), Outlook.of_state(state, Weights(income=1.0))
    blue = seat(state, "blue")
    income = 5 * plain.casino_pays(COLOURS.index("gold"), (LOT_BY_NAME["B1"],))  # its die's pips a payment
    assert income > 0
    gained = worths(state, half_more)[blue] - worths(state, plain)[blue]
    assert gained == pytest.approx(plain.money * 0.5 * income)


def test_the_search_ranks_and_scores_by_the_weights_it_is_given() -> None:
    state = early(blank("classic", 2, current=0))
    tile(state, "B1", "gold", 0, pips=5)
    assert LordsModel("1").weights == JUDGEMENT and LordsModel("1").rewards(state) == rewards(state, JUDGEMENT)
    model = LordsModel("1", Weights(income=0.8))
    assert model.greedy.weights == model.weights
    assert model.rewards(state) != rewards(state)  # plain greedy's judgement scores it otherwise


@pytest.mark.parametrize("rules,players,options", [("classic", 2, ()), ("up", 4, ()), ("up", 3, ("underworld",))])
def test_the_outlook_at_the_table_is_the_one_every_seat_reads_off_its_view(rules: str, players: int,
                                                                           options: tuple[str, ...]) -> None:
    import random

    from vegas_table.bots.base import concrete
    from vegas_table.engine import GameConfig, get_game

    game = get_game("lords")
    for deal in range(3):
        state, _ = game.new(GameConfig("lords", rules, players, f"outlook/{deal}", options))
        rng = random.Random(deal)
        while True:
            for viewer in range(players):
                assert Outlook.at_table(state, PLAIN) == Outlook.of(game.view(state, viewer), PLAIN)
            if game.is_over(state):
                break
            actor = game.actors(state)[0]
            game.apply(state, actor, concrete(rng.choice(game.legal_actions(state, actor)), rng))
