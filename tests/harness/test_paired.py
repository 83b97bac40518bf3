"""The paired comparison: both versions play the same games, the base's are cached, the differences are per deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.paired import main


def test_a_bot_against_itself_differs_in_no_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--deals", "2", "--seed", "t", "--base", "greedy", "--challenger", "greedy"])
    out = capsys.readouterr().out
    assert "win share +0.0% +-0.0%, margin +0.00 +-0.00 (0 of 4 games ended differently)" in out


def test_the_base_games_are_played_once_and_cached(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "games.jsonl"
    args = ["--deals", "1", "--seed", "t", "--base", "greedy", "--against", "random", "--cache", str(cache)]
    main([*args, "--challenger", "random"])
    first = capsys.readouterr().out
    assert len(cache.read_text().splitlines()) == 4  # each version's 2 games (one deal, two rotations)
    main([*args, "--challenger", "random"])
    assert len(cache.read_text().splitlines()) == 4  # the same games again: all from the cache
    assert capsys.readouterr().out == first
    main([*args, "--challenger", "search@5"])
    assert len(cache.read_text().splitlines()) == 6  # only the new challenger's games are played
