"""The greedy Lords of Vegas bot with the Underworld: it values the face-up cards by points per dollar (and
what their effects are worth to it), acquires when that beats the price, and uses the cards it holds
(docs/BOTS.md, "Underworld cards")."""

from __future__ import annotations

from tests.bots.nocards import NoCards
from tests.bots.test_lords_greedy import early
from tests.engine.lords.position import money, seat, tile
from tests.engine.lords.underworld_position import uw_blank
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import decide, game_info
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lords.actions import Acquire, UseCard
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState


def greedy(state: LordsState, who: str | int) -> str:
    s = seat(state, who)
    return str(decide(GreedyBot("test"), GAME, state, game_info(state.config, s), 0).text())


def test_it_buys_points_that_cost_less_than_their_worth_in_money() -> None:
    state = early(uw_blank(line=["july-4th-party"]))
    money(state, black=20)
    assert greedy(state, "black") == "acquire july-4th-party"


def test_it_buys_a_discount_on_building_while_there_are_turns_to_build_in() -> None:
    state = early(uw_blank(line=["union-boss"]))
    money(state, black=20)
    assert greedy(state, "black") == "acquire union-boss"


def test_it_does_not_buy_a_discount_when_nothing_is_left_to_draw() -> None:
    state = uw_blank(line=["general-contractor"])  # the next card is End of Game
    money(state, black=20)
    assert greedy(state, "black") == "end"


def test_it_buys_an_end_of_game_point_when_money_only_breaks_ties() -> None:
    state = uw_blank(line=["union-boss"])  # the next card is End of Game: $5m for a point is a bargain
    money(state, black=20)
    assert greedy(state, "black") == "acquire union-boss"


def test_it_does_not_take_a_shady_deal_for_less_than_the_points_it_costs_at_the_end() -> None:
    state = early(uw_blank(line=["shady-deal"]))
    money(state, black=20)
    assert greedy(state, "black") == "end"


def test_it_uses_its_private_jet_while_a_point_moves_its_chip() -> None:
    state = early(uw_blank(hands={"black": ["private-jet"]}))
    money(state, black=20)
    assert greedy(state, "black") == "use private-jet"


def test_it_does_not_use_its_private_jet_for_a_point_the_break_swallows() -> None:
    state = early(uw_blank(hands={"black": ["private-jet"]}))
    money(state, black=20)
    state.score[0] = 40  # the next stop is 44: one point does not move the chip
    assert greedy(state, "black") == "end"


def test_it_raises_its_own_die_with_the_accountant() -> None:
    state = early(uw_blank(hands={"black": ["accountant"]}))
    tile(state, "A2", "gold", "black", pips=3)
    money(state, black=0)  # nothing to build with: the free pip is the best move
    assert greedy(state, "black") == "use accountant A2"


def test_it_acquires_and_uses_cards_in_whole_underworld_games() -> None:
    acquired, used = set(), set()
    for k in range(2):
        config = GameConfig("lords", "underworld", 3, f"greedy-cards/{k}")
        state, _ = GAME.new(config)
        bots = [GreedyBot(f"g{s}") for s in range(config.players)]
        while not GAME.is_over(state):
            who = GAME.actors(state)[0]
            action = decide(bots[who], GAME, state, game_info(config, who), 0)
            if isinstance(action, Acquire):
                acquired.add(action.card)
            if isinstance(action, UseCard):
                used.add(action.card)
            GAME.apply(state, who, action)
    assert acquired and used, (acquired, used)


def test_the_greedy_it_is_measured_against_leaves_the_cards_alone() -> None:
    state = early(uw_blank(line=["july-4th-party"], hands={"black": ["private-jet"]}))
    money(state, black=20)
    assert str(decide(NoCards("test"), GAME, state, game_info(state.config, 0), 0).text()) == "end"
