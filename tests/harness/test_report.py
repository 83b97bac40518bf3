"""The harnesses' report: each harness rewrites only its own section of docs/RELIABILITY.md."""

from __future__ import annotations

from pathlib import Path

from harness.report import TITLE, markdown_table, write_section


def test_each_harness_rewrites_only_its_own_section(tmp_path: Path) -> None:
    report = tmp_path / "RELIABILITY.md"
    write_section("chaos", markdown_table([("kills", "20", ">= 20")]), report)
    write_section("load", markdown_table([("clients", "300", "")]), report)
    write_section("chaos", markdown_table([("kills", "25", ">= 20")]), report)
    text = report.read_text()
    assert text.startswith(TITLE)
    assert "| kills | 25 | >= 20 |" in text and "| kills | 20 |" not in text and "| clients | 300 |  |" in text
    assert text.index("<!-- chaos: start -->") < text.index("<!-- load: start -->")
    assert text.count("<!-- chaos: end -->") == 1
