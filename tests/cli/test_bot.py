"""`vegas bot` from the command line: creating a game from a lobby spec and playing it out, joining a server that
was down when it started; bad names refused."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.serve_process import ServeProcess
from tests.server.harness import serving, stub_for
from vegas_client import NewGame
from vegas_client.sync import connect
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.engine.core.fairness import commitment
from vegas_table.server.session import Settings


def test_vegas_bot_creates_a_game_and_plays_it_to_the_end(tmp_path: Path) -> None:
    password = tmp_path / "password"
    password.write_text("open sesame\n", encoding="utf-8")
    with serving(tmp_path / "data") as server, stub_for(server.address) as stub:
        finished = subprocess.run([sys.executable, "-m", "vegas_table", "bot", "--server", server.address, "--create",
                                   "lasvegas base 2 bots 1", "--bot", "greedy", "--password-file", str(password),
                                   "--log-json"], capture_output=True, text=True, timeout=120)
        game_id = finished.stdout.split("created game ")[1].split()[0]
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
    assert finished.returncode == 0, finished.stderr
    assert summary.status == pb.GAME_STATUS_FINISHED and summary.seats[0].player == "greedy bot"
    assert "open sesame" not in finished.stderr  # the password is never logged
    assert json.loads(finished.stderr.splitlines()[-1])["event"] == "game_over"


def test_an_unknown_bot_or_game_spec_is_refused_with_a_sentence(tmp_path: Path) -> None:
    bad_bot = subprocess.run([sys.executable, "-m", "vegas_table", "bot", "--game", "g1", "--bot", "nosuch"],
                             capture_output=True, text=True, timeout=60)
    assert bad_bot.returncode != 0 and "unknown bot 'nosuch'" in bad_bot.stderr
    with serving(tmp_path) as server:
        bad_spec = subprocess.run([sys.executable, "-m", "vegas_table", "bot", "--server", server.address, "--create",
                                   "chess"], capture_output=True, text=True, timeout=60)
    assert bad_spec.returncode == 2 and "this server has no game 'chess'" in bad_spec.stderr


def test_vegas_bot_joins_once_a_server_that_was_down_comes_back(tmp_path: Path) -> None:
    data_dir, bot_log = tmp_path / "data", tmp_path / "bot.log"
    server = ServeProcess(data_dir, tmp_path / "serve.log")
    with stub_for(f"127.0.0.1:{server.port}") as stub:
        game_id = stub.CreateGame(pb.CreateGameRequest(game="lasvegas", rules="base", players=2,
                                                       bots=[pb.BotSeat(seat=1)], bot_think_ms=0)).game_id
    assert server.stop() == 0  # the server is down when the bot starts: its join fails, and is tried again
    with open(bot_log, "w") as log:
        bot = subprocess.Popen([sys.executable, "-m", "vegas_table", "bot", "--server", f"127.0.0.1:{server.port}",
                                "--game", game_id, "--log-json"], stdout=subprocess.DEVNULL, stderr=log)
    try:
        until_logged(bot_log, "stamina.retry_scheduled")
        server = ServeProcess(data_dir, tmp_path / "restart.log", port=server.port)
        assert bot.wait(120) == 0, bot_log.read_text()
        with stub_for(f"127.0.0.1:{server.port}") as stub:
            summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        assert server.stop() == 0  # it shut down cleanly
    finally:
        for process in (bot, server.process):
            if process.poll() is None:
                process.kill()
    assert summary.status == pb.GAME_STATUS_FINISHED and summary.seats[0].player == "random bot"


def until_logged(path: Path, event: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while event not in path.read_text():
        assert time.monotonic() < deadline, f"{event} never logged: {path.read_text()}"
        time.sleep(0.05)


def test_vegas_bot_plays_on_in_a_seat_taken_before_with_its_token(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = stub.CreateGame(pb.CreateGameRequest(game="lasvegas", rules="base", players=2,
                                                       bots=[pb.BotSeat(seat=0)], bot_think_ms=0)).game_id
        token = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, name="Ann")).seat_token
        finished = subprocess.run([sys.executable, "-m", "vegas_table", "bot", "--server", server.address, "--game",
                                   game_id, "--seat", "1", f"--token={token}", "--log-json"],
                                  capture_output=True, text=True, timeout=120)
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
    assert finished.returncode == 0, finished.stderr
    assert summary.status == pb.GAME_STATUS_FINISHED and summary.seats[1].player == "Ann"  # no second join
    assert token not in finished.stdout + finished.stderr  # a token given is never echoed or logged


def test_vegas_bot_brings_the_password_and_a_private_games_code(tmp_path: Path) -> None:
    password = tmp_path / "password"
    password.write_text("open sesame\n", encoding="utf-8")
    with serving(tmp_path / "data", password="open sesame") as server, \
            connect(server.address, password="open sesame") as table:
        created = table.create_game(NewGame("lasvegas", "base", 2, bots=(1,), bot_think_ms=0, private=True))
        command = [sys.executable, "-m", "vegas_table", "bot", "--server", server.address, "--game", created.game_id,
                   "--password-file", str(password), "--log-json"]
        refused = subprocess.run(command, capture_output=True, text=True, timeout=60)
        finished = subprocess.run([*command, "--code", created.join_code], capture_output=True, text=True,
                                  timeout=120)
        summary = table.get_game(created.game_id)
    assert refused.returncode == 1 and "is private" in refused.stderr
    assert finished.returncode == 0, finished.stderr
    assert summary.status == "finished" and "open sesame" not in finished.stderr
    assert created.join_code not in finished.stderr  # the code is a secret too: never logged


def test_vegas_bot_given_its_seat_and_entropy_reveals_and_plays(tmp_path: Path) -> None:
    """A seat committed to "kept" by a bot that then stopped: the game waits for its reveal until a vegas bot
    resumes the seat with --token and --entropy."""
    with serving(tmp_path, settings=Settings(reveal_timeout=0, bot_think_ms=0)) as server, \
            stub_for(server.address) as stub:
        game_id = stub.CreateGame(pb.CreateGameRequest(game="lasvegas", rules="base", players=2,
                                                       bots=[pb.BotSeat(seat=0)], bot_think_ms=0)).game_id
        token = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, name="Ann",
                                                 entropy_commitment=commitment("kept"))).seat_token
        waiting = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        finished = subprocess.run([sys.executable, "-m", "vegas_table", "bot", "--server", server.address, "--game",
                                   game_id, "--seat", "1", f"--token={token}", "--entropy", "kept", "--log-json"],
                                  capture_output=True, text=True, timeout=120)
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        reveal = stub.GetReplay(pb.GetReplayRequest(game_id=game_id))
    assert finished.returncode == 0, finished.stderr
    assert waiting.status == pb.GAME_STATUS_REVEALING and summary.status == pb.GAME_STATUS_FINISHED
    assert list(reveal.entropies) == ["", "kept"]
    assert "kept" not in finished.stderr  # the entropy is not logged


def test_vegas_bot_prints_the_entropy_it_committed_to_with_its_token(tmp_path: Path) -> None:
    with serving(tmp_path, settings=Settings(bot_think_ms=0)) as server:
        finished = subprocess.run([sys.executable, "-m", "vegas_table", "bot", "--server", server.address, "--create",
                                   "lasvegas base 2 bots 1"], capture_output=True, text=True, timeout=120)
        game_id = finished.stdout.split("created game ")[1].split()[0]
        with stub_for(server.address) as stub:
            reveal = stub.GetReplay(pb.GetReplayRequest(game_id=game_id))
    assert finished.returncode == 0, finished.stderr
    printed = finished.stdout.split("--entropy=")[1].split(")")[0]
    assert list(reveal.entropies) == [printed, ""] and len(printed) == 64
