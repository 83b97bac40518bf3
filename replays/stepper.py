"""Stepping through a replay: the model behind `vegas replay show`, with no screen in it.

A replay is a list of positions: position 0 is the game after set-up, position n the game after the n-th
action. The stepper re-runs the verified records once (`replays.rerun`), keeping each position's state and
events, so moving anywhere is instant: next and previous, to a record, to the start of a turn, to the next
record holding an event of some kind (`next gamble`). Commands arrive as text (`turn 12`) so the screen and
the tests drive it the same way. A file that fails verification is shown up to its last good record, and
says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from vegas_table.engine.core.api import Event, Game, GameConfig
from vegas_table.engine.core.match import Match
from vegas_table.engine.registry import get_game
from vegas_table.replays.format import Replay
from vegas_table.replays.rerun import ReplayVisitor, rerun
from vegas_table.replays.verify import VerificationReport, verify_replay


@dataclass(frozen=True, slots=True)
class Position:
    """The game after record `seq` (0: after set-up): who did what, what happened, and the state."""

    seq: int
    turn: int
    seat: int | None
    action: str | None
    events: tuple[Event, ...]
    state: Any
    by: str = ""  # the server's bot that played the action for the seat's absent player, if one did


@dataclass(frozen=True, slots=True)
class Standing:
    """One player at a position: money and, in games that keep one, score."""

    name: str
    money: int
    score: int | None


class StepperError(ValueError):
    """The replay cannot be shown at all (its header does not verify)."""


# The stepper's commands, one entry each: a list where a list is shown (vegas replay show --help), one line
# where a line is (the viewer's message, an unknown command's answer).
COMMANDS: tuple[tuple[str, str], ...] = (
    ("next | n | →", "the next record"), ("previous | p | ←", "the one before"),
    ("turn N | t N", "the record that starts turn N"), ("record N | r N", "record N of the file (0: the set-up)"),
    ("next KIND | previous KIND", "the next or previous gamble, trade, tie, build, ..."),
    ("start", "the set-up"), ("end", "the last record"), ("quit | q", "leave"))
HELP = "   ".join(command for command, _ in COMMANDS) + "   (KIND: gamble, trade, tie, build, ...)"


class ReplayStepper:
    """Positions of a verified replay and a cursor over them."""

    def __init__(self, replay: Replay, report: VerificationReport | None = None) -> None:
        self.report = report if report is not None else verify_replay(replay)
        if self.report.config is None or (self.report.problem is not None and self.report.problem.seq == 0):
            what = self.report.problem.what if self.report.problem else "no game in it"
            raise StepperError(f"{replay.source} cannot be shown: {what}")
        self.replay = replay
        self.config: GameConfig = self.report.config
        self.game: Game[Any] = get_game(self.config.game)
        self.names: list[str] = replay.names
        self.positions: list[Position] = self._positions(replay, self.report.actions)
        self.index = 0

    def _positions(self, replay: Replay, good: int) -> list[Position]:
        """Re-run the first `good` action records (those that verified), keeping every position."""
        return rerun(replace(replay, actions=replay.actions[:good], end=None, lines=replay.lines[:good + 1]),
                     _Positions())

    # --- where we are ------------------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self.positions[self.index]

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    def view(self) -> dict[str, Any]:
        """What a spectator sees at this position."""
        return self.game.view(self.position.state, None)

    def standings(self) -> list[Standing]:
        seats = self.view()["seats"]
        return [Standing(self.names[s], int(seat["money"]), int(seat["score"]) if "score" in seat else None)
                for s, seat in enumerate(seats)]

    def log(self) -> list[str]:
        """The current record's events, as sentences."""
        return [self.game.describe(event, self.names) for event in self.position.events]

    def caption(self) -> str:
        """One line saying where we are: `record 37/134 · turn 9 · Red: gamble B4 10`."""
        p = self.position
        doing = f"{self.names[p.seat]}: {p.action}" if p.seat is not None else "set-up"
        if p.by:
            doing += f" (played by the {p.by} bot standing in)"
        return f"record {p.seq}/{self.positions[-1].seq} · turn {p.turn} · {doing}"

    # --- moving ------------------------------------------------------------------------------------------

    def go(self, index: int) -> bool:
        """Move to position `index` if it exists."""
        if not 0 <= index <= self.last:
            return False
        self.index = index
        return True

    def next(self) -> bool:
        return self.go(self.index + 1)

    def previous(self) -> bool:
        return self.go(self.index - 1)

    def to_turn(self, turn: int) -> bool:
        """Move to the first position of `turn` (the record that started it)."""
        return self._seek(range(self.last + 1), lambda p: p.turn >= turn) and self.position.turn == turn

    def to_event(self, word: str, forward: bool = True) -> bool:
        """Move to the next (or previous) position whose action or events match `word` (see `matches`)."""
        order = range(self.index + 1, self.last + 1) if forward else range(self.index - 1, -1, -1)
        return self._seek(order, lambda p: matches(p, word))

    def _seek(self, order: Sequence[int] | range, wanted: Any) -> bool:
        for index in order:
            if wanted(self.positions[index]):
                self.index = index
                return True
        return False

    # --- commands ----------------------------------------------------------------------------------------

    def command(self, text: str) -> str:
        """Carry out one typed command; return what to tell the viewer (empty: nothing to say)."""
        words = text.lower().split()
        if not words:
            return ""
        verb, rest = words[0], words[1:]
        if verb in ("n", "next", "p", "prev", "previous") and rest:
            forward = verb in ("n", "next")
            found = self.to_event(rest[0], forward)
            return "" if found else f"no {'later' if forward else 'earlier'} record with {rest[0]!r}"
        if verb in ("n", "next"):
            return "" if self.next() else "this is the last record"
        if verb in ("p", "prev", "previous"):
            return "" if self.previous() else "this is the set-up: nothing before it"
        if verb in ("start", "first", "home"):
            self.go(0)
            return ""
        if verb in ("end", "last"):
            self.go(self.last)
            return ""
        if verb in ("t", "turn", "r", "record") and len(rest) == 1 and rest[0].isdigit():
            number = int(rest[0])
            if verb in ("t", "turn"):
                return "" if self.to_turn(number) else f"there is no turn {number} (turns 1-{self.positions[-1].turn})"
            return "" if self.go(number) else f"there is no record {number} (records 0-{self.last})"
        return f"unknown command {text.strip()!r}; commands: {HELP}"


