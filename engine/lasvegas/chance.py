"""Rolling dice from the game's generator (`engine.core.rng.Rng`), one word of its stream per roll.

A roll of `k` dice (k <= 24) is one number `v = rng.below(6 ** k)` written in base 6: die `i` (from 0)
shows `1 + (v // 6**i) % 6`. `below` is exact rejection sampling, so every outcome is equally likely. The
pile is shuffled with `Rng.shuffle` once, as the game starts; nothing else in the game is chance.

`draw` is the number, `faces_of` reads it; a hand's plain dice are its low digits (`v % 6**plain`) and its
special dice the high ones (`v // 6**plain`), so `dice.roll_hand` reads the two parts apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from vegas_table.engine.core.rng import Rng

Faces = tuple[int, ...]

_CHUNK = 4  # dice decoded at once from a table of every face combination (6**4 entries)
_CHUNK_POWER = 6**_CHUNK
# _FACES[k][v]: the faces of k dice whose base-6 number is v, die 0 the least significant digit;
# _SHOWN[k][v]: the numbers those faces show, as a mask (bit n set when a die shows n).
_FACES: tuple[tuple[Faces, ...], ...] = tuple(
    tuple(tuple(reversed(faces)) for faces in product(range(1, 7), repeat=k)) for k in range(_CHUNK + 1))
_SHOWN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum({1 << face for face in faces}) for faces in table) for table in _FACES)
POWERS: tuple[int, ...] = tuple(6**k for k in range(25))
# Rng.below(6**k)'s limits: words at or above LIMITS[k] are rejected, the rest taken modulo 6**k.
LIMITS = tuple((1 << 64) - (1 << 64) % power for power in POWERS)


def roll(rng: Rng, count: int) -> tuple[Faces, int]:
    """`count` dice (at most 24), in order, and the numbers they show as a mask (bit n: some die shows n)."""
    return faces_of(draw(rng, count), count)


def draw(rng: Rng, count: int) -> int:
    """A roll of `count` dice as one number below 6**count (`rng.below(6 ** count)`, its limit from `LIMITS`).
    (`dice.roll_hand`, which rolls every turn, writes it out.)"""
    return rng.word_below(LIMITS[count]) % POWERS[count]


def faces_of(value: int, count: int) -> tuple[Faces, int]:
    """The faces of the `count` dice whose roll is `value` (die i is digit i in base 6), and their mask.

    Every turn rolls, so the faces and the mask come from tables, four dice at a time, and the mask saves the
    caller a set of the faces (`legal.place_options` is indexed by it).
    """
    if count <= _CHUNK:
        return _FACES[count][value], _SHOWN[count][value]
    value, low = divmod(value, _CHUNK_POWER)
    faces, shown = _FACES[_CHUNK][low], _SHOWN[_CHUNK][low]
    count -= _CHUNK
    while count > _CHUNK:  # beyond 8 dice
        value, low = divmod(value, _CHUNK_POWER)
        faces, shown = faces + _FACES[_CHUNK][low], shown | _SHOWN[_CHUNK][low]
        count -= _CHUNK
    return faces + _FACES[count][value], shown | _SHOWN[count][value]


def shown_mask(faces: Iterable[int]) -> int:
    """The mask `roll` gives for `faces` (bit n set when a die shows n), for a roll known only by its faces."""
    return sum({1 << face for face in faces})
