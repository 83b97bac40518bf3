"""Prove a replay: re-run the game from its header and actions and check every record against the rules.

For each line, in order: it is a well-formed record; it is the record expected next (`seq`); its `prev`
is the SHA-256 of the line before; its action is canonical and legal for its seat; re-applying it gives the
recorded events and the recorded state hash. The end record's result and hash must be the final position's.
The first failure stops the check and is reported with its line, record, what the rules expected, what the
file says and, where the file carries enough to show one, a readable difference.

A file without an end record is a game still running (or whose server died): it is valid up to its last
complete record and reported as in progress, unless the game was already over by then.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import ENGINE_VERSION
from engine.core.api import Event, Game, GameConfig
from engine.core.canonical import canonical_bytes, canonical_hash
from engine.core.errors import EngineError
from engine.registry import get_game
from replays.diff import Difference, json_diff
from replays.fairness import ENTROPY_FAILED, NO_COMMITMENT, SERVER_SEED, FairnessCheck, Reveal, check_fairness
from replays.format import FORMAT_VERSION, Replay, ReplayFormatError, line_hash, parse_lines, split_complete

VERIFIED = "verified"
IN_PROGRESS = "in progress"
BAD = "FAILED"


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


@dataclass
class VerificationReport:
    """What `verify_replay` found: `ok` when every record verifies and no revealed seed contradicts its commitment."""

    source: str
    config: GameConfig | None = None
    names: list[str] = field(default_factory=list)  # players by seat, as the header names them
    engine: str = ""
    actions: int = 0  # action records that verified
    finished: bool = False
    problem: Problem | None = None
    fairness: FairnessCheck = field(default_factory=lambda: FairnessCheck(NO_COMMITMENT, "not checked"))
    result: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    final_state: Any = field(default=None, repr=False)  # the replayed state after the last good record

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def status(self) -> str:
        if not self.ok:
            return BAD
        return VERIFIED if self.finished else IN_PROGRESS

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "status": self.status, "ok": self.ok,
                "config": self.config.to_json() if self.config else None, "names": self.names,
                "engine": self.engine,
                "actions": self.actions, "finished": self.finished, "result": self.result,
                "problem": self.problem.to_json() if self.problem else None,
                "fairness": self.fairness.to_json(), "notes": list(self.notes)}


class _Failed(Exception):
    """Raised inside the check to stop at the first problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.what)
        self.problem = problem


def verify_path(path: Path | str, reveal: Reveal | None = None) -> VerificationReport:
    """Verify a replay file; an unreadable or malformed file is a report with a problem, never an exception."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        problem = Problem("unreadable", 0, 0, "the file cannot be read", "a readable replay file", str(error))
        return VerificationReport(str(path), problem=problem)
    return verify_bytes(data, str(path), reveal)


def verify_bytes(data: bytes, source: str = "replay", reveal: Reveal | None = None) -> VerificationReport:
    """Verify a replay given as bytes (GetReplay's `replay` field, or a file's contents)."""
    lines, torn = split_complete(data)
    try:
        replay = parse_lines(lines, source)
    except ReplayFormatError as error:
        return _report_malformed(lines, source, error, reveal)
    replay.torn_tail = torn
    return verify_replay(replay, reveal)


def _report_malformed(lines: list[bytes], source: str, error: ReplayFormatError, reveal: Reveal | None
                      ) -> VerificationReport:
    """A line that is not a record: report it, unless the records before it already fail."""
    line = error.line or 1
    if line > 2:
        report = _verify(parse_lines(lines[: line - 1], source), reveal, more_follows=True)
        if report.problem is not None:
            return report
    else:
        report = VerificationReport(source)
    message = str(error).split(": ", 1)[-1]
    report.problem = Problem("malformed", line, line - 1, message, "a well-formed record", _excerpt(lines, line))
    report.finished = False
    return report


def _excerpt(lines: list[bytes], line: int) -> str:
    if not 0 < line <= len(lines):
        return "end of file"
    text = lines[line - 1].decode("utf-8", errors="replace")
    return text if len(text) <= 80 else text[:79] + "…"


def verify_replay(replay: Replay, reveal: Reveal | None = None) -> VerificationReport:
    """Re-run `replay` and check every record; the report's `problem` is the first that fails, if any."""
    return _verify(replay, reveal, more_follows=False)


