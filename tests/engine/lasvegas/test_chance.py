"""Rolls: one word of the game's generator per roll, read in base 6, exactly uniform."""

from __future__ import annotations

from collections import Counter

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lasvegas.chance import roll
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME


def test_a_roll_is_one_draw_below_6_to_the_k_written_in_base_6() -> None:
    for count in range(1, 25):
        ours, reference = Rng("roll-spec"), Rng("roll-spec")
        for _ in range(20):
            faces, shown = roll(ours, count)
            value = reference.below(6**count)
            assert faces == tuple(1 + (value // 6**i) % 6 for i in range(count))
            assert shown == sum(1 << n for n in set(faces))
            assert ours.drawn == reference.drawn


def test_faces_are_uniform() -> None:
    rng = Rng("uniform")
    faces = Counter(face for _ in range(3000) for face in roll(rng, 8)[0])
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    expected = 3000 * 8 / 6
    chi_square = sum((n - expected) ** 2 / expected for n in faces.values())
    assert chi_square < 20.5  # p = 0.001 with 5 degrees of freedom


def test_the_same_seed_gives_the_same_game() -> None:
    config = GameConfig("lasvegas", "base", 3, "same", ("kickers", "slot"))
    first, _ = GAME.new(config)
    second, _ = GAME.new(config)
    assert GAME.state_hash(first) == GAME.state_hash(second) and first.roll == second.roll
    other, _ = GAME.new(GameConfig("lasvegas", "base", 3, "other", ("kickers", "slot")))
    assert GAME.state_hash(other) != GAME.state_hash(first)
