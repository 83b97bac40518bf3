"""The engine's generator does exactly what docs/RNG.md says, so replays verify on any Python and platform."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest

import vegas_table.engine.core.rng as rng_module
from vegas_table.engine.core.rng import Rng


def _spec_words(seed: str, count: int) -> list[int]:
    """The stream as the specification defines it, written independently of the implementation."""
    words: list[int] = []
    block = 0
    while len(words) < count:
        digest = hashlib.sha256(b"vegas-rng-v1\x00" + seed.encode() + block.to_bytes(8, "big")).digest()
        words += [int.from_bytes(digest[i:i + 8], "big") for i in range(0, 32, 8)]
        block += 1
    return words[:count]


def test_words_follow_the_specification() -> None:
    rng = Rng("spec")
    assert [rng.word() for _ in range(11)] == _spec_words("spec", 11)


def test_shuffle_follows_the_specification() -> None:
    words = iter(_spec_words("cards", 200))

    def below(k: int) -> int:
        limit = 2**64 - 2**64 % k
        while (w := next(words)) >= limit:
            pass
        return w % k

    expected = list(range(49))
    for i in range(48, 0, -1):
        j = below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    items = list(range(49))
    Rng("cards").shuffle(items)
    assert items == expected


def _spec_shuffle(words: list[int], size: int, limit: Callable[[int], int]) -> tuple[list[int], int]:
    """Fisher-Yates as the specification says, over `words`; returns the order and the words used."""
    stream = iter(words)
    used = 0

    def below(k: int) -> int:
        nonlocal used
        while True:
            w = next(stream)
            used += 1
            if w < limit(k):
                return w % k

    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order, used


@pytest.mark.parametrize("already_drawn", [0, 1, 2, 3, 6])
def test_shuffle_continues_the_stream_wherever_it_stands(already_drawn: int) -> None:
    rng = Rng("midway")
    for _ in range(already_drawn):
        rng.word()
    items = list(range(54))
    rng.shuffle(items)
    expected, used = _spec_shuffle(_spec_words("midway", 200)[already_drawn:], 54, lambda k: 2**64 - 2**64 % k)
    assert items == expected and rng.drawn == already_drawn + used
    assert rng.word() == _spec_words("midway", 200)[rng.drawn - 1]


def test_shuffle_draws_again_after_a_rejected_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """Real rejections are about one in 10**15 shuffles; with half the words rejected the path runs often."""
    half = [(i, i + 1, 2**63) for i in range(29, 0, -1)]
    monkeypatch.setattr(rng_module, "_shuffle_steps", lambda size: half)
    rng = Rng("rejects")
    items = list(range(30))
    rng.shuffle(items)
    expected, used = _spec_shuffle(_spec_words("rejects", 400), 30, lambda k: 2**63)
    assert items == expected and rng.drawn == used > 29
    assert rng.word() == _spec_words("rejects", 400)[used]


def test_pinned_dice_never_change() -> None:
    """If this fails, every recorded game in the world stops verifying: bump the engine version instead."""
    rng = Rng("vegas")
    assert [rng.die() for _ in range(20)] == PINNED_DICE


PINNED_DICE = [int(c) for c in "11623511623656224435"]


def test_dice_are_uniform() -> None:
    rng = Rng("uniform")
    counts = [0] * 6
    n = 60_000
    for _ in range(n):
        counts[rng.die() - 1] += 1
    chi2 = sum((c - n / 6) ** 2 / (n / 6) for c in counts)
    assert chi2 < 20.5  # p < 0.001 at 5 degrees of freedom; the seed is fixed, so this never flakes


def test_position_restores_exactly() -> None:
    rng = Rng("resume")
    for _ in range(7):
        rng.die()
    twin = Rng("resume", rng.drawn)
    copy = rng.copy()
    assert [rng.word() for _ in range(9)] == [twin.word() for _ in range(9)] == [copy.word() for _ in range(9)]
