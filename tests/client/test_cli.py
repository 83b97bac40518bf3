"""`vegas play`: its options, and what it refuses before drawing anything."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from vegas_table.bots.registry import seat_bots
from vegas_table.cli.main import build_parser
from vegas_table.cli.play import LOCAL_BOTS, LOCAL_GAME, _start_local_server, bot_kind, check_args, stderr_into
from vegas_table.server.datadir import DataDirLock


def parse(*argv: str) -> object:
    return build_parser().parse_args(["play", *argv])


def test_defaults_point_at_a_server_on_this_machine() -> None:
    args = parse()
    assert args.server == "localhost:50051" and not args.local and args.create == ""  # type: ignore[attr-defined]
    assert LOCAL_GAME == "lords up 4 bots 3"


@pytest.mark.parametrize(("argv", "message"), [
    (["--seat", "2"], "--seat, --watch and --code need --game ID"),
    (["--watch"], "--seat, --watch and --code need --game ID"),
    (["--code", "K2M9PQ7R"], "--seat, --watch and --code need --game ID"),
    (["--game", "abc", "--create", "lords up 4"], "--create makes a new game"),
    (["--name", " "], "--name must be 1 to 32 characters"),
    (["--bot-think-ms", "20000"], "must be 0..10000"),
    (["--tls-ca", "no-such.pem"], "is not a file"),
    (["--confirm-over", "-1"], "must be 0 or more"),
])
def test_option_mistakes_are_refused_with_what_would_work(argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit, match=message):
        check_args(parse(*argv))  # type: ignore[arg-type]


def test_stderr_goes_to_the_log_while_the_screen_is_drawn(tmp_path: Path) -> None:
    log = tmp_path / "client.log"
    with open(log, "a", encoding="utf-8") as stream, stderr_into(stream):
        os.write(2, b"a line from the C core\n")
    assert log.read_text() == "a line from the C core\n"


def test_a_second_local_server_is_refused_with_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    data_dir = tmp_path / "vegas-table" / "local-server"
    data_dir.mkdir(parents=True)
    lock = DataDirLock(data_dir).acquire()  # as the first vegas play --local holds it
    try:
        with pytest.raises(SystemExit, match=f"another local server \\(pid {os.getpid()}\\) keeps its games in"):
            asyncio.run(_start_local_server(0))
    finally:
        lock.release()


def test_confirmations_are_on_by_default_and_can_be_turned_off() -> None:
    args = parse()
    assert args.confirm_over == 20 and not args.no_confirm  # type: ignore[attr-defined]
    assert parse("--no-confirm", "--confirm-over", "5").no_confirm  # type: ignore[attr-defined]


def test_a_local_game_seats_the_ladders_medium_bots_unless_others_are_chosen() -> None:
    assert bot_kind(parse("--local")) == LOCAL_BOTS == "medium"  # type: ignore[arg-type]
    assert LOCAL_BOTS in seat_bots(LOCAL_GAME.split()[0])  # a server seats it
    assert bot_kind(parse("--local", "--bots", "random")) == "random"  # type: ignore[arg-type]
    assert bot_kind(parse("--create", "lords up 4 bots 3")) == ""  # type: ignore[arg-type]  # the server's


def test_bots_are_chosen_for_a_new_game_and_listed_in_the_help() -> None:
    assert parse("--local", "--bots", "greedy").bots == "greedy"  # type: ignore[attr-defined]
    with pytest.raises(SystemExit, match="--bots chooses the bots of a new game"):
        check_args(parse("--bots", "greedy"))  # type: ignore[arg-type]
    bots = "random, easy, medium, hard"
    with pytest.raises(SystemExit, match=f"unknown bot 'clever'; this server seats {bots}"):
        check_args(parse("--local", "--bots", "clever"))  # type: ignore[arg-type]
    help_text = " ".join(build_parser()._subparsers._group_actions[0].choices["play"].format_help().split())  # type: ignore[union-attr]
    assert bots in help_text and "up (2-6 players)" in help_text
