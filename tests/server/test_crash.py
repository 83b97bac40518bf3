"""A real `vegas serve` is SIGKILLed mid-game and restarted: play goes on from the same state, and every
action that was acknowledged before the kill is in the replay with the same state hash."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import grpc

from benchmarks.serve_process import ServeProcess
from tests.server.harness import create, join_all, random_action, tracked
from vegas_client import ViewTracker
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.replays.fairness import PROVEN, Reveal
from vegas_table.replays.format import read_replay
from vegas_table.replays.verify import verify_bytes

Stub = table_pb2_grpc.VegasTableStub


def next_request(stub: Stub, game_id: str, tokens: dict[int, str],
                 rng: random.Random) -> pb.SubmitActionRequest | None:
    """An action for the seat the game waits for, once it is one of ours (the `vegas bot` plays the other);
    None once the game is over."""
    while True:
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        if summary.status == pb.GAME_STATUS_FINISHED:
            return None
        if summary.actors and summary.actors[0] in tokens:
            break
        time.sleep(0.005)  # the bot has not joined yet, or it is the bot's move
    seat = summary.actors[0]
    legal = stub.ListLegalActions(pb.ListLegalActionsRequest(game_id=game_id, seat_token=tokens[seat]))
    return pb.SubmitActionRequest(game_id=game_id, seat_token=tokens[seat], action=random_action(
        legal.actions, rng), based_on_version=legal.version)


def follow(updates: grpc.Future, mirror: ViewTracker, version: int, kinds: list[str] | None = None) -> None:
    """Read the spectator's stream until its view is at `version` (checking every hash on the way)."""
    while mirror.version is None or mirror.version < version:
        update = next(updates)
        tracked(mirror, update)
        if kinds is not None:
            kinds.append(update.WhichOneof("body"))


def test_sigkill_mid_game_loses_nothing_acknowledged(tmp_path: Path) -> None:
    rng = random.Random(3)
    data_dir, log_file, restart_log = tmp_path / "data", tmp_path / "serve.log", tmp_path / "restart.log"
    acked: dict[int, str] = {}  # version -> state hash, from the replies
    server = ServeProcess(data_dir, log_file)
    port = server.port
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = Stub(channel)
            game_id = create(stub, players=4).game_id
            tokens = join_all(stub, game_id, range(3))
            # Seat 3 is a `vegas bot` process: it must ride out the kill and the restart by itself.
            bot = subprocess.Popen([sys.executable, "-m", "vegas_table", "bot", "--server", f"127.0.0.1:{port}",
                                    "--game", game_id, "--seat", "3", "--seed", "3", "--log-json"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            spectator = stub.Watch(pb.WatchRequest(game_id=game_id))
            mirror = ViewTracker()
            while len(acked) < 25:
                result = stub.SubmitAction(next_request(stub, game_id, tokens, rng))  # too early for the end
                acked[result.version] = result.state_hash
                follow(spectator, mirror, result.version)
            in_flight = stub.SubmitAction.future(next_request(stub, game_id, tokens, rng))
            server.kill()  # at once, with the last request in flight
            try:
                result = in_flight.result()
                acked[result.version] = result.state_hash
            except grpc.RpcError:
                pass  # never acknowledged: it may or may not have been applied
            spectator.cancel()
    finally:
        if server.process.poll() is None:
            server.kill()

    server = ServeProcess(data_dir, restart_log, port=port)  # the same address: the bot comes back
    try:
        with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            stub = Stub(channel)
            restored = stub.GetGame(pb.GetGameRequest(game_id=game_id))
            assert restored.status == pb.GAME_STATUS_RUNNING and restored.version >= max(acked)
            assert [s.player for s in restored.seats] == [f"player {s}" for s in range(3)] + ["random bot"]
            # The spectator resumes from the view it held before the kill: diffs only, every hash right.
            updates = stub.Watch(pb.WatchRequest(game_id=game_id, from_version=mirror.version))
            kinds: list[str] = []
            while (request := next_request(stub, game_id, tokens, rng)) is not None:
                result = stub.SubmitAction(request)  # the same tokens still work
                assert result.version not in acked
                acked[result.version] = result.state_hash
                follow(updates, mirror, result.version, kinds)
            follow(updates, mirror, stub.GetGame(pb.GetGameRequest(game_id=game_id)).version, kinds)
            reveal = stub.GetReplay(pb.GetReplayRequest(game_id=game_id))
        _, bot_err = bot.communicate(timeout=30)
        assert server.stop() == 0  # it shut down cleanly
    finally:
        if server.process.poll() is None:
            server.kill()
        if bot.poll() is None:
            bot.kill()
    assert bot.returncode == 0, bot_err
    assert any(json.loads(line)["event"] == "watch_dropped" for line in bot_err.splitlines())  # and came back

    assert mirror.view is not None and mirror.view["result"] is not None
    assert set(kinds) - {"lobby"} == {"diff"}  # lobby: the bot came back
    replay_file = tmp_path / "replay.jsonl"
    replay_file.write_bytes(reveal.replay)
    replay = read_replay(replay_file)
    recorded = {record["seq"]: record["hash"] for record in replay.actions}
    assert {v: recorded[v] for v in acked} == acked  # every acknowledged action, with its state hash
    report = verify_bytes(reveal.replay, "GetReplay", Reveal(reveal.server_seed, reveal.commitment,
                                                              tuple(reveal.entropies)))
    assert report.ok and report.finished and report.fairness.status == PROVEN, report.to_json()
    logs = log_file.read_text() + restart_log.read_text()
    assert "game_event" in logs and all(token not in logs for token in tokens.values())  # tokens never logged
