"""The Lords of Vegas turn search past the opponent's reply (`lookahead`): it leaves a plan the opponent's
greedy answer punishes, plays the planner's plan when no answer does, follows the plan it chose through
the turn, and stays deterministic and honest (it reads the seat's view only)."""

from __future__ import annotations

import time

import pytest

from tests.bots.test_lords_dealing import next_to_its_casino
from tests.bots.test_lords_greedy import early
from tests.bots.test_lords_planner import chosen, hidden_reshuffled, played, two_casinos
from tests.engine.lords.position import blank, marker, money
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.lookahead import LookaheadBot
from vegas_table.bots.lords import turns as turn_search
from vegas_table.bots.lords.planner import Reach
from vegas_table.bots.lords.turns import Looking, Plan, win_chance
from vegas_table.bots.lords.value import Weights
from vegas_table.bots.planner import PlannerBot
from vegas_table.bots.registry import make_bot
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lords.actions import EndTurn
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState


def next_door(green_money: int) -> LordsState:
    """Blue, with $15m, can build on A1 or E1 (the same price and die), not both. Green holds A4, next to
    A1, whose printed die (4) beats A1's (3): building A4 in the colour of a casino on A1 merges the two
    under Green. E1 has no neighbour anyone holds."""
    state = early(blank("classic", 2, current="blue"))
    marker(state, "A1", "blue")
    marker(state, "E1", "blue")
    marker(state, "A4", "green")
    money(state, blue=15, green=green_money)
    return state


def test_it_builds_away_from_a_lot_whose_build_would_take_its_casino_over() -> None:
    state = next_door(green_money=30)
    assert chosen(PlannerBot("t"), state) == "build A1 purple"  # by the static value, A1 is as good as E1
    after = GAME.clone(state)
    GAME.apply(after, 0, GAME.parse_action("build A1 purple"))
    GAME.apply(after, 0, GAME.parse_action("end"))
    assert chosen(GreedyBot("t"), after) == "build A4 purple"  # green's reply: the merged casino is its
    assert chosen(LookaheadBot("t"), state) == "build E1 purple"


def test_it_plays_the_planners_plan_when_the_opponent_cannot_answer_it() -> None:
    state = next_door(green_money=5)  # green cannot pay for A4
    assert chosen(LookaheadBot("t"), state) == chosen(PlannerBot("t"), state) == "build A1 purple"


@pytest.mark.parametrize(("green_money", "departed"), [(30, 1), (5, 0)])
def test_it_counts_the_turns_where_it_left_the_planners_plan(green_money: int, departed: int) -> None:
    bot = LookaheadBot("t")
    chosen(bot, next_door(green_money))
    assert (bot.turns.searched, bot.turns.departed) == (1, departed)


def test_it_follows_the_plan_it_chose_through_the_turn() -> None:
    state = two_casinos()  # the planner's two cheap sprawls (tests/bots/test_lords_planner.py)
    bot = LookaheadBot("t")
    assert chosen(bot, state) == "sprawl C9 C8"
    course = bot.turns.course
    assert course is not None and [a.text() for a in course.left] == ["sprawl C8 C7"]
    GAME.apply(state, 0, GAME.parse_action("sprawl C9 C8"))
    assert chosen(bot, state) == "sprawl C8 C7"
    assert bot.turns.course is not None and bot.turns.course.left == []


def test_a_position_other_than_the_plan_expected_is_searched_again() -> None:
    state = two_casinos()
    bot = LookaheadBot("t")
    chosen(bot, state)
    state.money[0] -= 10  # not what the plan left: it must not play on blindly
    GAME.apply(state, 0, GAME.parse_action("sprawl C9 C8"))
    assert bot.turns.follow(GAME.view(state, 0), GAME.legal_actions(state, 0)) is None


def test_with_deals_it_proposes_the_deal_greedy_would_before_its_plan() -> None:
    """Blue could build E1; buying B1 next to its casino and building there is worth more. The deal is the
    one greedy proposing deals makes (`bots.lords.dealing`), and comes before the planned turn."""
    state = next_to_its_casino(players=2)
    marker(state, "E1", "blue")
    deal = chosen(GreedyBot("t", deals=True), state)
    assert deal.startswith("trade green>blue lot B1")
    assert chosen(LookaheadBot.configured("t", "deals=1"), state) == deal
    assert chosen(LookaheadBot.configured("t", "deals=0"), state) == "build E1 purple"


