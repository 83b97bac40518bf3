"""Greedy that never acquires or uses an Underworld card: what greedy with its card rules is measured against
(docs/BOTS.md, Measured: `--lineup greedy,tests.bots.nocards:NoCards`, run with PYTHONPATH=.)."""

from __future__ import annotations

from vegas_table.bots.base import Choice, Turn
from vegas_table.bots.greedy import GreedyBot


class NoCards(GreedyBot):
    name = "nocards"

    def choose(self, turn: Turn) -> Choice:
        legal = [o for o in turn.legal if not o.text.startswith(("acquire ", "use "))]
        return super().choose(Turn(turn.info, turn.version, turn.view, legal, turn.time_limit))
