"""Re-running a replay: the one loop that re-plays a file, with visitor hooks for what each caller makes of it.

`rerun(replay, visitor)` creates the game from the header and re-applies every action record, checking each
record against the rules as it goes: the header's format, config and names; the set-up's and every action's
events and state hash; every action parsed, in canonical form and legal for its seat; the end record's
result and hash. The visitor is told of each record in file order (as python-chess's PGN visitors are told
of each move) and builds what its caller needs: the verifier a report (`replays.verify`), the stepper its
positions (`replays.stepper`), the server the match it resumes (`server.match`). Checks that only one caller
makes (the chain of `prev` hashes, the sequence numbers) stay in that caller's visitor.

The first record that does not re-run as recorded goes to the visitor's `handle_mismatch` as a `Problem`
naming its line; by default it raises `ReplayMismatch`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from vegas_table.engine.core.api import Event, Game, GameConfig
from vegas_table.engine.core.canonical import canonical_bytes, canonical_hash
from vegas_table.engine.core.errors import EngineError
from vegas_table.engine.core.match import Match
from vegas_table.engine.registry import get_game
from vegas_table.replays.diff import Difference, json_diff
from vegas_table.replays.format import FORMAT_VERSION, Replay

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Problem:
    """The first record that does not verify.

    `line` counts from 1 (the header); `seq` is the record's place in the game (0: the header, n: the n-th
    action, n+1: the end). `expected` is what the rules (or the chain) require, `found` what the file says.
    """

    code: str
    line: int
    seq: int
    what: str
    expected: str
    found: str
    differences: tuple[Difference, ...] = ()
    context: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "line": self.line, "seq": self.seq, "what": self.what,
                "expected": self.expected, "found": self.found, "context": self.context,
                "differences": [d.to_json() for d in self.differences]}


class ReplayMismatch(ValueError):
    """A record that does not re-run as recorded. The message names the file, the line, what is wrong and
    the action; never the states (`problem` holds the rest, which may show hidden cards)."""

    def __init__(self, problem: Problem, source: str = "replay") -> None:
        where = f" ({problem.context})" if problem.context else ""
        super().__init__(f"{source}:{problem.line}: {problem.what}{where}")
        self.problem = problem
        self.line = problem.line


class ReplayVisitor(ABC, Generic[T]):
    """What a caller makes of a re-run. Every hook but `result` does nothing unless overridden; a hook may
    raise `ReplayMismatch` for a check of its own, which ends the re-run like any other mismatch.

    Hooks come in file order: `begin_game`, then for each record `begin_record` and (once it re-ran as
    recorded) `visit_record`, then `end_game`. `match` is the game being re-run: never keep its state past
    the hook without cloning it, the next record changes it.
    """

    def begin_game(self, replay: Replay) -> None:
        """Before anything is checked."""

    def begin_record(self, line: int, record: Mapping[str, Any], match: Match) -> None:
        """Before record `line` is checked: for the header, after the set-up it records was made; for an
        action, before it is applied; for the end record, after the last action."""

    def visit_record(self, line: int, record: Mapping[str, Any], match: Match, events: list[Event]) -> None:
        """Record `line` re-ran as recorded: `match` is the game after it, `events` what it caused (none for
        the end record)."""

    def end_game(self, match: Match) -> None:
        """Every record re-ran (the file may have no end record: a game still running)."""

    def handle_mismatch(self, problem: Problem, source: str) -> None:
        """The first record that does not re-run as recorded; the re-run stops there. Raises `ReplayMismatch`
        unless overridden; if this returns, `rerun` returns `result()` from what the visitor was told before
        that record (the match itself may hold that record's changes already)."""
        raise ReplayMismatch(problem, source)

    @abstractmethod
    def result(self) -> T:
        """What `rerun` returns."""


OnPosition = Callable[[Match, list[Event], str], None]


class MatchBuilder(ReplayVisitor[Match]):
    """The match as the file leaves it, ready to play on (as python-chess's BoardBuilder gives the board).

    `on_position`, if given, sees the match after its set-up and after each action, with the events that
    made that position and its (checked) state hash: a server resuming a game rebuilds its recent views so.
    """

    def __init__(self, on_position: OnPosition | None = None) -> None:
        self.on_position = on_position
        self.match: Match | None = None

    def begin_record(self, line: int, record: Mapping[str, Any], match: Match) -> None:
        self.match = match

    def visit_record(self, line: int, record: Mapping[str, Any], match: Match, events: list[Event]) -> None:
        if self.on_position is not None and record["type"] != "end":
            self.on_position(match, events, record["hash"])

    def result(self) -> Match:
        if self.match is None:
            raise ValueError("the replay's game was never created")
        return self.match


class _Stop(Exception):
    """The visitor handled a mismatch without raising: the re-run ends there."""


def rerun(replay: Replay, visitor: ReplayVisitor[T]) -> T:
    """Re-run `replay` record by record, telling `visitor` of each; return `visitor.result()`."""
    with suppress(_Stop):
        _Rerun(replay, visitor).run()
    return visitor.result()


class _Rerun:
    """One pass over a replay, telling its visitor of each record and handing it the first mismatch."""

    def __init__(self, replay: Replay, visitor: ReplayVisitor[Any]) -> None:
        self.replay, self.visitor = replay, visitor
        self.names = replay.names

    def mismatch(self, code: str, line: int, seq: int, what: str, expected: str, found: str,
                 differences: list[Difference] | tuple[Difference, ...] = (), context: str = "") -> _Stop:
        """Hand the problem to the visitor; what to raise if the visitor returns."""
        self.visitor.handle_mismatch(Problem(code, line, seq, what, expected, found, tuple(differences), context),
                                     self.replay.source)
        return _Stop()

    def run(self) -> None:
        self.visitor.begin_game(self.replay)
        match = self.start()
        for seq, record in enumerate(self.replay.actions, 1):
            self.visitor.begin_record(seq + 1, record, match)
            self.action(match, seq, record)
        if self.replay.end is not None:
            self.end(match, self.replay.end)
        self.visitor.end_game(match)

    # --- the header -------------------------------------------------------------------------------------

    def start(self) -> Match:
        header = self.replay.header
        if header["format"] != FORMAT_VERSION:
            raise self.mismatch("format_version", 1, 0, "this replay format is not supported",
                                f"format {FORMAT_VERSION}", f"format {header['format']}")
        config = self.config(header["config"])
        try:
            match = Match(get_game(config.game), config)
        except EngineError as error:
            raise self.mismatch("config", 1, 0, "the header's game cannot be created", "a valid game configuration",
                                error.message) from None
        self.visitor.begin_record(1, header, match)
        if len(self.names) != config.players:
            raise self.mismatch("names", 1, 0, "the header names a different number of players",
                                f"{config.players} names", f"{len(self.names)} names")
        self.check_events(header, match.opening, 1, 0, lambda: "set-up")
        self.check_hash(match, header, 1, 0, lambda: "set-up")
        self.visitor.visit_record(1, header, match, match.opening)
        return match

    def config(self, data: Mapping[str, Any]) -> GameConfig:
        try:
            config = GameConfig.from_json(data)
        except (KeyError, TypeError, ValueError) as error:
            raise self.mismatch("config", 1, 0, "the header's config is incomplete",
                                "game, rules, players, seed and options", f"{type(error).__name__}: {error}") from None
        if canonical_bytes(config.to_json()) != canonical_bytes(dict(data)):
            raise self.mismatch("config", 1, 0, "the header's config is not in canonical form",
                                str(config.to_json()), str(dict(data)))
        return config

    # --- action records ---------------------------------------------------------------------------------

    def action(self, match: Match, seq: int, record: Mapping[str, Any]) -> None:
        game, line = match.game, seq + 1
        text, seat, turn = record["action"], record["seat"], game.turn_number(match.state)

        def context() -> str:  # only said when something fails: re-running must stay fast
            return f"turn {turn}, {self.name(seat)}: {text}"
        try:
            action = game.parse_action(text)
        except EngineError as error:
            raise self.mismatch("malformed_action", line, seq, "the action is not an action of this game",
                                f"an action of {game.title}", error.message, context=context()) from None
        if action.text() != text:
            raise self.mismatch("not_canonical", line, seq, "the action is not written in canonical form",
                                action.text(), text, context=context())
        try:
            events = match.play(seat, action)
        except EngineError as error:
            raise self.mismatch("illegal_action", line, seq, "the rules refuse this action",
                                f"an action legal for seat {seat} here", error.message, context=context()) from None
        self.check_events(record, events, line, seq, context)
        self.check_hash(match, record, line, seq, context)
        self.visitor.visit_record(line, record, match, events)

    def name(self, seat: Any) -> str:
        names = self.names
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"

    # --- what every record carries ----------------------------------------------------------------------

    def check_events(self, record: Mapping[str, Any], events: list[Event], line: int, seq: int,
                     context: Callable[[], str]) -> None:
        replayed = [e.to_json() for e in events]
        if replayed != record["events"]:
            differences = json_diff({"events": replayed}, {"events": record["events"]})
            raise self.mismatch("events", line, seq, "re-applying gives different events", _kinds(replayed),
                                _kinds(record["events"]), differences, context())

    def check_hash(self, match: Match, record: Mapping[str, Any], line: int, seq: int,
                   context: Callable[[], str]) -> None:
        replayed = match.state_hash()
        recorded_state = record.get("state")
        if recorded_state is not None and canonical_hash(recorded_state) != record["hash"]:
            raise self.mismatch("state", line, seq, "the record's state does not have the record's hash",
                                f"state hash {record['hash']}", f"state hash {canonical_hash(recorded_state)}",
                                context=context())
        if replayed != record["hash"]:
            differences = state_differences(match.game, match.state, recorded_state)
            why = "the state after this record differs" if differences else (
                "the state after this record differs (the events agree, so in something they do not show: "
                "the generator's position, the deck order, ...)")
            raise self.mismatch("hash", line, seq, why, f"hash {replayed}", f"hash {record['hash']}",
                                differences, context())

    # --- the end record ---------------------------------------------------------------------------------

    def end(self, match: Match, end: Mapping[str, Any]) -> None:
        last = len(self.replay.actions)
        line = last + 2
        self.visitor.begin_record(line, end, match)
        if not match.over:
            raise self.mismatch("not_over", line, last + 1, f"an end record, but the game is not over after "
                                f"record {last}", "another action record (or none yet)", "an end record")
        result = match.result
        assert result is not None
        expected = result.to_json()
        if expected != end["result"]:
            raise self.mismatch("result", line, last + 1, "the recorded result is not the game's",
                                str(expected), str(end["result"]), json_diff(expected, end["result"]))
        self.check_hash(match, end, line, last + 1, lambda: "the end")
        self.visitor.visit_record(line, end, match, [])


def _kinds(events: list[Any]) -> str:
    kinds = [str(e.get("kind")) if isinstance(e, dict) else "?" for e in events]
    return f"{len(kinds)} event{'s' if len(kinds) != 1 else ''}" + (f": {', '.join(kinds)}" if kinds else "")


def state_differences(game: Game[Any], replayed: Any, recorded: Mapping[str, Any] | None) -> list[Difference]:
    """How the recorded state differs from the replayed one, in the game's own words where possible.

    Both states are decoded and compared as a spectator sees them (lots and seats by name); if that shows
    nothing (the difference is hidden: deck, generator), the complete encodings are compared instead.
    """
    if recorded is None:
        return []
    encoded = game.encode(replayed)
    try:
        differences = json_diff(game.view(replayed, None), game.view(game.decode(recorded), None))
    except Exception:  # the recorded state is untrusted data: fall back to the raw encodings
        differences = []
    return differences or json_diff(encoded, dict(recorded))
