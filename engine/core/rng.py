"""The engine's one source of chance: SHA-256 in counter mode.

Python's `random` does not promise the same shuffle across versions, so the engine carries its own generator,
specified here precisely enough to re-implement in any language (docs/RNG.md repeats it):

* The seed is text, encoded as UTF-8 bytes `S`.
* Block `i` (i = 0, 1, 2, ...) is `SHA-256(b"vegas-rng-v1\\x00" + S + i.to_bytes(8, "big"))`: 32 bytes,
  read as four unsigned 64-bit big-endian words. Word `n` of the stream is word `n % 4` of block `n // 4`.
* `below(k)`: take words `w` until `w < 2**64 - (2**64 % k)`, then return `w % k` (rejection sampling,
  so every value is exactly equally likely).
* `die()`: `1 + below(6)`.
* `shuffle(items)`: Fisher-Yates from the end: for `i` from `len - 1` down to `1`, `j = below(i + 1)`,
  swap items `i` and `j`.

The whole state of the generator is the seed and the number of words drawn, which makes it trivial to save
and restore exactly. SHA-256 also makes the stream unpredictable without the seed, which the seed commitment
of a game relies on.
"""

from __future__ import annotations

import hashlib
import struct
from functools import lru_cache
from typing import Any

_DOMAIN = b"vegas-rng-v1\x00"
_TWO_64 = 1 << 64
_WORDS = struct.Struct(">4Q")
_INDEX = struct.Struct(">Q")
_DIE_LIMIT = _TWO_64 - _TWO_64 % 6  # below(6)'s rejection limit


@lru_cache(maxsize=16)
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of shuffling `size` items: (i, k = i + 1, below(k)'s rejection limit `2**64 - 2**64 % k`),
    from the end. Games shuffle piles of the same few sizes, so the last few are kept."""
    return tuple((i, i + 1, _TWO_64 - _TWO_64 % (i + 1)) for i in range(size - 1, 0, -1))


class Rng:
    """A seeded, version-independent stream of 64-bit words, dice and shuffles."""

    __slots__ = ("_buffer", "_hasher", "drawn", "seed")

    def __init__(self, seed: str, drawn: int = 0) -> None:
        self.seed = seed
        # SHA-256 with the domain and seed already absorbed: each block copies it and adds only the index,
        # which costs a third less than hashing the whole prefix again.
        self._hasher = hashlib.sha256(_DOMAIN + seed.encode("utf-8"))
        self.drawn = 0
        self._buffer: tuple[int, ...] = ()
        self.skip(drawn)

    def skip(self, words: int) -> None:
        """Advance the stream by `words` words, as if they had been drawn."""
        self.drawn += words
        self._buffer = self._block(self.drawn // 4) if self.drawn % 4 else ()

    def _block(self, index: int) -> tuple[int, ...]:
        hasher = self._hasher.copy()
        hasher.update(_INDEX.pack(index))
        return _WORDS.unpack(hasher.digest())

    def word(self) -> int:
        """The next unsigned 64-bit word of the stream."""
        position = self.drawn % 4
        if position == 0:
            self._buffer = self._block(self.drawn // 4)
        self.drawn += 1
        return self._buffer[position]

    def below(self, k: int) -> int:
        """A uniformly distributed whole number in [0, k)."""
        if k <= 0:
            raise ValueError(f"below({k}): k must be positive")
        return self.word_below(_TWO_64 - (_TWO_64 % k)) % k

    def word_below(self, limit: int) -> int:
        """The next word of the stream below `limit`, those at or above it skipped: `below`'s rejection step,
        for callers that keep the limits of the few `k` they draw from (`lasvegas.chance`). `word` is
        written out: every roll of a game of Las Vegas is one of these, and the call cost more than it does."""
        while True:
            drawn = self.drawn
            position = drawn % 4
            if position == 0:
                self._buffer = self._block(drawn // 4)
            self.drawn = drawn + 1
            w = self._buffer[position]
            if w < limit:
                return w

    def die(self) -> int:
        """One roll of a six-sided die: 1 to 6 (`1 + below(6)`, written out: games roll dice all the time)."""
        while True:
            w = self.word()
            if w < _DIE_LIMIT:
                return 1 + w % 6

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle `items` in place (Fisher-Yates from the end).

        Exactly `j = self.below(i + 1)` for each `i`, written out: a game's set-up shuffles a whole pile, and
        calls cost more than the arithmetic. The words come from `_take` in one go, one a step; a rejected
        word (about one shuffle in 10**15) sends the rest of the shuffle word by word (`_shuffle_on`) from
        the word after it.
        """
        count = len(items) - 1
        if count < 1:
            return
        first = self.drawn
        for (i, k, limit), w in zip(_shuffle_steps(count + 1), self._take(count), strict=True):
            if w >= limit:
                self.skip(first + count - i + 1 - self.drawn)  # back to the word after the rejected one
                self._shuffle_on(items, count - i)
                return
            j = w % k
            items[i], items[j] = items[j], items[i]

    def _shuffle_on(self, items: list[Any], step: int) -> None:
        """The steps of `shuffle` from `step` (0: the first) on, each drawing its words from the stream."""
        for i, k, limit in _shuffle_steps(len(items))[step:]:
            j = self.word_below(limit) % k
            items[i], items[j] = items[j], items[i]

    def _take(self, count: int) -> list[int]:
        """The next `count` words of the stream at once, exactly as `count` calls of `word()` give them."""
        first, end = self.drawn, self.drawn + count
        words: list[int] = []
        for index in range(first // 4, (end + 3) // 4):
            words += self._block(index)
        self.drawn = end
        self._buffer = tuple(words[-4:]) if end % 4 else ()
        return words[first % 4:first % 4 + count]

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.seed, twin._hasher, twin.drawn, twin._buffer = self.seed, self._hasher, self.drawn, self._buffer
        return twin

    def __repr__(self) -> str:
        return f"Rng(seed=<{len(self.seed)} chars>, drawn={self.drawn})"