def _verify(replay: Replay, reveal: Reveal | None, more_follows: bool) -> VerificationReport:
    """`more_follows`: the records are the part of a file before a malformed line, so a game over without an
    end record is not (yet) a problem there."""
    report = VerificationReport(replay.source, engine=str(replay.header.get("engine", "")))
    if replay.torn_tail:
        report.notes.append(f"ignored {replay.torn_tail} bytes after the last complete line (a write cut short)")
    try:
        _Checker(replay, report, more_follows).run()
    except _Failed as failed:
        report.problem = failed.problem
        report.finished = False
        if report.engine != ENGINE_VERSION:
            report.notes.append(f"recorded with engine {report.engine}, checked with engine {ENGINE_VERSION}: "
                                "a newer engine may play the same actions differently on purpose")
    if report.config is not None:
        report.fairness = check_fairness(replay.meta, report.config.seed, report.config.players, reveal)
        if report.fairness.failed and report.problem is None:
            report.problem = _fairness_problem(replay, report.fairness)
    return report


def _fairness_problem(replay: Replay, fairness: FairnessCheck) -> Problem:
    """A failed commit-reveal check, placed where the file holds what failed (the end record's reveal, or the
    header's entropies and their commitments)."""
    expected = "a server seed matching the commitment"
    if fairness.detail == ENTROPY_FAILED:
        line, seq, expected = 1, 0, "every seat's entropy matching the commitment it made when joining"
    elif replay.end is not None and SERVER_SEED in (replay.end.get("meta") or {}):
        line, seq = len(replay.lines), len(replay.actions) + 1
    else:
        line, seq = 1, 0
    return Problem("fairness", line, seq, fairness.detail, expected, "; ".join(fairness.problems))


