"""`vegas replay ...` end to end through the real entry point: exit codes, what is printed, --json."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.golden.regenerate import GOLDEN
from tests.replays.tampering import edit_record, flip_byte, joined, lines_of
from vegas_table.cli.main import main
from vegas_table.engine.core.fairness import commitment

GOOD = [spec.path for spec in GOLDEN]
SMALL = GOOD[0]


def bad_copy(tmp_path: Path) -> Path:
    data = SMALL.read_bytes()
    path = tmp_path / "bad.jsonl"
    path.write_bytes(flip_byte(data, data.index(b'"dice":[') + 8))
    return path


def test_verify_exits_0_when_every_file_verifies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "verify", *map(str, GOOD)]) == 0
    out = capsys.readouterr().out
    assert out.count("✓ verified") == len(GOOD) and "seed proven fair" in out and f"{len(GOOD)} replay files" in out


def test_verify_exits_1_and_names_the_first_bad_record(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "verify", str(SMALL), str(bad_copy(tmp_path))]) == 1
    out = capsys.readouterr().out
    assert "✗ FAILED" in out and "line 10, record 9" in out and "events[0].dice[0]: expected" in out


def test_a_running_game_is_reported_in_progress_and_passes(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    running = tmp_path / "running.jsonl"
    running.write_bytes(joined(lines_of(SMALL.read_bytes())[:12]))
    assert main(["replay", "verify", str(running)]) == 0
    assert "in progress" in capsys.readouterr().out


def test_verify_json_is_one_report_per_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "verify", "--json", str(SMALL), str(bad_copy(tmp_path))]) == 1
    reports = json.loads(capsys.readouterr().out)
    assert [r["status"] for r in reports] == ["verified", "FAILED"]
    assert reports[1]["problem"]["line"] == 10 and reports[1]["problem"]["differences"][0]["path"] == \
        "events[0].dice[0]"


def test_a_missing_file_fails_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "verify", str(tmp_path / "nope.jsonl")]) == 1
    assert "cannot be read" in capsys.readouterr().out


def test_audit_prints_the_tables_and_reconciles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "audit", str(SMALL)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # captions wrap to their table's width
    for title in ("Where the money came from", "Where the money went", "Points per casino", "Gambles",
                  "Trades", "Luck with the dice", "Luck at the tables", "Dice: are they fair?"):
        assert title in out
    assert "reconciled: every total equals the final state" in out


def test_audit_json_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "game.png"
    assert main(["replay", "audit", "--json", "--plot", str(picture), str(SMALL)]) == 0
    audit = json.loads(capsys.readouterr().out)
    assert audit["game"] == "lords" and audit["reconciliation"] == [] and len(audit["seats"]) == 2
    assert 0 <= audit["dice"]["p_value"] <= 1 and audit["gambles"][0]["chance"] in ("1/18", "7/18", "5/9")
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_audit_refuses_a_file_that_does_not_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "audit", str(bad_copy(tmp_path))]) == 1
    assert "does not verify" in capsys.readouterr().out


def test_verify_and_audit_flag_a_tampered_entropy_commitment(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The fair golden game as a server writes it now (every seat's commitment in the header), then seat 0's
    commitment replaced after the game and the chain rewritten: verify and audit both refuse it."""
    fair = next(spec.path for spec in GOLDEN if spec.fair).read_bytes()

    def commitments(promised: list[str]) -> Callable[[dict[str, Any]], None]:
        return lambda record: record["meta"].update(entropy_commitments=promised, withheld=[])

    entropies = json.loads(lines_of(fair)[0])["meta"]["entropies"]
    honest, forged = tmp_path / "honest.jsonl", tmp_path / "forged.jsonl"
    honest.write_bytes(edit_record(fair, 1, commitments([commitment(e) for e in entropies])))
    forged.write_bytes(edit_record(fair, 1, commitments([commitment("other"), *map(commitment, entropies[1:])])))
    assert main(["replay", "verify", str(honest)]) == 0 and main(["replay", "audit", str(honest)]) == 0
    capsys.readouterr()
    assert main(["replay", "verify", str(forged)]) == 1
    assert "seat 0's entropy does not match the commitment" in " ".join(capsys.readouterr().out.split())
    assert main(["replay", "audit", str(forged)]) == 1
    assert "entropies are not the ones they committed to" in " ".join(capsys.readouterr().out.split())
