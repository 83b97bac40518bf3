"""The search bot: decisions repeat for a seed and a budget of playouts, clear choices are found, and only
legal actions come out in whole games of both games. (Determinized states: tests/engine/test_determinize.py.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from vegas_table.bots.base import Bot, concrete
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import decide, game_info, turn_for
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.search import SearchBot
from vegas_table.engine import get_game
from vegas_table.engine.core.api import ActionRange, GameConfig
from vegas_table.engine.lords.actions import ProposeTrade

LORDS = get_game("lords")
LAS_VEGAS = get_game("lasvegas")


def random_position(game: Any, config: GameConfig, steps: int) -> tuple[Any, int]:
    """A position `steps` random actions into a game, and the seat to act there."""
    state, _ = game.new(config)
    rng = random.Random(config.seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.actors(state)[0]
        game.apply(state, seat, concrete(rng.choice(game.legal_actions(state, seat)), rng))
    return state, (game.actors(state) or (0,))[0]


@pytest.mark.parametrize(("game", "rules", "players", "steps"), [
    ("lords", "classic", 2, 40), ("lords", "up", 4, 90), ("lasvegas", "base", 3, 7), ("lasvegas", "base", 2, 30),
])
def test_the_same_seed_and_budget_make_the_same_choice(game: str, rules: str, players: int, steps: int) -> None:
    rules_of = get_game(game)
    config = GameConfig(game, rules, players, "same")
    state, seat = random_position(rules_of, config, steps)
    choices = {str(SearchBot("s", playouts=30).choose(turn_for(rules_of, state, game_info(config, seat), 0)))
               for _ in range(2)}
    assert len(choices) == 1


def is_legal(game: Any, state: Any, seat: int, action: object) -> bool:
    """One of the seat's legal actions, or a trade offer the rules accept (offers are not listed)."""
    if isinstance(action, ProposeTrade):
        game.apply(game.clone(state), seat, action)
        return True
    return any(action in o if isinstance(o, ActionRange) else action == o for o in game.legal_actions(state, seat))


@pytest.mark.parametrize(("game", "rules", "players", "options"), [
    ("lords", "classic", 2, ()), ("lords", "up", 3, ("layoff",)),
    ("lasvegas", "base", 2, ()), ("lasvegas", "base", 4, ("biggies", "kickers", "rainbow", "slot")),
])
def test_search_only_plays_legal_actions(game: str, rules: str, players: int, options: tuple[str, ...]) -> None:
    rules_of = get_game(game)
    config = GameConfig(game, rules, players, f"legal/{game}/{players}", options)
    bots: list[Bot] = [SearchBot(f"s{s}", playouts=8) if s == 0 else
                       (GreedyBot(f"g{s}") if s == 1 else RandomBot(f"r{s}")) for s in range(players)]
    state, _ = rules_of.new(config)
    while not rules_of.is_over(state):
        who = rules_of.actors(state)[0]
        action = decide(bots[who], rules_of, state, game_info(config, who), 0)
        assert is_legal(rules_of, state, who, action), action
        rules_of.apply(state, who, action)


def search_choice(game: Any, state: Any, seat: int, playouts: int = 40) -> str:
    config = game.config(state)
    return str(SearchBot("test", playouts=playouts).choose(turn_for(game, state, game_info(config, seat), 0)))


def test_search_takes_the_las_vegas_casino_it_can_win_outright() -> None:
    from tests.engine.lasvegas.table import ANNA, BENNO, blank, dice, notes, rolled

    state = blank(2)
    notes(state, 6, 90)
    notes(state, 1, 10)
    dice(state, 6, {BENNO: 1})
    state.hands[BENNO] = [0, 0, 0, 0]  # Benno has placed all his dice: nobody can answer
    rolled(state, ANNA, [6, 6, 1, 1])
    assert search_choice(LAS_VEGAS, state, ANNA) == "place 6"


def test_search_remodels_to_take_over_a_lords_casino() -> None:
    from tests.bots.test_lords_greedy import early
    from tests.engine.lords.position import blank, money, tile

    state = early(blank("classic", 2, current="blue"))
    tile(state, "C1", "silver", "blue", pips=6)
    tile(state, "C2", "gold", "green", pips=3)
    tile(state, "C3", "gold", "green", pips=4)
    money(state, blue=10)
    assert search_choice(LORDS, state, 0) == "remodel C1 gold"


def test_search_overrules_greedy_only_on_clear_evidence() -> None:
    from vegas_table.bots.search import clearly_better

    assert clearly_better([1.0, 1.2, 0.9, 1.1], [0.0, 0.1, 0.0, 0.2], 1.0)
    assert not clearly_better([1.0, -1.0, 1.0, -0.9], [0.0, 0.0, 0.0, 0.0], 1.0)  # ahead on average, by noise
    assert not clearly_better([5.0], [0.0], 1.0)  # one sample proves nothing
    assert clearly_better([1.0, 1.2, 0.9, 1.1, 7.0], [0.0, 0.1, 0.0, 0.2], 1.0)  # compared where both were played


class Scripted:
    """A model whose playouts score candidate k by `means[k]` plus noise the sample decides (the same for
    every candidate of a sample, so paired differences are exact), counting the playouts each candidate got."""

    playouts = 0

    def __init__(self, means: list[float], confidence: float = 1.0) -> None:
        self.means, self.confidence = means, confidence
        self.played = [0] * len(means)

    def determinize(self, view: Any, seat: int, rng: random.Random) -> Any:
        return {"luck": rng.gauss(0, 1), "noise": rng.random(), "k": -1}

    def playout(self, state: Any, rng: random.Random) -> Any:
        self.played[state["k"]] += 1
        return state

    def rewards(self, state: Any) -> list[float]:
        return [state["luck"] + self.means[state["k"]] * state["noise"] * 2]


