"""Tournaments: line-ups, duplicate deals in every rotation, results by deal, ratings that rank and agree."""

from __future__ import annotations

import json

import pytest

from vegas_table.arena.play import GameRecord
from vegas_table.arena.ratings import comparisons, fit, rate, supported
from vegas_table.arena.tournament import Scheduled, plan, rotations, round_robin, standings
from vegas_table.cli.main import main


def record(seats: tuple[str, ...], winners: tuple[int, ...], index: int = 0) -> GameRecord:
    return GameRecord(index, seats, winners, tuple({} for _ in seats), 10, 100)


def test_round_robin_of_enough_bots_seats_each_set_of_distinct_bots_once() -> None:
    assert round_robin(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_round_robin_of_two_bots_at_four_seats_plays_one_three_two_two_and_three_one() -> None:
    assert round_robin(["a", "b"], 4) == [("a", "a", "a", "b"), ("a", "a", "b", "b"), ("a", "b", "b", "b")]


def test_every_deal_is_played_in_every_rotation_by_every_lineup() -> None:
    specs, where = plan("lords", "up", 3, [("g", "r", "r")], deals=2, seed="s")
    assert [s.seats for s in specs[:3]] == rotations(("g", "r", "r")) == [("g", "r", "r"), ("r", "r", "g"),
                                                                           ("r", "g", "r")]
    assert {s.config.seed for s in specs[:3]} == {"s/0"} and {s.config.seed for s in specs[3:]} == {"s/1"}
    assert where[4] == Scheduled(lineup=0, deal=1, rotation=1)
    assert [s.index for s in specs] == list(range(6))


def test_a_bots_share_counts_its_seats_and_a_shared_win_as_a_fraction() -> None:
    lineup = ("g", "r", "r")
    games = [record(("g", "r", "r"), (0,)), record(("r", "r", "g"), (0, 2)), record(("r", "g", "r"), (0,))]
    where = [Scheduled(0, 0, k) for k in range(3)]
    rows = {s.bot: s for s in standings(lineup, games, where)}
    assert rows["g"].share == pytest.approx((1 + 0.5 + 0) / 3)
    assert rows["r"].share == pytest.approx((0 + 0.5 + 1) / 3)
    assert rows["g"].par == pytest.approx(1 / 3) and rows["r"].par == pytest.approx(2 / 3)
    assert rows["g"].low < rows["g"].share < rows["g"].high


def test_pairs_of_seats_of_different_bots_are_the_comparisons() -> None:
    assert comparisons(record(("a", "b", "b"), (1,))) == [("b", "a")]  # b's losing seat is no comparison
    assert comparisons(record(("a", "b"), (0, 1))) == []  # a shared win


def test_equal_bots_are_rated_equal_and_a_stronger_one_above() -> None:
    even = fit(["a", "b"], [[("a", "b")], [("b", "a")]])
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(1500)
    uneven = fit(["a", "b", "c"], [[("a", "b")]] * 8 + [[("b", "a")]] * 2 + [[("b", "c")]] * 8 + [[("c", "b")]] * 2)
    assert uneven["a"] > uneven["b"] > uneven["c"]


def test_ratings_come_with_a_bootstrap_interval_around_them() -> None:
    games = [record(("a", "b"), (0,) if k % 4 else (1,), k) for k in range(40)]
    ratings = rate(games, list(range(40)), samples=100)
    assert [r.bot for r in ratings] == ["a", "b"]
    for r in ratings:
        assert r.low <= r.elo <= r.high and r.high - r.low > 10 and r.comparisons == 40


def test_two_deals_that_agree_still_give_an_interval_as_wide_as_four_games_support() -> None:
    games = [record(("a", "b") if k % 2 else ("b", "a"), (0,) if k % 2 else (1,), k) for k in range(4)]
    ratings = {r.bot: r for r in rate(games, [0, 0, 1, 1], samples=50)}  # every resample: a won all four
    for r in ratings.values():
        low, high = supported(r.bot, [comparisons(g) for g in games], r.elo)
        assert r.low <= low < r.elo < high <= r.high
        assert r.high - r.low > 400  # four games cannot place a bot within a few points
    assert ratings["a"].low < ratings["b"].high  # nor tell these two apart for sure


def test_the_supported_interval_narrows_as_games_add_up_and_counts_a_games_seats_once() -> None:
    def width(games: list[list[tuple[str, str]]]) -> float:
        low, high = supported("a", games, 1500.0)
        return high - low

    assert width([[("a", "b")]] * 40) < width([[("a", "b")]] * 10) < width([[("a", "b")]] * 4)
    assert width([[("a", "b"), ("a", "c"), ("a", "d")]] * 4) == pytest.approx(width([[("a", "b")]] * 4))


def test_the_same_tournament_on_one_core_or_two_gives_the_same_json(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        assert main(["tournament", "--game", "lasvegas", "--players", "3", "--bots", "greedy,random",
                     "--deals", "3", "--seed", "t", "--json", "--jobs", jobs]) == 0
        data = json.loads(capsys.readouterr().out)
        data.pop("seconds")
        outputs.append(data)
    assert outputs[0] == outputs[1]
    assert outputs[0]["games"] == 2 * 3 * 3  # line-ups 1-2 and 2-1, 3 deals, 3 rotations
    assert {r["bot"] for r in outputs[0]["ratings"]} == {"greedy", "random"}


def test_a_plot_of_the_ratings_is_drawn(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ratings.png"
    assert main(["tournament", "--game", "lasvegas", "--players", "2", "--bots", "greedy,random", "--deals", "2",
                 "--jobs", "1", "--plot", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_bad_arguments_say_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "lords", "--players", "2", "--lineup", "random,random,random"]) == 2
    assert "has 3 bots for 2 seats" in capsys.readouterr().out
    assert main(["tournament", "--game", "lords", "--players", "2", "--bots", "random"]) == 2
    assert "no line-up" in capsys.readouterr().out
