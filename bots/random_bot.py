"""The random bot: a uniformly random legal action (bets uniformly random within their range)."""

from __future__ import annotations

from vegas_table.bots.base import Bot, Choice, Turn


class RandomBot(Bot):
    name = "random"

    def choose(self, turn: Turn) -> Choice:
        options = turn.legal
        count = len(options)  # once: in-process, a lazy list's length is a Python call
        if not count:
            raise ValueError(f"seat {turn.seat} has no legal action")
        # `rng.randrange(count)`, the draw `rng.choice(options)` makes, written out as CPython draws it
        # (`Random._randbelow_with_getrandbits`; tests/bots/test_sdk.py checks the two agree): two Python
        # calls fewer on every decision of every simulated game.
        rng, bits = self.rng, count.bit_length()
        index = rng.getrandbits(bits)
        while index >= count:
            index = rng.getrandbits(bits)
        option = options[index]
        if option.low is not None and option.high is not None:
            return option.at(self.rng.randint(option.low, option.high))
        return option
