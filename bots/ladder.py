"""The bot ladder a player chooses from: `easy`, `medium` and `hard`, the same words in both games.

Each rung names, per game, the built-in bot it plays: the strongest measured within the rung's time per
decision (`TIME_PER_DECISION`, its 95th percentile on the machine the ladder was chosen on), by tournaments
against the rung below (docs/BENCHMARKS.md, Strength; docs/BOTS.md says which steps they show). `make bench`'s
ladder suite plays the rungs against each other and against greedy and times their decisions
(docs/BENCHMARKS.md), so a change of rung is a change of this table and a new measurement. A rung plays its
game's bot seeded as the rung is, so a game of `hard` is move for move the game of the bot it names. The
developer names (`greedy`, `search@...`) stay for `vegas simulate`, `tournament` and `bot`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from vegas_table.bots.base import Bot, Choice, GameInfo, Turn

RANDOM = "random"  # not a rung: the bot that plays any legal action, for tests and first games
LADDER: dict[str, dict[str, str]] = {
    "easy": {"lasvegas": "greedy", "lords": "greedy"},
    "medium": {"lasvegas": "search", "lords": "greedy@deals"},
    "hard": {"lasvegas": "search@1000", "lords": "search"},
}
TIME_PER_DECISION: dict[str, float] = {"easy": 0.1, "medium": 0.5, "hard": 2.0}  # seconds, 95th percentile

Maker = Callable[[str, str], Bot]  # (bot name, seed) -> a fresh bot: the registry's `make_bot`


def ladder_names() -> list[str]:
    """What a player chooses from, easiest first: random, then the rungs."""
    return [RANDOM, *LADDER]


def rung_specs() -> set[str]:
    """Every developer name some rung plays (`greedy@deals`): the settings a server may seat."""
    return {spec for games in LADDER.values() for spec in games.values()}


def rung_class(rung: str, make: Maker) -> type[Bot]:
    """The Bot class of `rung`, whose bots are made by `make` (given as a function so that this module needs
    no registry)."""
    games = tuple(sorted(LADDER[rung]))
    return type(f"{rung.capitalize()}Bot", (Rung,), {"name": rung, "games": games, "make": staticmethod(make)})


class Rung(Bot):
    """A rung of the ladder: plays the game it sits down to with that game's bot of the rung (`LADDER`)."""

    make: Maker

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.seed = seed
        self.playing: dict[str, Bot] = {}  # game -> its bot, made when first asked
        self.game = ""

    def bot(self, game: str) -> Bot:
        if game not in self.playing:
            spec = LADDER[self.name].get(game)
            if spec is None:
                raise ValueError(f"the {self.name} bot plays {' and '.join(LADDER[self.name])} only, not {game}")
            self.playing[game] = self.make(spec, self.seed)
        self.game = game
        return self.playing[game]

    def on_game_start(self, info: GameInfo) -> None:
        self.bot(info.game).on_game_start(info)

    def choose(self, turn: Turn) -> Choice:
        return self.bot(turn.info.game).choose(turn)

    def reason(self) -> str:
        return self.playing[self.game].reason() if self.game else ""

    def on_game_end(self, view: Mapping[str, Any]) -> None:
        if self.game:
            self.playing[self.game].on_game_end(view)