class _Checker:
    """One pass over a replay: holds the game, the replayed state and the chain as it goes."""

    def __init__(self, replay: Replay, report: VerificationReport, more_follows: bool) -> None:
        self.replay, self.report, self.more_follows = replay, report, more_follows
        self.lines = replay.lines
        self.game: Game[Any] | None = None
        self.state: Any = None

    def fail(self, code: str, line: int, seq: int, what: str, expected: str, found: str,
             differences: list[Difference] | tuple[Difference, ...] = (), context: str = "") -> _Failed:
        return _Failed(Problem(code, line, seq, what, expected, found, tuple(differences), context))

    def run(self) -> None:
        game = self.start()
        prev = line_hash(self.lines[0])
        for seq, record in enumerate(self.replay.actions, 1):
            self.check_action(game, seq, record, prev)
            prev = line_hash(self.lines[seq])
            self.report.actions = seq
            self.report.final_state = self.state
        self.check_end(game, prev)
        self.check_last_line()

    def check_last_line(self) -> None:
        """No `prev` covers the last line, so it must be canonical: any edit to it changes what it says."""
        line = len(self.lines)
        if not is_canonical(self.lines[-1]):
            raise self.fail("not_canonical", line, line - 1, "the last record is not in canonical form (it was "
                            "edited after it was written)", "the canonical encoding of the record",
                            _excerpt(self.lines, line))

    # --- the header -------------------------------------------------------------------------------------

    def start(self) -> Game[Any]:
        header = self.replay.header
        if header["format"] != FORMAT_VERSION:
            raise self.fail("format_version", 1, 0, "this replay format is not supported",
                            f"format {FORMAT_VERSION}", f"format {header['format']}")
        config = self._config(header["config"])
        try:
            game = get_game(config.game)
            state, events = game.new(config)
        except EngineError as error:
            raise self.fail("config", 1, 0, "the header's game cannot be created", "a valid game configuration",
                            error.message) from None
        self.game, self.state = game, state
        self.report.config, self.report.names = config, self.replay.names
        self.report.final_state = state
        if len(self.replay.names) != config.players:
            raise self.fail("names", 1, 0, "the header names a different number of players",
                            f"{config.players} names", f"{len(self.replay.names)} names")
        self._check_events(header, events, 1, 0, lambda: "set-up")
        self._check_hash(header, 1, 0, lambda: "set-up")
        return game

    def _config(self, data: Mapping[str, Any]) -> GameConfig:
        try:
            config = GameConfig.from_json(data)
        except (KeyError, TypeError, ValueError) as error:
            raise self.fail("config", 1, 0, "the header's config is incomplete",
                            "game, rules, players, seed and options", f"{type(error).__name__}: {error}") from None
        if canonical_bytes(config.to_json()) != canonical_bytes(dict(data)):
            raise self.fail("config", 1, 0, "the header's config is not in canonical form",
                            str(config.to_json()), str(dict(data)))
        return config

    # --- action records ---------------------------------------------------------------------------------

    def check_action(self, game: Game[Any], seq: int, record: Mapping[str, Any], prev: str) -> None:
        line = seq + 1
        self._check_place(record, line, seq, prev)
        text, seat, turn = record["action"], record["seat"], game.turn_number(self.state)

        def context() -> str:  # only said when something fails: verifying must stay fast
            return f"turn {turn}, {self._name(seat)}: {text}"
        try:
            action = game.parse_action(text)
        except EngineError as error:
            raise self.fail("malformed_action", line, seq, "the action is not an action of this game",
                            f"an action of {game.title}", error.message, context=context()) from None
        if action.text() != text:
            raise self.fail("not_canonical", line, seq, "the action is not written in canonical form",
                            action.text(), text, context=context())
        try:
            events = game.apply(self.state, seat, action)
        except EngineError as error:
            raise self.fail("illegal_action", line, seq, "the rules refuse this action",
                            f"an action legal for seat {seat} here", error.message, context=context()) from None
        self._check_events(record, events, line, seq, context)
        self._check_hash(record, line, seq, context)

    def _check_place(self, record: Mapping[str, Any], line: int, seq: int, prev: str) -> None:
        """The record is the one expected here: right sequence number, chained to the line before."""
        if record["seq"] != seq:
            raise self.fail("sequence", line, seq, "records are missing or out of order",
                            f"record {seq}", f"record {record['seq']}")
        if record["prev"] != prev:
            raise self.fail("chain", line, seq, self._chain_break(line, record["prev"]),
                            f"prev {prev}", f"prev {record['prev']}")

    def _chain_break(self, line: int, recorded: str) -> str:
        """Say as precisely as the bytes allow why line `line`'s prev is not the hash of the line before."""
        before = self.lines[line - 2]
        for other, text in enumerate(self.lines, 1):
            if other != line - 1 and line_hash(text) == recorded:
                return f"the chain is broken: this record follows line {other}, not line {line - 1}"
        if not is_canonical(before):
            return f"the chain is broken: line {line - 1} is not in canonical form (it was edited)"
        return (f"the chain is broken: line {line - 1} was changed after it was written "
                f"(or this record's prev was)")

    def _name(self, seat: Any) -> str:
        names = self.replay.names
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"

    # --- what every record carries ----------------------------------------------------------------------

    def _check_events(self, record: Mapping[str, Any], events: list[Event], line: int, seq: int,
                      context: Callable[[], str]) -> None:
        replayed = [e.to_json() for e in events]
        if replayed != record["events"]:
            differences = json_diff({"events": replayed}, {"events": record["events"]})
            raise self.fail("events", line, seq, "re-applying gives different events", _kinds(replayed),
                            _kinds(record["events"]), differences, context())

    def _check_hash(self, record: Mapping[str, Any], line: int, seq: int, context: Callable[[], str]) -> None:
        assert self.game is not None
        replayed = self.game.state_hash(self.state)
        recorded_state = record.get("state")
        if recorded_state is not None and canonical_hash(recorded_state) != record["hash"]:
            raise self.fail("state", line, seq, "the record's state does not have the record's hash",
                            f"state hash {record['hash']}", f"state hash {canonical_hash(recorded_state)}",
                            context=context())
        if replayed != record["hash"]:
            differences = state_differences(self.game, self.state, recorded_state)
            why = "the state after this record differs" if differences else (
                "the state after this record differs (the events agree, so in something they do not show: "
                "the generator's position, the deck order, ...)")
            raise self.fail("hash", line, seq, why, f"hash {replayed}", f"hash {record['hash']}",
                            differences, context())

    # --- the end record ---------------------------------------------------------------------------------

    def check_end(self, game: Game[Any], prev: str) -> None:
        last = len(self.replay.actions)
        end = self.replay.end
        if end is None:
            if game.is_over(self.state) and not self.more_follows:
                raise self.fail("missing_end", last + 2, last + 1, f"the game was over after record {last} but "
                                "the file has no end record", "an end record", "end of file")
            return
        line = last + 2
        self._check_place(end, line, last + 1, prev)
        if not game.is_over(self.state):
            raise self.fail("not_over", line, last + 1, f"an end record, but the game is not over after record "
                            f"{last}", "another action record (or none yet)", "an end record")
        result = game.result(self.state)
        assert result is not None
        expected = result.to_json()
        if expected != end["result"]:
            raise self.fail("result", line, last + 1, "the recorded result is not the game's",
                            str(expected), str(end["result"]), json_diff(expected, end["result"]))
        self._check_hash(end, line, last + 1, lambda: "the end")
        self.report.finished = True
        self.report.result = expected


def _kinds(events: list[Any]) -> str:
    kinds = [str(e.get("kind")) if isinstance(e, dict) else "?" for e in events]
    return f"{len(kinds)} event{'s' if len(kinds) != 1 else ''}" + (f": {', '.join(kinds)}" if kinds else "")


def is_canonical(line: bytes) -> bool:
    """Whether `line` is exactly the canonical encoding of the JSON value it holds (writers write no other)."""
    try:
        return canonical_bytes(json.loads(line)) == line
    except ValueError:
        return False


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

