"""search and OpenSpiel's IS-MCTS at one time budget a decision, for the equal-budget table of docs/BOTS.md
(`--lineup tests.bots.budget:Search,tests.bots.budget:ISMCTS`, run with PYTHONPATH=.; needs the openspiel
extra)."""

from __future__ import annotations

from vegas_table.bots.openspiel import ISMCTSBot
from vegas_table.bots.search import SearchBot

MILLIS = 250.0


class Search(SearchBot):
    name = "search"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed, millis=MILLIS)


class ISMCTS(ISMCTSBot):
    name = "ismcts"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed, millis=MILLIS)
