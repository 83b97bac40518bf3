"""The bot SDK: what a bot is, and all it is given.

A bot is a class with one method, `choose(turn)`. A `Turn` holds only what the bot's seat may see: the
seat's view (the very dict `Game.view(state, seat)` gives, which is also what the server streams to that
seat) and the seat's legal actions. It never holds the state: in-process, where both are computed on first
use, they are made from the state sealed (`Game.sealed`: the deck orders, the generator and the seed
replaced), so nothing a bot is handed, followed reference by reference, reaches the deck order or the
dice generator's seed: bots are honest by construction (tests/bots/test_honesty.py plays a bot that tries,
on every path). Only the project's own bots (`vegas_table.bots`, honest by their code) are spared the
seal's copy in `vegas simulate` and tournaments (`bots.local.SeatAsker`). A bot in the same process could
still search the interpreter itself (`gc`, frames): untrusted bots play from their own process, with
`vegas bot`. Because the view and the legal actions are the
same in-process and over the network, one class runs unchanged in `vegas simulate`, in the server's own
bot seats and remotely with `vegas bot`.

A bot gets its own `random.Random`, seeded by whoever runs it, so simulations are reproducible (in-process,
from a one-way digest of the game's seed and the seat, `bots.seeds`; on the server, from the public game id). (Bots are
players, not rules: their choices are recorded as actions, so replays never depend on a bot's generator.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from vegas_table.engine.core.api import ActionRange


class LegalAction:
    """One entry of a seat's legal actions: its canonical text, and `low`..`high` when its last word is a
    number to choose (a bet; the text then shows the range, `gamble B4 1..20`).

    In-process it also carries the engine's own action (`action`, an action or an `ActionRange`), so that
    choosing it costs no parsing and its text is only written if someone reads it; over the network it is
    built from the server's `LegalAction` message and `action` is None.
    """

    __slots__ = ("_text", "action", "high", "low")

    def __init__(self, text: str | None = None, low: int | None = None, high: int | None = None,
                 action: Any = None) -> None:
        if text is None and action is None:
            raise ValueError("a legal action needs its text or its engine action")
        self._text = text
        self.low = low
        self.high = high
        self.action = action

    @classmethod
    def of(cls, option: Any) -> LegalAction:
        """One entry of `Game.legal_actions`: an engine action, or an `ActionRange` of them."""
        if isinstance(option, ActionRange):
            return cls(None, option.low, option.high, option)
        return cls(None, None, None, option)

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = str(self.action.text())
        return self._text

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None

    def at(self, amount: int) -> LegalAction:
        """The concrete action of a range for `amount` (ValueError outside `low`..`high` or for no range)."""
        if self.low is None or self.high is None:
            raise ValueError(f"{self.text} is not a range of numbers")
        if not self.low <= amount <= self.high:
            raise ValueError(f"{amount} is outside {self.low}..{self.high} for {self.text}")
        if isinstance(self.action, ActionRange):
            return LegalAction(None, None, None, self.action.at(amount))
        words = self.text.split()
        words[-1] = str(amount)
        return LegalAction(" ".join(words))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        bounds = f", {self.low}..{self.high}" if self.is_range else ""
        return f"LegalAction({self.text!r}{bounds})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalAction):
            return NotImplemented
        return (self.text, self.low, self.high) == (other.text, other.low, other.high)

    def __hash__(self) -> int:
        return hash((self.text, self.low, self.high))


Choice = str | LegalAction  # what `Bot.choose` returns: one of `turn.legal` (or `.at(n)` of a range), or its text


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a bot learns when it sits down: which game, and its seat; and, where whoever runs it knows, which
    seats people play (`people`: the server's own bot seats are told, each turn anew, since a bot may stand in
    for an absent player). A person reads an offer and types an answer while the table waits, so a bot that
    trades keeps table manners with them (`bots.lords.manners`); empty: none known, every seat dealt with as a
    bot (in-process games, where every seat is one)."""

    game: str
    rules: str
    players: int
    options: tuple[str, ...]
    seat: int
    people: frozenset[int] = frozenset()