class _Positions(ReplayVisitor[list[Position]]):
    """Every position a re-run passes through, each with its own copy of the state."""

    def __init__(self) -> None:
        self.positions: list[Position] = []

    def visit_record(self, line: int, record: Mapping[str, Any], match: Match, events: list[Event]) -> None:
        if record["type"] == "end":
            return
        game, acted = match.game, record["type"] == "action"
        self.positions.append(Position(line - 1, game.turn_number(match.state), record["seat"] if acted else None,
                                       record["action"] if acted else None, tuple(events), game.clone(match.state),
                                       record.get("by", "") if acted else ""))

    def result(self) -> list[Position]:
        return self.positions


ALIASES = {"build": ("built",), "tie": ("boss_tie",), "trade": ("trade_",), "roll": ("dice_rolled",)}


def matches(position: Position, word: str) -> bool:
    """Whether `word` names this position's action (its verb) or the kind of one of its events.

    A word matches an event kind it begins, or any part of it (`gamble` → gambled, `tie` → boss_tie,
    `merge` → casinos_merged), so people type the game's words and not the engine's.
    """
    word = word.lower()
    if position.action is not None and position.action.split()[0] == word:
        return True
    prefixes = (word, *ALIASES.get(word, ()))
    for event in position.events:
        kind = event.kind
        if any(kind.startswith(p) for p in prefixes) or any(part.startswith(word) for part in kind.split("_")):
            return True
    return False
