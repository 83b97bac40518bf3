"""Tampering: flip a byte anywhere, drop a line, swap two lines, change the seed, change a die in an event.

Every such file must fail to verify, and the report must name the spot: the damaged line, or the line after
it when the damage is somewhere only the chain covers (the header's names or metadata).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.golden.regenerate import GOLDEN, GOLDEN_SERVER_SEED
from tests.replays.tampering import (
    drop_line,
    edit_record,
    first_line_with,
    flip_byte,
    line_number_at,
    lines_of,
    swap_lines,
)
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.replays.fairness import Reveal
from vegas_table.replays.format import header_record
from vegas_table.replays.verify import BAD, verify_bytes

SMALL = next(spec for spec in GOLDEN if spec.players == 2).path
FAIR = next(spec for spec in GOLDEN if spec.fair).path
DATA = SMALL.read_bytes()
LINES = len(lines_of(DATA))


def failing_line(data: bytes) -> int:
    report = verify_bytes(data, "tampered")
    assert report.status == BAD and report.problem is not None, "a damaged replay verified"
    return report.problem.line


def test_the_untouched_file_verifies() -> None:
    assert verify_bytes(DATA).ok


@settings(max_examples=120)
@given(position=st.integers(0, len(DATA) - 1), mask=st.sampled_from([0x01, 0x02, 0x10, 0x20, 0x80]))
def test_flipping_any_byte_fails_at_that_line_or_the_next(position: int, mask: int) -> None:
    damaged = line_number_at(DATA, position)
    assert failing_line(flip_byte(DATA, position, mask)) in (damaged, damaged + 1)


@pytest.mark.parametrize("position", [0, 1, len(DATA) - 2, len(DATA) - 1, DATA.index(b"\n"),
                                      DATA.index(b'"names"') + 10, DATA.index(b'"engine"') + 10])
def test_flipping_bytes_at_the_edges_fails(position: int) -> None:
    damaged = line_number_at(DATA, position)
    assert failing_line(flip_byte(DATA, position)) in (damaged, damaged + 1)


def test_a_changed_name_in_the_header_is_caught_by_the_chain_at_line_2() -> None:
    report = verify_bytes(flip_byte(DATA, DATA.index(b'"names"') + 10))
    assert report.problem is not None and report.problem.code == "chain" and report.problem.line == 2
    assert "line 1 was changed" in report.problem.what


@pytest.mark.parametrize("line", range(1, LINES + 1))
def test_dropping_any_line_fails_at_that_line(line: int) -> None:
    assert failing_line(drop_line(DATA, line)) == line


@pytest.mark.parametrize("first", range(1, LINES))
def test_swapping_neighbouring_lines_fails_at_the_first(first: int) -> None:
    assert failing_line(swap_lines(DATA, first, first + 1)) == first


def test_swapping_distant_lines_names_the_record_found_out_of_place() -> None:
    report = verify_bytes(swap_lines(DATA, 10, 40))
    assert report.problem is not None and report.problem.line == 10
    assert (report.problem.code, report.problem.expected, report.problem.found) == ("sequence", "record 9",
                                                                                  "record 39")


def _set_seed(record: dict[str, Any]) -> None:
    record["config"]["seed"] += "x"


@pytest.mark.parametrize("rechain", [False, True])
def test_changing_the_seed_fails_at_the_header(rechain: bool) -> None:
    report = verify_bytes(edit_record(DATA, 1, _set_seed, rechain))
    assert report.problem is not None and report.problem.line == 1 and report.problem.code == "events"
    assert any(d.path.startswith("events[") for d in report.problem.differences)


def test_a_consistent_forgery_with_another_seed_fails_the_commitment() -> None:
    """A forger who rewrites the set-up and every hash for a seed of their choosing still cannot match the
    commitment shown before the game: the check names the header, where the seed is."""
    original = json.loads(lines_of(FAIR.read_bytes())[0])
    config = GameConfig.from_json({**original["config"], "seed": "0" * 64})
    match = Match(get_game(config.game), config)
    header = header_record(config, original["names"], match.opening, match.state_hash(), original["meta"])
    forged = canonical_bytes(header) + b"\n"
    reveal = Reveal(GOLDEN_SERVER_SEED, original["meta"]["commitment"], tuple(original["meta"]["entropies"]))
    assert verify_bytes(forged).status == "in progress"  # nothing revealed yet: nothing to contradict
    report = verify_bytes(forged, reveal=reveal)
    assert report.problem is not None and (report.problem.code, report.problem.line) == ("fairness", 1)
    assert "not the one derived" in report.problem.found


@pytest.mark.parametrize("rechain", [False, True])
def test_changing_a_die_in_an_event_fails_at_that_record(rechain: bool) -> None:
    line = first_line_with(DATA, "gambled")

    def reroll(record: dict[str, Any]) -> None:
        event = next(e for e in record["events"] if e["kind"] == "gambled")
        event["dice"][0] = event["dice"][0] % 6 + 1

    report = verify_bytes(edit_record(DATA, line, reroll, rechain))
    assert report.problem is not None and (report.problem.line, report.problem.code) == (line, "events")
    assert report.problem.differences[0].path.endswith(".dice[0]")
