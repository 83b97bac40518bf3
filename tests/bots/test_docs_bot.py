"""docs/BOTS.md's example bot, read from the page itself, plays a whole game of each kind at a seat of a real
`vegas serve` on loopback through `vegas bot --bot module:Class`; the server is SIGKILLed mid-game and
restarted on the same port and data directory, the bot carries on, and the game's replay verifies."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.serve_process import ServeProcess
from vegas_client import NewGame, VegasError
from vegas_client.sync import connect
from vegas_table.replays.fairness import PROVEN, Reveal
from vegas_table.replays.verify import verify_bytes

ROOT = Path(__file__).resolve().parents[2]
VEGAS = str(Path(sys.executable).parent / "vegas")
KILL_AT = 8  # the version from which the server is killed, at the tester's next move (the bot has played by then)


def example_bot() -> str:
    """The one Python block of docs/BOTS.md that defines a Bot subclass."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "BOTS.md").read_text(encoding="utf-8"), re.S)
    [code] = [block for block in blocks if "(Bot):" in block]
    return str(code)


def test_the_example_bot_is_complete_in_thirty_lines() -> None:
    code = example_bot()
    assert len(code.splitlines()) <= 30
    namespace: dict[str, object] = {}
    exec(compile(code, "BOTS.md", "exec"), namespace)  # it runs as printed: imports and all
    assert "Thrifty" in namespace


def start_bot(tmp_path: Path, address: str, game_id: str) -> subprocess.Popen[str]:
    """`vegas bot --bot thrifty:Thrifty` as BOTS.md says: the `vegas` script, run where thrifty.py was saved,
    nothing on PYTHONPATH (`python -m` would put the directory on the path itself, and hide a `vegas` that
    does not look there)."""
    (tmp_path / "thrifty.py").write_text(example_bot(), encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return subprocess.Popen([VEGAS, "bot", "--server", address, "--game", game_id, "--bot", "thrifty:Thrifty",
                             "--seed", "1", "--log-json"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize(("game", "rules"), [("lords", "up"), ("lasvegas", "base")])
def test_the_example_bot_plays_a_whole_game_through_a_server_sigkill(tmp_path: Path, game: str, rules: str) -> None:
    data_dir = tmp_path / "data"
    server = ServeProcess(data_dir, tmp_path / "serve.log")
    address = f"127.0.0.1:{server.port}"
    bot = None
    restarted = False
    try:
        with connect(address) as table:  # the tester plays the other seat with the blocking facade
            created = table.create_game(NewGame(game, rules, 2))
            mine = table.join_game(created.game_id, "tester", entropy="tester's")
            bot = start_bot(tmp_path, address, created.game_id)
            rng = random.Random(1)
            for update in table.follow(created.game_id, mine.token):
                if mine.seat not in update.actors or not update.legal or update.finished:
                    continue
                if not restarted and update.version >= KILL_AT:
                    server.kill()  # the game waits for the tester: mid-game for sure, the bot's streams open
                    server = ServeProcess(data_dir, tmp_path / "restart.log", port=server.port)
                    restarted = True
                option = rng.choice(update.legal)
                try:
                    table.act(created.game_id, mine.seat, mine.token,
                              option.at(option.low) if option.is_range else option.text, update.version)
                except VegasError as error:
                    assert error.code == "stale_version"  # a view queued behind the one that moved on
            reveal = table.replay(created.game_id)
        _, bot_log = bot.communicate(timeout=120)
        assert server.stop() == 0  # it shut down cleanly
    finally:
        if server.process.poll() is None:
            server.kill()
        if bot is not None and bot.poll() is None:
            bot.kill()
    assert restarted and bot.returncode == 0, bot_log
    lines = [json.loads(line) for line in bot_log.splitlines() if line.startswith("{")]
    assert "watch_dropped" in [line["event"] for line in lines]  # it lost the server...
    assert lines[-1]["event"] == "game_over" and lines[-1]["actions"] > KILL_AT // 2  # ...and played on to the end
    report = verify_bytes(reveal.replay, "GetReplay", Reveal(reveal.server_seed, reveal.commitment,
                                                              reveal.entropies))
    assert report.ok and report.finished and report.fairness.status == PROVEN, report.to_json()
