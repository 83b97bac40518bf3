"""The ladder's benchmark: which matches it plays, and a row of each kind from a one-deal run."""

from __future__ import annotations

from benchmarks.ladder import matches, play_match, time_rows
from vegas_table.bots.ladder import LADDER


def test_each_rung_meets_greedy_and_the_rung_below_it_once() -> None:
    for game in ("lasvegas", "lords"):
        lineups = matches(game)
        assert len(set(lineups)) == len(lineups)
        played = [rung for rung in LADDER if LADDER[rung][game] != "greedy"]
        assert {lineup[0] for lineup in lineups} == set(played)


def test_a_match_gives_its_first_bots_share_and_times_every_decision_of_a_rung() -> None:
    seconds: dict[str, list[float]] = {}
    row = play_match("lasvegas", ("easy", "random"), 1, seconds)
    assert row.unit == "%" and "easy (greedy) vs random, win share of 2 games" in row.measure
    assert seconds["easy"] and "random" not in seconds
    rows = time_rows("lasvegas", seconds)
    assert [r.target for r in rows] == ["", "<= 100"]
