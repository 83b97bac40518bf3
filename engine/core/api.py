"""The interface every game of the engine implements (Lords of Vegas, Las Vegas).

Modelled on OpenSpiel: one small surface, the same for every game, so the server, the bots, the replayer
and the simulator never need to know which game they drive:

* `Game.new(config)` creates a game and returns it with the events of its set-up (deals, opening rolls).
* `Game.actors(state)` names the seats the game is waiting for (none once it is over);
  `Game.legal_actions(state, seat)` lists what a seat may do now, in a stable order (the first entry of a
  pending decision is its documented default).
  Only a game whose `out_of_turn` is True ever lists actions for a seat it does not wait for.
  Whole-number choices (a bet) come as one `ActionRange` rather than one action per number.
  `Game.kept_legal_actions(state, seat)` gives the same entries as a tuple the game keeps and hands out
  again, the very same object, whenever the same actions are legal (made once, in tables), or None where it
  keeps none: so whoever runs a bot in-process can turn each such tuple into the bot's list once a game.
* `Game.default_action(state, seat)` is what is played for a seat the game waits for when it runs out of
  time (a decision's documented default; on one's turn the least committal move); None for other seats.
* `Game.apply(state, seat, action)` changes the state and returns the events it caused, or raises an
  `IllegalAction` and changes nothing.
* `Game.view(state, seat)` is what that seat may see (`seat=None`: a spectator); `Game.views(state, seats)`
  gives several at once, equal to one `view` each but sharing (as the very same objects) every part they
  have in common, so a server that encodes every viewer's view after each action encodes those parts once.
  `Game.encode(state)` is the canonical, complete state (secrets included) and `Game.state_hash(state)` its
  SHA-256.

States are mutable dataclasses changed only through `apply`. For search bots: `Game.clone(state)` gives a bot
its own cheap copy to search on, `Game.random_action(state, seat, rng)` draws a legal action as choosing
uniformly from `legal_actions` would (with the bot's own generator: the engine keeps none), and
`Game.determinize(view, seat, rng)` draws a full state that shows `seat` exactly `view`, a possible world
that reads nothing the seat cannot see. `Game.sealed(state)` is what an in-process bot's `Turn` computes its
view and legal actions from: a copy sharing the table, its hidden parts (the decks' order, the generator, the
seed until the end) replaced (`engine/core/sealing.py`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from vegas_table.engine.core.canonical import JSONValue


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything that, with the list of actions, determines a game completely."""

    game: str
    rules: str
    players: int
    seed: str
    options: tuple[str, ...] = ()
    cards: str = ""  # Lords of Vegas Underworld: the text of the game's own card file ("": the shipped deck)

    def to_json(self) -> dict[str, JSONValue]:
        data: dict[str, JSONValue] = {
            "game": self.game,
            "rules": self.rules,
            "players": self.players,
            "seed": self.seed,
            "options": list(self.options),
        }
        if self.cards:  # only then: configs without it encode as they always did
            data["cards"] = self.cards
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameConfig:
        return cls(
            game=str(data["game"]),
            rules=str(data["rules"]),
            players=int(data["players"]),
            seed=str(data["seed"]),
            options=tuple(sorted(str(o) for o in data.get("options", ()))),
            cards=str(data.get("cards", "")),
        )


@dataclass(frozen=True, slots=True)
class RuleSetInfo:
    """What a rule set allows: its player counts and a line describing it."""

    name: str
    min_players: int
    max_players: int
    description: str


