"""The Las Vegas search screen: positions and references repeat for a seed, regret is counted against the
reference's best, and a setting that never leaves greedy's choice scores exactly as greedy does."""

from __future__ import annotations

import pytest

from harness.screen_lasvegas import (
    Variant,
    collect,
    fitted_spread,
    greedy_choice,
    reference,
    round_ends,
    score,
    screen,
)


def test_positions_are_placements_with_a_choice_and_repeat_for_a_seed() -> None:
    positions = collect("t", 5)
    assert positions == collect("t", 5)
    assert len(positions) == 5
    for position in positions:
        assert len(position.options) > 1 and all(o.startswith("place") for o in position.options)
        assert position.view["viewer"] == position.seat and not position.view["pending"]


def test_positions_come_from_games_of_the_players_asked_for() -> None:
    assert {p.view["players"] for p in collect("t", 3, players=4)} == {4}


def test_the_reference_is_each_options_share_of_the_win_and_repeats_for_a_seed() -> None:
    position = collect("t", 1)[0]
    values = reference(position, 6, "r")
    assert values == reference(position, 6, "r")
    assert len(values) == len(position.options)
    assert all(0.0 <= v <= 1.0 and (v * 12).is_integer() for v in values)  # halves of a win over 6 samples


def test_regret_is_the_reference_best_less_the_chosen() -> None:
    values = [[0.5, 0.7, 0.6], [0.4, 0.3]]
    result = score("x", [2, 0], [0, 0], values)
    assert result.regret == pytest.approx((0.1 + 0.0) / 2)
    assert result.best == 0.5 and result.left_greedy == 0.5


def test_a_setting_that_never_leaves_greedys_choice_scores_as_greedy() -> None:
    positions = collect("t", 3)
    values = [[float(i) for i in range(len(p.options))] for p in positions]
    greedy, timid = screen([Variant("round", 1e9, 16)], positions, values, "s", 1, lambda _: None)
    assert [greedy_choice(p) for p in positions] == [Variant("round", 1e9, 16).choose(p, "x") for p in positions]
    assert timid.regret == greedy.regret and timid.left_greedy == 0.0


def test_a_variant_reads_back_from_its_text() -> None:
    for text in ("round:1@600", "game:0.5@300", "round:0@600+keep"):
        assert Variant.parse(text).text() == text
    assert Variant.parse("round:0@600+keep").keeps_prior
    solved = Variant.parse("round:0.5@300+root=8+tail=4+adversary")
    assert (solved.solve_root, solved.solve_tail, solved.opponents) == (8, 4, "adversary")
    assert solved.text() == "round:0.5@300+root=8+tail=4+adversary"
    with pytest.raises(ValueError, match="unknown"):
        Variant.parse("round:0.5@300+deep")


def test_late_positions_have_few_dice_left_in_the_hands() -> None:
    for position in collect("t", 4, late=6):
        assert sum(sum(seat["hand"].values()) for seat in position.view["seats"]) <= 6


def test_a_variant_that_solves_the_root_plays_the_solvers_choice() -> None:
    from vegas_table.bots.lasvegas.search_model import LasVegasModel

    position = collect("t", 1, late=6)[0]
    expected = LasVegasModel(solve_root=6).root(position.view, position.actions())
    assert len(expected) == 1
    assert position.actions()[Variant.parse("round:0.5@4+root=6").choose(position, "x")] == expected[0]


def test_the_fitted_spread_is_the_one_the_margins_were_drawn_with() -> None:
    import math
    import random

    rng = random.Random(1)
    points = []
    for _ in range(3000):
        margin = rng.uniform(-200, 200)
        chance = 0.5 * (1 + math.erf(margin / 80 / math.sqrt(2)))
        points.append((margin, 1.0 if rng.random() < chance else 0.0))
    assert 66 <= fitted_spread(points) <= 96


def test_round_ends_count_every_seats_margin_at_each_round_but_the_last() -> None:
    ends = round_ends("t", 2)
    assert sorted(ends) == [1, 2, 3] and all(len(points) == 2 * 2 for points in ends.values())
    for points in ends.values():
        assert sum(margin for margin, _ in points) == 0  # two seats: their margins cancel
        assert all(share in (0.0, 0.5, 1.0) for _, share in points)


def test_the_odds_check_alone_prints_a_fit_for_each_round_left(capsys: pytest.CaptureFixture[str]) -> None:
    from harness.screen_lasvegas import main

    main(["--odds-games", "2", "--positions", "0", "--seed", "t"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["1", "2", "3"] and all("the model's" in line for line in lines)
