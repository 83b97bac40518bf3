"""`rerun`, the one re-runner: a visitor is told of every record in file order, the first record that does not
re-run as recorded is reported at its line (raised, or handed to a visitor that keeps it), and the match a
`MatchBuilder` gives is the file's final position."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.golden.regenerate import GOLDEN
from tests.replays.tampering import edit_record, lines_of
from vegas_table.engine.core.canonical import canonical_hash
from vegas_table.engine.core.match import Match
from vegas_table.replays.format import Replay, parse_lines
from vegas_table.replays.rerun import MatchBuilder, Problem, ReplayMismatch, ReplayVisitor, rerun

SMALL = next(spec for spec in GOLDEN if spec.players == 2).path
DATA = SMALL.read_bytes()
LINES = len(lines_of(DATA))


def replay_of(data: bytes) -> Replay:
    return parse_lines(lines_of(data), "small.jsonl")


class Recorder(ReplayVisitor[list[tuple[Any, ...]]]):
    """Writes down every hook as it is called; keeps a mismatch rather than raising it."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.problem: Problem | None = None

    def begin_game(self, replay: Replay) -> None:
        self.calls.append(("begin_game",))

    def begin_record(self, line: int, record: Mapping[str, Any], match: Match) -> None:
        self.calls.append(("begin", line, record["type"]))

    def visit_record(self, line: int, record: Mapping[str, Any], match: Match, events: list[Any]) -> None:
        self.calls.append(("visit", line, record["type"], [e.to_json() for e in events], match.state_hash()))

    def end_game(self, match: Match) -> None:
        self.calls.append(("end_game",))

    def handle_mismatch(self, problem: Problem, source: str) -> None:
        self.problem = problem

    def result(self) -> list[tuple[Any, ...]]:
        return self.calls


def test_a_visitor_sees_every_record_in_file_order() -> None:
    replay = replay_of(DATA)
    records = [replay.header, *replay.actions, replay.end]
    calls = rerun(replay, Recorder())
    assert calls[0] == ("begin_game",) and calls[-1] == ("end_game",)
    visits = [call for call in calls if call[0] == "visit"]
    assert [call[1] for call in visits] == list(range(1, LINES + 1))
    assert [call[2] for call in visits] == [record["type"] for record in records if record is not None]
    for call, record in zip(visits, records, strict=True):
        assert record is not None and call[4] == record["hash"]  # the state the visitor sees is the record's
        assert call[3] == ([] if record["type"] == "end" else record["events"])


def test_each_record_is_begun_before_it_is_visited() -> None:
    calls = rerun(replay_of(DATA), Recorder())[1:-1]
    assert calls[0::2] == [("begin", line, kind) for (_, line, kind, *_) in calls[1::2]]


@given(line=st.integers(2, LINES - 1))
def test_a_forged_hash_is_reported_at_its_line(line: int) -> None:
    forged = edit_record(DATA, line, lambda record: record.update(hash="0" * 64))
    with pytest.raises(ReplayMismatch) as raised:
        rerun(replay_of(forged), MatchBuilder())
    assert (raised.value.line, raised.value.problem.code, raised.value.problem.seq) == (line, "hash", line - 1)
    assert str(raised.value).startswith(f"small.jsonl:{line}: the state after this record differs")


def test_a_visitor_that_keeps_the_mismatch_has_seen_every_record_before_it() -> None:
    line = LINES // 2
    forged = edit_record(DATA, line, lambda record: record.update(seat=1 - record["seat"]))  # out of turn
    recorder = Recorder()
    calls = rerun(replay_of(forged), recorder)
    assert recorder.problem is not None and (recorder.problem.line, recorder.problem.code) == (line, "illegal_action")
    assert recorder.problem.context.startswith("turn ") and "turn" in recorder.problem.found
    assert [call[1] for call in calls if call[0] == "visit"] == list(range(1, line))
    assert calls[-1] == ("begin", line, "action")  # stopped there: no end_game


def test_a_header_naming_too_few_players_is_reported_at_line_1() -> None:
    forged = edit_record(DATA, 1, lambda record: record.update(names=record["names"][:1]))
    with pytest.raises(ReplayMismatch) as raised:
        rerun(replay_of(forged), MatchBuilder())
    assert (raised.value.line, raised.value.problem.code) == (1, "names")


def test_the_match_builder_gives_the_final_position_and_every_position_on_the_way() -> None:
    replay = replay_of(DATA)
    seen: list[tuple[int, str]] = []
    match = rerun(replay, MatchBuilder(lambda m, events, state_hash: seen.append((len(m.history), state_hash))))
    assert replay.end is not None and match.over and match.state_hash() == replay.end["hash"]
    assert seen == [(0, replay.header["hash"]), *((r["seq"], r["hash"]) for r in replay.actions)]
    assert [move.action for move in match.history] == [r["action"] for r in replay.actions]


def test_the_mismatch_message_shows_no_state() -> None:
    """A server logs it: the differences (here, a forged deck order) stay in the problem, out of the message."""
    def forge(record: dict[str, Any]) -> None:
        record["state"]["deck"].reverse()
        record["hash"] = canonical_hash(record["state"])
    deck = json.loads(lines_of(DATA)[-1])["state"]["deck"]
    with pytest.raises(ReplayMismatch) as raised:
        rerun(replay_of(edit_record(DATA, LINES, forge)), MatchBuilder())
    problem = raised.value.problem
    assert (problem.line, problem.code) == (LINES, "hash") and problem.differences
    assert str(deck[-1]) in json.dumps([d.to_json() for d in problem.differences])
    assert str(deck)[1:-1] not in str(raised.value) and str(deck[::-1])[1:-1] not in str(raised.value)