A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class ActionRange(Generic[A]):
    """A family of legal actions that differ only in one whole number, e.g. every bet from 1 to 40.

    `base` is the action with the number set to `low`; `at(n)` gives the action for any n in [low, high].
    """

    base: A
    field_name: str
    low: int
    high: int

    def at(self, value: int) -> A:
        if not self.low <= value <= self.high:
            raise ValueError(f"{value} is outside {self.low}..{self.high}")
        return dataclasses.replace(self.base, **{self.field_name: value})  # type: ignore[type-var]

    def __contains__(self, action: object) -> bool:
        if type(action) is not type(self.base):
            return False
        value = getattr(action, self.field_name)
        same = dataclasses.replace(self.base, **{self.field_name: value})  # type: ignore[type-var]
        return same == action and self.low <= value <= self.high

    def text(self) -> str:
        words = self.base.text().split()  # type: ignore[attr-defined]
        words[-1] = f"{self.low}..{self.high}"
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winners (several when they share the win) and each seat's standing."""

    winners: tuple[int, ...]
    standings: tuple[Mapping[str, int], ...]
    reason: str

    def share(self, seat: int) -> float:
        """The fraction of one win that `seat` earned: 1/len(winners) if it is a winner, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "winners": list(self.winners),
            "standings": [dict(s) for s in self.standings],
            "reason": self.reason,
        }


class Event:
    """Something that happened, as plain data. Subclasses add fields; `kind` names the class in records.

    Every subclass is a slots dataclass (hence the declaration below). The base itself is a plain class, so
    that a game may choose how its events are kept immutable: frozen dataclasses (Lords of Vegas), or `Final`
    fields the type checker enforces, which are cheaper to build (Las Vegas, `engine/lasvegas/events.py`).
    """

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    kind: ClassVar[str] = "event"

    def to_json(self) -> dict[str, JSONValue]:
        """The event as a JSON-ready dict: `kind` then every field (tuples become lists).

        Verifying a replay converts every event of every record, so this is on a hot path: field names are
        looked up once per class, and plain values (numbers, strings, booleans, tuples of them) are copied
        without asking whether each one is a dataclass.
        """
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        data: dict[str, JSONValue] = {"kind": self.kind}
        for name in names:
            data[name] = _jsonable(getattr(self, name))
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_SCALARS = frozenset({int, str, bool, type(None)})


def _jsonable(value: Any) -> JSONValue:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [_jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


class RandomSource(Protocol):
    """The part of `random.Random` the engine may be handed to choose with (the engine itself keeps no
    generator: a bot passes its own, so its choices are reproducible from the bot's seed)."""

    def randrange(self, start: int, stop: int | None = ..., step: int = ...) -> int: ...
    def randint(self, a: int, b: int) -> int: ...
    def getrandbits(self, k: int, /) -> int: ...


S = TypeVar("S")


class Game(Protocol[S]):
    """The rules of one game: functions over its state. See the module docstring."""

    name: str
    title: str
    rule_sets: Mapping[str, RuleSetInfo]
    options: Sequence[str]
    # Whether a seat the game does not wait for (`actors`) may ever have legal actions (Lords of Vegas: the
    # answers to a trade); where none may, whoever runs the seats asks only the actors.
    out_of_turn: bool

    def new(self, config: GameConfig) -> tuple[S, list[Event]]: ...
    def config(self, state: S) -> GameConfig: ...
    def actors(self, state: S) -> tuple[int, ...]: ...
    def legal_actions(self, state: S, seat: int) -> list[Any]: ...
    def kept_legal_actions(self, state: S, seat: int) -> tuple[Any, ...] | None: ...
    def default_action(self, state: S, seat: int) -> Any | None: ...
    def random_action(self, state: S, seat: int, rng: RandomSource) -> Any: ...
    def apply(self, state: S, seat: int, action: Any) -> list[Event]: ...
    def parse_action(self, text: str) -> Any: ...
    def is_over(self, state: S) -> bool: ...
    def result(self, state: S) -> Result | None: ...
    def view(self, state: S, seat: int | None) -> dict[str, JSONValue]: ...
    def determinize(self, view: Mapping[str, Any], seat: int, rng: RandomSource) -> S: ...
    def views(self, state: S, seats: Sequence[int | None]) -> list[dict[str, JSONValue]]: ...
    def encode(self, state: S) -> dict[str, JSONValue]: ...
    def decode(self, data: Mapping[str, Any]) -> S: ...
    def state_hash(self, state: S) -> str: ...
    def clone(self, state: S) -> S: ...
    def sealed(self, state: S) -> S: ...
    def seat_names(self, config: GameConfig) -> tuple[str, ...]: ...
    def describe(self, event: Event, names: Sequence[str]) -> str: ...
    def turn_number(self, state: S) -> int: ...
