"""A record torn by a crash mid-write is dropped when the game is re-played, with a warning that names the
game, the record and the bytes dropped."""

from __future__ import annotations

import errno
import io
import json
import os
from pathlib import Path

import pytest

from tests.server.harness import create, join_all, refusal, serving, stub_for, submitted_once_back
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.common.logs import configure_logging, flush_logs
from vegas_table.replays import format as replay_format

TORN = b'{"action":"end","events":[],"hash":"9f'  # the start of a record whose write was cut short


@pytest.mark.parametrize("records", [1, 0], ids=["action", "header"])
def test_a_torn_last_record_is_dropped_with_a_warning_naming_it(tmp_path: Path, records: int) -> None:
    """The record cut short may be the header itself: the game then starts again (its header is the same)."""
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        join_all(stub, game_id, range(2))
    replay = tmp_path / "games" / game_id / "replay.jsonl"
    complete = replay.read_bytes()
    replay.write_bytes(complete + TORN if records else complete[:-50])
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        with serving(tmp_path) as server, stub_for(server.address) as stub:
            assert stub.GetGame(pb.GetGameRequest(game_id=game_id)).status == pb.GAME_STATUS_RUNNING
        flush_logs()
    finally:
        configure_logging(level="warning")
    warnings = [line for line in map(json.loads, out.getvalue().splitlines()) if line["level"] == "warning"]
    assert [(w["event"], w["game_id"], w["line"], w["seq"], w["bytes"]) for w in warnings] == [
        ("replay_torn_record_dropped", game_id, records + 1, records, len(TORN) if records else len(complete) - 50)]
    assert replay.read_bytes() == complete


def test_a_record_torn_by_a_failed_write_is_dropped_with_a_warning_when_the_game_recovers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = []

    def half_then_fail(fd: int, data: bytes) -> None:  # the disk fails halfway through one record
        monkeypatch.setattr(replay_format, "_write_all", whole)
        written.append(os.write(fd, data[:len(data) // 2]))
        raise OSError(errno.EIO, "Input/output error (injected)")

    whole = replay_format._write_all
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        with serving(tmp_path) as server, stub_for(server.address) as stub:
            game_id = create(stub, players=2, rules="classic").game_id
            tokens = join_all(stub, game_id, range(2))
            seat = stub.GetGame(pb.GetGameRequest(game_id=game_id)).actors[0]
            request = pb.SubmitActionRequest(game_id=game_id, seat_token=tokens[seat], action="end")
            monkeypatch.setattr(replay_format, "_write_all", half_then_fail)
            assert refusal(stub.SubmitAction, request)[1] == "suspended"
            assert submitted_once_back(stub, request).version == 1  # re-played from the file, then played
        flush_logs()
    finally:
        configure_logging(level="warning")
    warnings = [line for line in map(json.loads, out.getvalue().splitlines()) if line["level"] == "warning"]
    assert [(w["event"], w["game_id"], w["line"], w["seq"], w["bytes"]) for w in warnings] == [
        ("replay_torn_record_dropped", game_id, 2, 1, written[0])]
