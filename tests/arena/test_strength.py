"""The Strength section of BENCHMARKS.md: `vegas tournament --record` replaces its match's row and keeps the
rest of the file; `make bench`, which rewrites the file, keeps the section."""

from __future__ import annotations

from pathlib import Path

from benchmarks.document import parse
from benchmarks.rows import Row
from vegas_table.arena import strength
from vegas_table.arena.strength import StrengthRow, match_name, record, section, target_of
from vegas_table.cli.main import main

BENCH = "# Benchmarks\n\nProduced by `make bench`.\n\n| suite | measure |\n| --- | --- |\n| engine | x |\n"


def row(match: str, share: float) -> StrengthRow:
    return StrengthRow(match, 500, share, share - 0.05, share + 0.05, 0.5, f"vegas tournament {match}")


def test_a_match_is_named_by_game_rules_players_and_its_bots_counted() -> None:
    assert match_name("lords", "up", 4, ("search", "greedy", "greedy", "greedy")) == "lords up 4p: search vs 3x greedy"
    assert target_of("lords up 4p: search@60 vs 3x greedy") == ">= 40%"  # a bot's setting keeps the target
    assert target_of("lords up 4p: random vs 3x greedy") == ""
    assert target_of("lords classic 2p: search@300 vs greedy@deals") == ""  # an opponent's setting: another match


def test_the_first_record_adds_the_section_after_the_figures() -> None:
    text = record(BENCH, row("lords classic 2p: search vs greedy", 0.6))
    assert text.startswith(BENCH)
    assert section(text).startswith(f"{strength.HEADING}\n")
    assert "| lords classic 2p: search vs greedy | 500 | 60.0 | 55.0-65.0 | 50.0 | >= 65% |" in text


def test_a_record_replaces_its_matchs_row_and_keeps_the_others() -> None:
    text = record(record(BENCH, row("a 2p: x vs y", 0.6)), row("b 2p: x vs y", 0.7))
    again = record(text, row("a 2p: x vs y", 0.4))
    rows = [line for line in section(again).splitlines() if line.startswith("| a 2p") or line.startswith("| b 2p")]
    assert rows == [row("a 2p: x vs y", 0.4).markdown(), row("b 2p: x vs y", 0.7).markdown()]
    assert again.startswith(BENCH)


def test_the_section_ends_at_the_next_heading() -> None:
    text = record(BENCH, row("a 2p: x vs y", 0.6)) + "\n## Later\n\nmore\n"
    assert "Later" not in section(text)
    assert record(text, row("a 2p: x vs y", 0.3)).endswith("\n## Later\n\nmore\n")


def test_the_bench_keeps_the_section_it_is_given() -> None:
    kept = section(record(BENCH, row("a 2p: x vs y", 0.6)))
    document = parse(record(BENCH, row("a 2p: x vs y", 0.6)))
    document.merge(["engine"], [Row("engine", "y", 1.0, "x/s")], "make bench", ["engine"])
    text = document.markdown()
    assert section(text) == kept
    assert "| engine | y |" in text


def test_vegas_tournament_records_each_lineups_row_with_the_command(tmp_path: Path) -> None:
    target = tmp_path / "BENCHMARKS.md"
    target.write_text(BENCH)
    args = ["tournament", "--game", "lords", "--rules", "up", "--players", "3", "--lineup", "greedy,random,random",
            "--deals", "1", "--seed", "r", "--jobs", "1", "--record", str(target)]
    assert main(args) == 0
    text = target.read_text()
    assert text.startswith(BENCH)
    line = next(x for x in section(text).splitlines() if x.startswith("| lords up 3p: greedy vs 2x random |"))
    assert "| 3 |" in line
    assert (f"`vegas tournament --game lords --rules up --players 3 --lineup greedy,random,random --deals 1 --seed r"
            f" --jobs 1 --record {target}`") in line
    assert main(args) == 0
    assert target.read_text() == text  # the same games: the row replaced by itself
