"""`vegas simulate`: reproducible numbers, rotating seats, the JSON it promises, replays that re-run."""

from __future__ import annotations

import json

import pytest

from vegas_table.arena.stats import wilson_interval
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.registry import BOTS
from vegas_table.cli.main import main
from vegas_table.cli.simulate import seat_bots, simulate
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.replays.format import read_replay


def test_same_arguments_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for _ in range(2):
        assert main(["simulate", "--game", "lords", "--rules", "up", "--players", "3", "--games", "12",
                     "--seed", "7", "--bots", "random", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        data.pop("games_per_second"), data.pop("seconds")
        outputs.append(data)
    assert outputs[0] == outputs[1]
    data = outputs[0]
    assert data["games"] == 12 and len(data["wins_by_seat"]) == 3
    assert set(data["win_rate_by_bot"]["random"]) >= {"rate", "ci95"}
    assert abs(sum(data["wins_by_seat"]) - 12) < 1e-9  # shared wins count as fractions
    assert data["mean_turns"] > 10


def test_seats_rotate_between_games() -> None:
    assert [seat_bots(["a", "b", "c"], 3, k) for k in range(3)] == [
        ("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert seat_bots(["random"], 4, 5) == ("random",) * 4


def test_bad_arguments_say_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "classic", "--players", "6", "--games", "1"]) == 2
    assert "2-4 players, not 6" in capsys.readouterr().out
    assert main(["simulate", "--players", "3", "--bots", "random,random", "--games", "1"]) == 2


def test_replays_written_by_simulate_re_run_to_the_same_hashes(tmp_path) -> None:
    simulate("lords", "classic", 2, 2, "r", ["random"], (), tmp_path)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 2
    replay = read_replay(files[0])
    game = get_game("lords")
    match = Match(game, GameConfig.from_json(replay.header["config"]))
    assert match.state_hash() == replay.header["hash"]
    for record in replay.actions:
        match.play(record["seat"], record["action"])
        assert match.state_hash() == record["hash"]
    assert replay.end is not None and replay.end["result"]["winners"] == list(match.result.winners)


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson_interval(0, 0) == (0.0, 1.0)


class LasVegasOnly(RandomBot):
    name = "lasvegas-only"
    games = ("lasvegas",)


def test_a_bot_for_another_game_is_refused_with_a_reason(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "lasvegas-only", LasVegasOnly)
    assert main(["simulate", "--game", "lords", "--players", "2", "--games", "1", "--bots",
                 "lasvegas-only,random"]) == 2
    assert "lasvegas-only bot plays lasvegas only, not lords" in capsys.readouterr().out


def test_random_bots_play_the_underworld_option_and_its_replays_verify(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from vegas_table.replays.verify import verify_path

    assert main(["simulate", "--rules", "up", "--players", "3", "--games", "3", "--seed", "u", "--options",
                 "underworld", "--replays", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == ["underworld"]
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3 and all(verify_path(f).ok for f in files)
    assert any(b'"card_acquired"' in f.read_bytes() for f in files)


def test_simulate_plays_a_card_file_given_with_cards(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from tests.engine.lords.underworld_position import MORE_CARDS

    cards = tmp_path / "mine.toml"
    cards.write_text(MORE_CARDS)
    assert main(["simulate", "--players", "2", "--games", "2", "--options", "underworld", "--cards", str(cards),
                 "--replays", str(tmp_path / "r"), "--json"]) == 0
    capsys.readouterr()
    header = read_replay(sorted((tmp_path / "r").iterdir())[0]).config
    assert header.cards == MORE_CARDS
    assert main(["simulate", "--games", "1", "--cards", str(cards)]) == 2
    assert "for the 'underworld' option" in capsys.readouterr().out
    cards.write_text("[[card]]\nid = 'x'\n")
    assert main(["simulate", "--games", "1", "--options", "underworld", "--cards", str(cards)]) == 2
    assert "Underworld card file: card x" in capsys.readouterr().out


def test_every_flag_of_every_command_says_what_it_is_for() -> None:
    import argparse

    from vegas_table.bots.registry import bot_names
    from vegas_table.cli.main import build_parser

    def flags(parser: argparse.ArgumentParser, path: str) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += flags(sub, f"{path} {name}")
            elif not isinstance(action, argparse._HelpAction) and not action.help:
                found.append(f"{path} {'/'.join(action.option_strings) or action.dest}")
        return found

    assert flags(build_parser(), "vegas") == []
    help_text = build_parser()._subparsers._group_actions[0].choices["simulate"].format_help()  # type: ignore[union-attr]
    assert "lords: classic (2-4 players), up (2-6 players)" in " ".join(help_text.split())  # rule sets listed
    assert ", ".join(bot_names(plugins=True)) in " ".join(help_text.split())  # and the bots (ismcts with openspiel)
