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
        option = options[self.rng.randrange(count)]  # the draw `rng.choice(options)` makes
        if option.low is not None and option.high is not None:
            return option.at(self.rng.randint(option.low, option.high))
        return option