def test_the_same_seed_makes_the_same_choices() -> None:
    config = GameConfig("lords", "classic", 2, "looked", ())
    runs = [played(config, [LookaheadBot("s"), GreedyBot("s")], 80) for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("shuffle", range(3))
def test_it_chooses_the_same_whatever_the_hidden_deck_and_dice(shuffle: int) -> None:
    assert chosen(LookaheadBot("t"), hidden_reshuffled(next_door(green_money=30), shuffle)) == "build E1 purple"


def test_its_settings_name_its_effort_reach_and_weights() -> None:
    bot = make_bot("lookahead@samples=4:replies=2:confidence=0.5:width=4:learned=1", "1")
    assert isinstance(bot, LookaheadBot)
    assert bot.turns.looking == Looking(samples=4, replies=2, confidence=0.5)
    assert bot.turns.planner.reach == Reach(width=4)
    assert bot.turns.weights == Weights(learned=1.0)
    assert LookaheadBot("1").turns.looking == Looking()
    assert LookaheadBot.configured("1", "own=1").turns.looking == Looking(own=1)
    assert LookaheadBot.configured("1", "own=0").turns.looking == Looking()
    assert LookaheadBot.configured("1", "chance=1").turns.looking == Looking(chance=1)
    assert LookaheadBot.configured("1", "deals=0").turns.looking == Looking(deals=0)
    assert LookaheadBot.configured("1", "ms=800:confidence=0.5").turns.looking == Looking(ms=800, confidence=0.5)
    with pytest.raises(ValueError, match="ms takes a number of at least 0"):
        make_bot("lookahead@ms=-5", "1")
    with pytest.raises(ValueError, match="own takes a whole number of at least 0"):
        make_bot("lookahead@own=-1", "1")
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("lookahead@samples=0", "1")
    with pytest.raises(ValueError, match="no weight 'deep'"):
        make_bot("lookahead@deep=2", "1")
    assert LookaheadBot.games == ("lords",)


def counted_judging(monkeypatch: pytest.MonkeyPatch) -> tuple[turn_search.LordsTurns, list[int]]:
    """A lookahead's turn search, and the list its every judged outcome adds to."""
    turns = LookaheadBot("t").turns
    judged: list[int] = []
    outcome = turns.outcome
    monkeypatch.setattr(turns, "outcome", lambda left, seat: judged.append(seat) or outcome(left, seat))
    return turns, judged


ENDING, BUILDING = Plan((EndTurn(),)), Plan((GAME.parse_action("build E1 purple"),))


def test_plans_that_leave_the_same_position_are_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    turns, judged = counted_judging(monkeypatch)
    view = GAME.view(next_door(green_money=30), 0)
    assert turns.choose(view, 0, [ENDING, BUILDING, ENDING, BUILDING]) == 1
    assert len(judged) == 2 * turns.looking.samples


def test_with_no_time_left_to_search_it_plays_greedys_choice() -> None:
    state = next_door(green_money=30)  # where the search leaves greedy's build for E1 (above)
    info = game_info(state.config, state.current)
    hurried = decide(LookaheadBot("t"), GAME, state, info, 0, time_limit=0.01)
    assert hurried.text() == chosen(GreedyBot("t", deals=True), state) != "build E1 purple"
    assert decide(LookaheadBot("t"), GAME, state, info, 0, time_limit=10_000.0).text() == "build E1 purple"
    assert decide(LookaheadBot.configured("t", "ms=1"), GAME, state, info, 0).text() == hurried.text()
    assert decide(LookaheadBot.configured("t", "ms=100000"), GAME, state, info, 0).text() == "build E1 purple"


def test_no_sample_is_begun_after_its_deadline_but_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    turns, judged = counted_judging(monkeypatch)
    turns.choose(GAME.view(next_door(green_money=30), 0), 0, [ENDING, BUILDING], stop=time.perf_counter() - 1)
    assert len(judged) == 2  # one sample, each plan judged on it


def test_the_win_chance_is_even_at_an_even_margin_and_surer_as_the_draws_run_out() -> None:
    assert win_chance(0.0, 0.5, over=False) == pytest.approx(0.5)
    for left in (0.0, 0.3, 1.0):
        assert win_chance(8.0, left, over=False) + win_chance(-8.0, left, over=False) == pytest.approx(1.0)
        assert win_chance(4.0, left, over=False) < win_chance(8.0, left, over=False) < 1.0
    assert win_chance(8.0, 0.6, over=False) < win_chance(8.0, 0.2, over=False) < win_chance(8.0, 0.0, over=False)
    assert win_chance(8.0, 0.6, over=False) == win_chance(8.0, 1.0, over=False)  # past the cap, as in mid-game


def test_once_the_game_is_over_the_chance_is_the_result() -> None:
    assert win_chance(0.2, 0.0, over=True) == 1.0
    assert win_chance(-0.2, 0.0, over=True) == 0.0
    assert win_chance(0.0, 0.0, over=True) == 0.5


def test_with_chance_a_sample_scores_the_win_chance_its_margin_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next_door(green_money=30)
    margin = LookaheadBot("t").turns.outcome(state.clone(), 0)
    seen: list[tuple[float, float, bool]] = []
    monkeypatch.setattr(turn_search, "win_chance", lambda m, left, over: seen.append((m, left, over)) or 0.25)
    assert LookaheadBot.configured("t", "chance=1").turns.outcome(state.clone(), 0) == 0.25
    assert seen[0][0] == pytest.approx(margin) and 0 < seen[0][1] <= 1 and not seen[0][2]