TIME_SHARE = 0.8  # of a turn's time limit that a searching bot's decision may spend: the rest is a margin
TIME_MARGIN = 0.05  # seconds more kept back (the choice's way to the server)
TOO_LATE = 0.05  # seconds: with less than this to spend, a searching bot plays its quick choice unsearched


def sooner(*times: float | None) -> float | None:
    """The earliest of `times` that are given (None: none is): a search's own budget and its turn's deadline."""
    given = [t for t in times if t is not None]
    return min(given) if given else None


class Turn:
    """A decision a bot is asked to make: its seat's view and legal actions at one version, nothing else.

    `view` and `legal` may be given as values (a remote bot has them from the server) or as functions that
    compute them on first use (in-process, where a bot that never reads the view should not pay for it).
    The decision or trade offer at hand is part of the view (Lords of Vegas: `view["pending"]` and
    `view["trades"]`; Las Vegas: `view["pending"]`); its answers are among the legal actions, the
    documented default first.
    """

    __slots__ = ("_legal", "_view", "info", "time_limit", "version")

    def __init__(self, info: GameInfo, version: int,
                 view: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
                 legal: Sequence[LegalAction] | Callable[[], Sequence[LegalAction]],
                 time_limit: float | None = None) -> None:
        self.info = info
        self.version = version
        self._view = view
        self._legal = legal
        self.time_limit = time_limit  # seconds the game allows for this decision; None: no limit

    @property
    def seat(self) -> int:
        return self.info.seat

    def deadline(self, started: float) -> float | None:
        """The `time.perf_counter()` time by which a bot that searches should have chosen, for a decision
        begun at `started`: `TIME_SHARE` of the time limit, less `TIME_MARGIN` (None: the turn has no limit)."""
        return None if self.time_limit is None else started + TIME_SHARE * self.time_limit - TIME_MARGIN

    @property
    def view(self) -> Mapping[str, Any]:
        if callable(self._view):
            self._view = self._view()
        return self._view

    @property
    def legal(self) -> Sequence[LegalAction]:
        if callable(self._legal):
            self._legal = self._legal()
        return self._legal


class Bot:
    """Subclass this: set `name`, write `choose`. The hooks are optional.

    A bot must return one of its turn's legal actions (or a range's `.at(n)`, or the text of one). The
    constructor takes the bot's seed (a string); `self.rng` is the bot's own generator, seeded from it.
    """

    name: ClassVar[str] = "bot"
    games: ClassVar[tuple[str, ...] | None] = None  # the games it can play; None: any game

    def __init__(self, seed: str = "0") -> None:
        self.rng = random.Random(str(seed))

    @classmethod
    def configured(cls, seed: str, setting: str) -> Bot:
        """The bot with a setting given after its name (`search@200`); ValueError if it takes none (or not
        this one), saying what it takes."""
        raise ValueError(f"the {cls.name} bot takes no setting (@{setting})")

    def choose(self, turn: Turn) -> Choice:
        raise NotImplementedError(f"{type(self).__name__} must define choose(turn)")

    def on_game_start(self, info: GameInfo) -> None:
        """Called once before the bot's first decision in a game."""

    def reason(self) -> str:
        """A few words on why the bot made its last choice, for the table's log: a bot that refuses an offer says
        why (the server's bot seats put it on the refusal's event, `vegas bot` logs it); "" when it has nothing
        to say. Asked right after `choose`."""
        return ""

    def on_game_end(self, view: Mapping[str, Any]) -> None:
        """Called once with the seat's final view (its `result` says who won)."""


def concrete(option: Any, rng: random.Random) -> Any:
    """A concrete engine action from one `Game.legal_actions` entry: an `ActionRange` becomes one of its
    values (for benchmarks and tests that drive the engine directly)."""
    if isinstance(option, ActionRange):
        return option.at(rng.randint(option.low, option.high))
    return option
