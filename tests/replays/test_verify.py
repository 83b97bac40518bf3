"""`verify_replay` and friends: every kind of bad record is caught at its line, with what was expected and
found; running games verify up to their last record; the fairness check runs when the data is there."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.golden.regenerate import GOLDEN, GOLDEN_SERVER_SEED
from tests.replays.tampering import edit_record, joined, lines_of
from vegas_table.engine import ENGINE_VERSION
from vegas_table.engine.core.canonical import canonical_bytes, canonical_hash
from vegas_table.engine.core.fairness import commitment
from vegas_table.replays.fairness import FAILED, NOT_REVEALED, PROVEN, Reveal
from vegas_table.replays.format import ReplayFormatError, last_record, line_hash, read_replay
from vegas_table.replays.verify import BAD, IN_PROGRESS, VERIFIED, verify_bytes, verify_path, verify_replay

SMALL = next(spec for spec in GOLDEN if spec.players == 2).path
FAIR = next(spec for spec in GOLDEN if spec.fair).path
DATA = SMALL.read_bytes()
LINES = lines_of(DATA)
END = len(LINES)


def committed(data: bytes, change: Callable[[dict[str, Any]], None] = lambda record: None) -> bytes:
    """The fair golden file as a server writes it now (its header also holding each seat's commitment to its
    entropy and the seats that withheld), changed by `change` and re-chained."""
    def add(record: dict[str, Any]) -> None:
        meta = record["meta"]
        meta.update(entropy_commitments=[commitment(e) for e in meta["entropies"]], withheld=[])
        change(record)
    return edit_record(data, 1, add)


def problem_of(data: bytes, **kwargs: Any) -> Any:
    report = verify_bytes(data, "test", **kwargs)
    assert report.status == BAD and report.problem is not None
    return report.problem


def test_a_finished_game_verifies_with_its_result() -> None:
    report = verify_path(SMALL)
    assert report.ok and report.status == VERIFIED and report.finished
    assert report.actions == END - 2
    assert report.result == json.loads(LINES[-1])["result"]
    assert report.to_json()["status"] == VERIFIED and json.dumps(report.to_json())


@pytest.mark.parametrize("keep", [1, 2, 40])
def test_a_running_game_is_valid_up_to_its_last_record(keep: int) -> None:
    report = verify_bytes(joined(LINES[:keep]))
    assert report.ok and report.status == IN_PROGRESS and not report.finished
    assert report.actions == keep - 1 and report.result is None


def test_a_torn_last_line_is_ignored_and_said() -> None:
    report = verify_bytes(joined(LINES[:10]) + LINES[10][:30])
    assert report.status == IN_PROGRESS and report.actions == 9
    assert any("30 bytes" in note for note in report.notes)


def test_a_game_over_without_its_end_record_fails_after_the_last_line() -> None:
    problem = problem_of(joined(LINES[:-1]))
    assert (problem.code, problem.line, problem.seq) == ("missing_end", END, END - 1)


def test_an_end_record_before_the_game_is_over_fails_there() -> None:
    end = json.loads(LINES[-1])
    early_end = {**end, "seq": end["seq"] - 1, "prev": line_hash(LINES[-3])}
    problem = problem_of(joined([*LINES[:-2], canonical_bytes(early_end)]))
    assert (problem.code, problem.line) == ("not_over", END - 1)


def test_a_forged_result_shows_the_difference() -> None:
    def crown_seat_1(record: dict[str, Any]) -> None:
        record["result"]["winners"] = [1 - record["result"]["winners"][0]]

    problem = problem_of(edit_record(DATA, END, crown_seat_1))
    assert (problem.code, problem.line, problem.seq) == ("result", END, END - 1)
    assert problem.differences[0].path == "winners[0]"


def test_a_forged_final_state_with_its_hash_shows_the_money_that_differs() -> None:
    def richer(record: dict[str, Any]) -> None:
        record["state"]["money"][0] += 100
        record["hash"] = canonical_hash(record["state"])

    problem = problem_of(edit_record(DATA, END, richer))
    assert (problem.code, problem.line) == ("hash", END)
    paths = {d.path: (d.expected, d.found) for d in problem.differences}
    expected, found = paths["seats[0].money"]
    assert found == expected + 100


def test_a_state_that_does_not_match_its_own_hash_fails() -> None:
    problem = problem_of(edit_record(DATA, END, lambda r: r["state"]["money"].__setitem__(0, -1)))
    assert (problem.code, problem.line) == ("state", END)


def test_a_forged_hash_fails_and_says_the_events_agree() -> None:
    problem = problem_of(edit_record(DATA, 5, lambda r: r.update(hash="0" * 64)))
    assert (problem.code, problem.line, problem.seq) == ("hash", 5, 4)
    assert "events agree" in problem.what and problem.found == "hash " + "0" * 64
    assert problem.context.startswith("turn ")


def test_an_illegal_action_fails_with_the_rules_reason() -> None:
    line = next(n for n, raw in enumerate(LINES, 1) if json.loads(raw).get("action") == "end")
    problem = problem_of(edit_record(DATA, line, lambda r: r.update(seat=(r["seat"] + 1) % 2)))
    assert (problem.code, problem.line) == ("illegal_action", line)
    assert "turn" in problem.found.lower()


def test_an_action_not_in_canonical_form_fails() -> None:
    line = next(n for n, raw in enumerate(LINES, 1) if json.loads(raw).get("action") == "end")
    problem = problem_of(edit_record(DATA, line, lambda r: r.update(action="END")))
    assert (problem.code, problem.expected, problem.found) == ("not_canonical", "end", "END")


def test_text_that_is_no_action_fails() -> None:
    problem = problem_of(edit_record(DATA, 3, lambda r: r.update(action="fly A1")))
    assert (problem.code, problem.line) == ("malformed_action", 3)


def test_an_unknown_format_version_fails_at_the_header() -> None:
    problem = problem_of(edit_record(DATA, 1, lambda r: r.update(format=2)))
    assert (problem.code, problem.line, problem.found) == ("format_version", 1, "format 2")


def test_an_unknown_game_fails_at_the_header_naming_the_known_games() -> None:
    problem = problem_of(edit_record(DATA, 1, lambda r: r["config"].update(game="chess")))
    assert problem.code == "config" and "lords" in problem.found


def test_a_malformed_line_is_reported_unless_an_earlier_record_fails() -> None:
    damaged = LINES[:]
    damaged[30] = b"{not json"
    assert problem_of(joined(damaged)).line == 31
    earlier = lines_of(edit_record(joined(LINES), 5, lambda r: r.update(hash="0" * 64), rechain=False))
    earlier[30] = b"{not json"
    assert problem_of(joined(earlier)).line == 5


def test_an_unknown_field_is_malformed() -> None:
    problem = problem_of(edit_record(DATA, END, lambda r: r.update(note="hi")))
    assert (problem.code, problem.line) == ("malformed", END) and "'note'" in problem.what


def test_an_unreadable_file_is_a_report_not_an_exception(tmp_path: Path) -> None:
    report = verify_path(tmp_path / "missing.jsonl")
    assert report.status == BAD and report.problem is not None and report.problem.code == "unreadable"


def test_a_failure_with_another_engine_version_says_so() -> None:
    damaged = edit_record(DATA, 1, lambda r: r.update(engine="0"))
    damaged = edit_record(damaged, 5, lambda r: r.update(hash="0" * 64))
    report = verify_bytes(damaged)
    assert any(f"recorded with engine 0, checked with engine {ENGINE_VERSION}" in n for n in report.notes)


class TestFairness:
    def reveal(self, **changes: Any) -> Reveal:
        meta = read_replay(FAIR).header["meta"]
        fields = {"server_seed": GOLDEN_SERVER_SEED, "commitment": meta["commitment"],
                  "entropies": tuple(meta["entropies"]), **changes}
        return Reveal(**fields)

    def test_the_revealed_seed_in_the_file_proves_the_game(self) -> None:
        report = verify_path(FAIR)
        assert report.ok and report.fairness.status == PROVEN

    def test_a_reveal_given_by_the_server_agrees(self) -> None:
        assert verify_path(FAIR, reveal=self.reveal()).fairness.status == PROVEN

    def test_a_reveal_that_contradicts_the_file_fails(self) -> None:
        report = verify_path(FAIR, reveal=self.reveal(server_seed="1" * 64))
        assert report.fairness.status == FAILED and report.problem is not None
        assert report.problem.code == "fairness" and "server_seed" in report.problem.found

    def test_a_wrong_revealed_seed_in_the_file_fails_at_the_end_record(self) -> None:
        data = edit_record(FAIR.read_bytes(), len(lines_of(FAIR.read_bytes())),
                           lambda r: r["meta"].update(server_seed="2" * 64))
        problem = problem_of(data)
        assert (problem.code, problem.line) == ("fairness", len(lines_of(data)))
        assert "does not match the commitment" in problem.found

    def test_a_running_fair_game_has_nothing_revealed_yet(self) -> None:
        report = verify_bytes(joined(lines_of(FAIR.read_bytes())[:20]))
        assert report.ok and report.fairness.status == NOT_REVEALED

    def test_entropies_of_the_wrong_count_fail(self) -> None:
        data = edit_record(FAIR.read_bytes(), 1, lambda r: r["meta"]["entropies"].pop())
        assert "entropies for 3 seats" in problem_of(data).found

    def test_every_entropy_matching_its_commitment_is_proven(self) -> None:
        report = verify_bytes(committed(FAIR.read_bytes()))
        assert report.ok and report.fairness.status == PROVEN
        assert "each the one its seat committed to" in report.fairness.detail

    def test_a_tampered_entropy_commitment_fails_at_the_header(self) -> None:
        """A commitment changed after the game and every `prev` rewritten: the chain holds, the proof does not."""
        data = committed(FAIR.read_bytes(), lambda r: r["meta"]["entropy_commitments"].__setitem__(1, "f" * 64))
        problem = problem_of(data)
        assert (problem.code, problem.line) == ("fairness", 1)
        assert "seat 1's entropy does not match the commitment" in problem.found

    def test_a_seat_said_to_have_withheld_has_no_entropy(self) -> None:
        """A header claiming seat 2 withheld while its entropy is still mixed into the seed is a forgery."""
        forged = committed(FAIR.read_bytes(), lambda r: r["meta"].update(withheld=[2]))
        assert problem_of(forged).found == "seat 2 withheld its entropy, so its entropy must be \"\""


def test_verify_replay_takes_a_parsed_replay_as_the_client_holds_it() -> None:
    report = verify_replay(read_replay(SMALL))
    assert report.ok and report.final_state is not None


def test_the_last_record_is_read_without_the_others(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b'not even JSON\n{"type":"end","seq":3}\n{"type":"act')  # a torn tail is ignored
    assert last_record(path) == {"type": "end", "seq": 3}
    path.write_bytes(b"")
    assert last_record(path) is None
    path.write_bytes(b"[1]\n")
    with pytest.raises(ReplayFormatError, match="a JSON object"):
        last_record(path)
