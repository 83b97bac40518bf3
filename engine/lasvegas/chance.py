"""Rolling dice from the game's generator (`engine.core.rng.Rng`), one word of its stream per roll.

A roll of `k` dice (k <= 24) is one number `v = rng.below(6 ** k)` written in base 6: die `i` (from 0)
shows `1 + (v // 6**i) % 6`. `below` is exact rejection sampling, so every outcome is equally likely. The
pile is shuffled with `Rng.shuffle` once, as the game starts; nothing else in the game is chance.
"""

from __future__ import annotations

from itertools import product

from engine.core.rng import Rng

Faces = tuple[int, ...]

_CHUNK = 4  # dice decoded at once from a table of every face combination (6**4 entries)
# _FACES[k][v]: the faces of k dice whose base-6 number is v, die 0 the least significant digit.
_FACES: tuple[tuple[Faces, ...], ...] = tuple(
    tuple(tuple(reversed(faces)) for faces in product(range(1, 7), repeat=k)) for k in range(_CHUNK + 1))
_POWERS = tuple(6**k for k in range(25))
# Rng.below(6**k) inlined: words at or above _LIMITS[k] are rejected, the rest taken modulo 6**k.
_LIMITS = tuple((1 << 64) - (1 << 64) % power for power in _POWERS)


def roll(rng: Rng, count: int) -> Faces:
    """`count` dice (at most 24), in order."""
    limit = _LIMITS[count]
    value = rng.word()
    while value >= limit:
        value = rng.word()
    value %= _POWERS[count]
    faces: Faces = ()
    while count > _CHUNK:
        value, low = divmod(value, _POWERS[_CHUNK])
        faces += _FACES[_CHUNK][low]
        count -= _CHUNK
    return faces + _FACES[count][value]
