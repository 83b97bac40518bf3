"""The solver's cost tool: it solves one position per round that fits, and times whole decisions."""

from __future__ import annotations

from harness.solve_cost import game_decisions, placements, solve_times


def test_one_position_a_round_is_solved_from_scratch() -> None:
    found = solve_times("t", 1, 4, "adversary")
    assert 1 <= len(found) <= 4  # the first position of each round with at most 4 dice left, if any
    assert all(seconds >= 0 and remembered >= 1 for seconds, remembered in found)


def test_placements_are_the_choices_of_greedy_games() -> None:
    states = list(placements("t", 1))
    assert states and all(len(s.options) > 1 and s.pending is None for s in states[:5])


def test_every_decision_of_a_searching_seat_is_timed() -> None:
    found = game_decisions("t", 1, 6, 1000)
    assert len(found) >= 10 and all(seconds >= 0 for seconds, _ in found)
    assert any(solves for _, solves in found) and not all(solves for _, solves in found)
