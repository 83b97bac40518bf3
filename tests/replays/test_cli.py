"""`vegas replay ...` end to end through the real entry point: exit codes, what is printed, --json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.main import main
from tests.golden.regenerate import GOLDEN
from tests.replays.tampering import flip_byte, joined, lines_of

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
