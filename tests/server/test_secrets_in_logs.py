"""No log line, in JSON or console mode, at any level, holds a seat token, a server seed, a game seed or the
deck order of an unfinished game, even when a request fails with those secrets in the frames of its traceback."""

from __future__ import annotations

import errno
import io
import json
from pathlib import Path

import grpc
import pytest

from tests.server.harness import create, join_all, refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.common.logs import configure_logging, flush_logs
from vegas_table.engine.registry import get_game
from vegas_table.replays.format import ReplayWriter
from vegas_table.server.match import replay_match
from vegas_table.server.records import GameRecord

FAILED_JOIN_TOKEN = "SEAT-TOKEN-of-the-failed-join-0123456789"


def secrets_of(data_dir: Path, game_id: str) -> list[str]:
    """The server seed, the game seed and the top of the deck (as a list would show it) of a started game."""
    game_dir = data_dir / "games" / game_id
    record = GameRecord.from_json(json.loads((game_dir / "game.json").read_bytes()))
    deck = replay_match(get_game("lords"), game_dir / "replay.jsonl").state.deck
    top = deck[-8:]
    return [record.server_seed, record.config().seed, str(top)[1:-1], json.dumps(top)[1:-1],
            ",".join(map(str, top)), str(deck[:8])[1:-1]]


def broken_header(path: Path) -> None:
    """A replay whose set-up no longer gives its recorded state: restoring it fails (in the engine's frames)."""
    header = json.loads(path.read_bytes().splitlines()[0])
    header["hash"] = "0" * 64
    path.write_bytes(json.dumps(header).encode() + b"\n")


def failing_append(self: ReplayWriter, record: dict[str, object]) -> str:
    raise OSError(errno.EIO, "Input/output error (injected)")


@pytest.mark.parametrize("json_mode", [True, False], ids=["json", "console"])
def test_failed_join_restore_and_write_log_no_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     json_mode: bool) -> None:
    out = io.StringIO()
    configure_logging(json=json_mode, level="debug", stream=out)
    secrets: list[str] = [FAILED_JOIN_TOKEN]
    try:
        with serving(tmp_path) as server, stub_for(server.address) as stub:
            restored = create(stub, players=2, rules="classic").game_id
            secrets += join_all(stub, restored, range(2)).values()
            written = create(stub, players=2, rules="classic").game_id
            tokens = join_all(stub, written, range(2))
            secrets += tokens.values()
            lobby = create(stub, players=2, rules="classic").game_id
        secrets += secrets_of(tmp_path, restored) + secrets_of(tmp_path, written)
        broken_header(tmp_path / "games" / restored / "replay.jsonl")
        (tmp_path / "games" / lobby / "game.json.tmp").mkdir()  # the lobby record cannot be replaced
        monkeypatch.setattr("vegas_table.server.seating.new_token", lambda: FAILED_JOIN_TOKEN)
        monkeypatch.setattr(ReplayWriter, "append", failing_append)
        with serving(tmp_path) as server, stub_for(server.address) as stub:
            status, code, _ = refusal(stub.JoinGame, pb.JoinGameRequest(game_id=lobby, name="eve", entropy="e"))
            assert (status, code) == (grpc.StatusCode.UNAVAILABLE, "not_saved")
            for token in tokens.values():  # one is the seat to act: its record cannot be written
                status, code, _ = refusal(stub.SubmitAction, pb.SubmitActionRequest(
                    game_id=written, seat_token=token, action="end"))
                if code == "suspended":
                    break
            assert code == "suspended"
    finally:
        flush_logs()
        configure_logging(level="warning")
    text = out.getvalue()
    for event in ("restore_failed", "record_failed", "record_not_saved", "request"):
        assert event in text  # each failure was logged, with its traceback
    assert text.count("Input/output error (injected)") >= 1 and "server/session.py" in text
    leaked = [secret for secret in secrets if secret in text]
    assert not leaked, f"secrets in the log: {leaked}"
