"""Prove a replay: re-run the game from its header and actions and check every record against the rules.

For each line, in order: it is a well-formed record; it is the record expected next (`seq`); its `prev`
is the SHA-256 of the line before; its action is canonical and legal for its seat; re-applying it gives the
recorded events and the recorded state hash. The end record's result and hash must be the final position's.
The first failure stops the check and is reported with its line, record, what the rules expected, what the
file says and, where the file carries enough to show one, a readable difference.

A file without an end record is a game still running (or whose server died): it is valid up to its last
complete record and reported as in progress, unless the game was already over by then.

The re-run and the checks every re-run makes are `replays.rerun`'s; this module's visitor adds what only a
verifier checks (the place and chain of each record, the end record of a finished game, the last line) and
the report.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vegas_table.engine import ENGINE_VERSION
from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.engine.core.match import Match
from vegas_table.replays.fairness import (
    ENTROPY_FAILED,
    NO_COMMITMENT,
    SERVER_SEED,
    FairnessCheck,
    Reveal,
    check_fairness,
)
from vegas_table.replays.format import Replay, ReplayFormatError, line_hash, parse_lines, split_complete
from vegas_table.replays.rerun import Problem, ReplayMismatch, ReplayVisitor, rerun

__all__ = ["BAD", "IN_PROGRESS", "VERIFIED", "Problem", "VerificationReport", "verify_bytes", "verify_path",
           "verify_replay"]

VERIFIED = "verified"
IN_PROGRESS = "in progress"
BAD = "FAILED"


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
        rerun(replay, _Checker(replay, report, more_follows))
    except ReplayMismatch as failed:
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


class _Checker(ReplayVisitor[None]):
    """What only a verifier checks, around the re-run: each record is the one expected at its place (its
    `seq`, its `prev` chained to the line before), a finished game has its end record, and the last line (which
    no `prev` covers) is canonical. The report keeps the config and the last good record's state."""

    def __init__(self, replay: Replay, report: VerificationReport, more_follows: bool) -> None:
        self.replay, self.report, self.more_follows = replay, report, more_follows
        self.lines = replay.lines

    def fail(self, code: str, line: int, seq: int, what: str, expected: str, found: str) -> ReplayMismatch:
        return ReplayMismatch(Problem(code, line, seq, what, expected, found), self.replay.source)

    def begin_record(self, line: int, record: Mapping[str, Any], match: Match) -> None:
        if line == 1:
            self.report.config, self.report.names = match.config, self.replay.names
            self.report.final_state = match.state
        else:
            self._check_place(record, line, line - 1, line_hash(self.lines[line - 2]))

    def visit_record(self, line: int, record: Mapping[str, Any], match: Match, events: list[Event]) -> None:
        if record["type"] == "action":
            self.report.actions = line - 1
            self.report.final_state = match.state
        elif record["type"] == "end":
            self.report.finished = True
            self.report.result = record["result"]

    def end_game(self, match: Match) -> None:
        if self.replay.end is None and match.over and not self.more_follows:
            last = len(self.replay.actions)
            raise self.fail("missing_end", last + 2, last + 1, f"the game was over after record {last} but the file "
                            "has no end record", "an end record", "end of file")
        self.check_last_line()

    def check_last_line(self) -> None:
        """No `prev` covers the last line, so it must be canonical: any edit to it changes what it says."""
        line = len(self.lines)
        if not is_canonical(self.lines[-1]):
            raise self.fail("not_canonical", line, line - 1, "the last record is not in canonical form (it was "
                            "edited after it was written)", "the canonical encoding of the record",
                            _excerpt(self.lines, line))

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

    def result(self) -> None:
        return None


def is_canonical(line: bytes) -> bool:
    """Whether `line` is exactly the canonical encoding of the JSON value it holds (writers write no other)."""
    try:
        return canonical_bytes(json.loads(line)) == line
    except ValueError:
        return False
