"""The Lords of Vegas turn planner: it finds what only pays over two actions, and stays deterministic and
honest (it reads the seat's view only), like greedy."""

from __future__ import annotations

import random

import pytest

from tests.bots.test_lords_greedy import early
from tests.engine.lords.position import blank, money, tile
from vegas_table.bots.base import Bot
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.lords.planner import LordsPlanner, Reach
from vegas_table.bots.lords.search_model import JUDGEMENT, LordsModel
from vegas_table.bots.lords.value import Outlook, Weights, value
from vegas_table.bots.planner import PlannerBot
from vegas_table.bots.registry import make_bot
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lords.board import END_OF_GAME, LOT_BY_NAME
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState


def two_casinos() -> LordsState:
    """Blue bosses C1 and C9 with $30m: one dear sprawl (C9 into C6, $24m) or two cheap ones (C8, then C7,
    $28m)."""
    state = early(blank("classic", 2, current="blue"))
    tile(state, "C1", "gold", "blue", pips=5)
    tile(state, "C9", "gold", "blue", pips=5)
    money(state, blue=30)
    return state


def chosen(bot: Bot, state: LordsState) -> str:
    return str(decide(bot, GAME, state, game_info(state.config, state.current), 0).text())


def whole_turn(bot: Bot, state: LordsState) -> LordsState:
    """The position once `bot` has played its turn to its end (the end itself not played)."""
    state = GAME.clone(state)
    while (action := chosen(bot, state)) != "end":
        GAME.apply(state, state.current, GAME.parse_action(action))
    return state


def test_it_spends_on_two_cheap_sprawls_where_greedy_takes_the_dearest_one() -> None:
    state = two_casinos()
    assert chosen(GreedyBot("t"), state) == "sprawl C9 C6"
    assert chosen(PlannerBot("t"), state) == "sprawl C9 C8"  # worth less alone than C6, more with C7 after it
    outlook = Outlook.of(GAME.view(state, 0))
    planned, greedy = whole_turn(PlannerBot("t"), state), whole_turn(GreedyBot("t"), state)
    assert value(planned, 0, outlook) > value(greedy, 0, outlook) + 1.0


def test_it_ends_its_turn_when_nothing_is_worth_doing() -> None:
    state = blank("classic", 2, current="blue")  # the next card is End of Game: nothing left to pay
    tile(state, "C1", "gold", "blue", pips=5)
    money(state, blue=30)
    assert chosen(PlannerBot("t"), state) == "end"


def test_an_offer_refused_is_not_made_again_in_the_same_turn() -> None:
    state = early(blank("classic", 4, current="blue"))  # greedy's die offer (tests/bots/test_lords_greedy.py)
    tile(state, "B1", "gold", "green", pips=6)
    tile(state, "B2", "gold", "blue", pips=5)
    tile(state, "B3", "gold", "blue", pips=5)
    state.reorganized[LOT_BY_NAME["B1"]] = True
    money(state, blue=120)
    bot = PlannerBot("t")
    offer = chosen(bot, state)
    assert offer.startswith("trade blue>green $")
    GAME.apply(state, 0, GAME.parse_action(offer))
    GAME.apply(state, 1, GAME.parse_action(f"reject {state.trades[0].id}"))
    assert chosen(bot, state) == "end"


def played(config: GameConfig, bots: list[Bot], limit: int) -> list[str]:
    """The first `limit` actions of a game of `bots` (fresh ones: a bot remembers its game)."""
    state, _ = GAME.new(config)
    actions: list[str] = []
    while not GAME.is_over(state) and len(actions) < limit:
        who = GAME.actors(state)[0]
        action = decide(bots[who], GAME, state, game_info(config, who), len(actions))
        actions.append(action.text())
        GAME.apply(state, who, action)
    return actions


def hidden_reshuffled(state: LordsState, shuffle: int) -> LordsState:
    """`state` with what its seats cannot see changed: the deck above End of Game reshuffled, fresh dice."""
    below_end = state.deck.index(END_OF_GAME)
    above = state.deck[below_end + 1:]
    random.Random(shuffle).shuffle(above)
    state.deck[below_end + 1:] = above
    state.rng = Rng(f"hidden/{shuffle}")
    return state


def test_the_same_seed_makes_the_same_choices() -> None:
    config = GameConfig("lords", "classic", 2, "planned", ())
    runs = [played(config, [PlannerBot("s"), PlannerBot("s")], 120) for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("shuffle", range(4))
def test_it_chooses_the_same_whatever_the_hidden_deck_and_dice(shuffle: int) -> None:
    assert chosen(PlannerBot("t"), hidden_reshuffled(two_casinos(), shuffle)) == "sprawl C9 C8"


def test_its_settings_name_how_far_it_plans_and_its_weights() -> None:
    bot = make_bot("planner@depth=2:learned=1:width=6", "1")
    assert isinstance(bot, PlannerBot)
    assert bot.planner.reach == Reach(width=6, depth=2)
    assert bot.planner.greedy.weights == Weights(learned=1.0)
    assert PlannerBot("1").planner.reach == Reach()
    with pytest.raises(ValueError, match="no weight 'deep'"):
        make_bot("planner@deep=2", "1")
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("planner@width=0", "1")
    assert PlannerBot.games == ("lords",)


def test_search_with_the_planner_as_its_prior_keeps_the_planned_action_first() -> None:
    state = two_casinos()
    view, options = GAME.view(state, 0), GAME.legal_actions(state, 0)
    plain = [a.text() for a in LordsModel("t").root(view, options)]
    planned = [a.text() for a in LordsModel("t", JUDGEMENT, planner=LordsPlanner("t")).root(view, options)]
    assert plain[0] == "sprawl C9 C6"
    assert planned[0] == "sprawl C9 C8"
    assert "sprawl C9 C6" in planned and planned[-1] == "end"
    assert len(planned) == len(plain)