class Pick:
    """A game whose only rule is that applying candidate k to a sample marks it with k."""

    @staticmethod
    def clone(state: Any) -> Any:
        return dict(state)

    @staticmethod
    def apply(state: Any, seat: int, action: int) -> None:
        state["k"] = action


def test_the_confidence_to_leave_greedys_choice_is_the_models() -> None:
    from vegas_table.bots.search import Search

    means = [0.0, 0.05, 0.0, 0.0]  # the second candidate is a little better
    bold = Search(Pick(), Scripted(means, confidence=0.0), random.Random(3))  # type: ignore[arg-type]
    timid = Search(Pick(), Scripted(means, confidence=1e9), random.Random(3))  # type: ignore[arg-type]
    assert bold.halving({}, 0, [0, 1, 2, 3], 400, None) == 1
    assert timid.halving({}, 0, [0, 1, 2, 3], 400, None) == 0


def lords_turn(time_limit: float | None) -> tuple[Any, Any]:
    """A Lords classic position with several choices worth searching, as a Turn with `time_limit`."""
    config = GameConfig("lords", "classic", 2, "limit")
    state, seat = random_position(LORDS, config, 40)
    return state, turn_for(LORDS, state, game_info(config, seat), 0, time_limit)


def test_a_generous_time_limit_changes_nothing_of_a_budget_in_playouts() -> None:
    _, free = lords_turn(None)
    _, limited = lords_turn(10_000.0)
    assert str(SearchBot("s", playouts=30).choose(free)) == str(SearchBot("s", playouts=30).choose(limited))


def test_with_no_time_left_to_search_search_plays_greedys_choice() -> None:
    _, turn = lords_turn(0.01)
    _, again = lords_turn(None)
    assert str(SearchBot("s", playouts=10_000).choose(turn)) == str(GreedyBot("s").choose(again))


def test_the_search_stops_at_the_time_limit_and_keeps_the_priors_choice_without_evidence() -> None:
    """A stop already past: no playout is played, and the first candidate (greedy's) is chosen."""
    import time

    from vegas_table.bots.search import Search

    class Untouchable:
        playouts = 100
        confidence = 1.0

        def determinize(self, view: Any, seat: int, rng: random.Random) -> Any:
            raise AssertionError("no time was left to sample a world")

    first, second = LORDS.parse_action("end"), LORDS.parse_action("build A2 gold")
    search = Search(LORDS, Untouchable(), random.Random(1))  # type: ignore[arg-type]
    assert search.halving({}, 0, [first, second], 10_000, None, time.perf_counter() - 1) == first


def test_a_las_vegas_lead_counts_for_more_the_fewer_rounds_are_left_to_lose_it() -> None:
    from vegas_table.bots.lasvegas.standing import odds

    assert odds(0.0, 3) == 0.5
    assert 0.5 < odds(1.0, 3) < odds(1.0, 1) < odds(2.0, 1) < 1.0
    assert odds(-1.0, 1) == pytest.approx(1 - odds(1.0, 1))


def test_a_finished_las_vegas_game_is_worth_its_share_of_the_win() -> None:
    from vegas_table.bots.lasvegas.search_model import LasVegasModel

    state, _ = LAS_VEGAS.new(GameConfig("lasvegas", "base", 3, "over"))
    state.won, state.phase, state.winners = [[60], [60], [10]], "over", (0, 1)
    assert LasVegasModel().rewards(state) == pytest.approx([0.5, 0.5, -50 / 60 / 100])


def test_las_vegas_playouts_play_the_greedy_bots_game() -> None:
    """Every seat of a playout makes the greedy bot's choice (the opponents the search meets)."""
    from vegas_table.bots.lasvegas.search_model import LasVegasModel

    config = GameConfig("lasvegas", "base", 3, "playout", ("biggies",))  # played by the engine
    state, _ = random_position(LAS_VEGAS, config, 3)
    played, stepped = LAS_VEGAS.clone(state), LAS_VEGAS.clone(state)
    end = LasVegasModel().playout(played, random.Random(1))
    greedy = GreedyBot("g")
    while stepped.round == state.round:
        seat = LAS_VEGAS.actors(stepped)[0]
        LAS_VEGAS.apply(stepped, seat, decide(greedy, LAS_VEGAS, stepped, game_info(config, seat), 0))
    assert end is played and LAS_VEGAS.state_hash(played) == LAS_VEGAS.state_hash(stepped)
    # (The base game's rounds are played on greedy's table: tests/bots/test_round_playout.py.)


def test_the_las_vegas_default_budget_shrinks_as_more_seats_play_each_playout_out_up_to_a_cap() -> None:
    from vegas_table.bots.lasvegas.search_model import PLAYOUT_CAP, PLAYOUT_SEATS, LasVegasModel

    budgets = []
    for players in (2, 4, 6):
        state, seat = random_position(LAS_VEGAS, GameConfig("lasvegas", "base", players, "budget"), 0)
        budgets.append(LasVegasModel().budget(LAS_VEGAS.view(state, seat)))
    assert budgets == [PLAYOUT_CAP, PLAYOUT_SEATS // 4, PLAYOUT_SEATS // 6]
    assert PLAYOUT_SEATS // 2 > PLAYOUT_CAP >= PLAYOUT_SEATS // 4
