"""Matches in worker processes: group commit before any reply, errors carried back, a lost worker replaced."""

from __future__ import annotations

import asyncio
import random
import time
import zlib
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from vegas.v1 import table_pb2 as pb

from engine import GameConfig
from engine.core.errors import IllegalAction, MalformedAction
from replays.verify import verify_path
from server.core import CoreSpec, Step
from server.cores import LocalCores, RecordFailed
from server.workers import Worker, WorkerCores
from tests.server.harness import create, join_all, random_action, refusal, serving, stub_for


def spec(tmp_path: Path, game_id: str) -> CoreSpec:
    return CoreSpec(game_id, GameConfig("lords", "classic", 2, f"seed {game_id}"), ("Blue", "Red"),
                    tmp_path / f"{game_id}.jsonl")


def test_a_batch_is_made_durable_once_per_file_before_any_reply(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    worker = Worker(fsync=True)
    synced: list[str] = []
    monkeypatch.setattr("server.core.MatchCore.sync", lambda core: synced.append(core.spec.game_id))
    replies = worker.handle([(0, "start", (spec(tmp_path, "a"),)), (1, "start", (spec(tmp_path, "b"),))])
    assert sorted(synced) == ["a", "b"] and [outcome for _, (outcome, _) in replies] == ["ok", "ok"]
    opening: Step = replies[0][1][1]
    seat = opening.change.actors[0]
    action = opening.views[seat].legal[0].text
    synced.clear()
    replies = worker.handle([(2, "play", ("a", seat, action)), (3, "play", ("a", seat, "build Z9 gold")),
                             (4, "play", ("b", 5, "end"))])
    assert synced == ["a"]  # one fdatasync for the game that changed, none for the refusals
    (_, (ok, step)), (_, (refused, illegal)), (_, (malformed, _)) = replies
    assert ok == "ok" and step.change.version == 1 and step.views[None].patch is not None
    assert refused == "engine_error" and illegal[0] == MalformedAction.__name__ and "Z9" in illegal[2]
    assert malformed == "engine_error"


def test_a_failed_sync_fails_the_reply_and_drops_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    worker = Worker(fsync=True)
    worker.handle([(0, "start", (spec(tmp_path, "a"),))])

    def broken_disk(core: Any) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("server.core.MatchCore.sync", broken_disk)
    (_, (listed, _)), (_, (outcome, problem)) = worker.handle([(1, "bot_action", ("a", 0, 1)),
                                                               (2, "start", (spec(tmp_path, "b"),))])
    assert listed == "ok" and outcome == "failed" and "Input/output error" in problem
    assert "b" not in worker.cores and "a" in worker.cores  # b's file may lag behind: b is refused from now on


def test_engine_errors_come_back_as_themselves(tmp_path: Path) -> None:
    async def scenario() -> tuple[BaseException, BaseException]:
        cores = await WorkerCores(1, fsync=False).open()
        try:
            opening = await cores.start(spec(tmp_path, "a"))
            waiting = opening.change.actors[0]
            with pytest.raises(IllegalAction) as illegal:
                await cores.play("a", 1 - waiting, "end")
            with pytest.raises(MalformedAction) as malformed:
                await cores.play("a", waiting, "fly to the moon")
            return illegal.value, malformed.value
        finally:
            await cores.close()

    illegal, malformed = asyncio.run(scenario())
    assert "end" in str(illegal) and "fly" in str(malformed)


def _next_request(stub: Any, game_id: str, tokens: dict[int, str], rng: random.Random) -> pb.SubmitActionRequest:
    seat = stub.GetGame(pb.GetGameRequest(game_id=game_id)).actors[0]
    legal = stub.ListLegalActions(pb.ListLegalActionsRequest(game_id=game_id, seat_token=tokens[seat]))
    return pb.SubmitActionRequest(game_id=game_id, seat_token=tokens[seat], based_on_version=legal.version,
                                  action=random_action(legal.actions, rng))


def _submitted_once_back(stub: Any, request: pb.SubmitActionRequest, timeout: float = 20) -> pb.ActionResult:
    """Submit `request` until the game is back from `suspended` (its session re-plays it meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return stub.SubmitAction(request)
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.UNAVAILABLE or time.monotonic() > deadline:  # type: ignore[attr-defined]
                raise
            time.sleep(0.05)


def test_a_lost_worker_is_replaced_and_its_games_carry_on(tmp_path: Path) -> None:
    with serving(tmp_path, workers=2) as server, stub_for(server.address) as stub:
        games: dict[int, tuple[str, dict[int, str]]] = {}
        while len(games) < 2:  # a game on each worker
            game_id = create(stub, players=2, rules="classic").game_id
            games.setdefault(zlib.crc32(game_id.encode()) % 2, (game_id, join_all(stub, game_id, range(2))))
        cores = server.running.hub.cores
        assert isinstance(cores, WorkerCores)
        lost = cores.links[0].process
        watching = stub.Watch(pb.WatchRequest(game_id=games[0][0]))
        held = next(watching).version
        lost.kill()
        lost.wait(10)
        recovered = next(watching)  # nobody had to act: the game is re-played in a new worker, a snapshot says so
        rng = random.Random(1)
        request = _next_request(stub, *games[0], rng)
        result = _submitted_once_back(stub, request)
        after = next(watching)
        watching.cancel()
        other = stub.SubmitAction(_next_request(stub, *games[1], rng))  # the other worker's game never stopped
        health = health_pb2_grpc.HealthStub(grpc.insecure_channel(server.address))
        serving_status = health.Check(health_pb2.HealthCheckRequest()).status
        replacement = cores.links[0].process
        assert replacement.pid != lost.pid and replacement.poll() is None
    assert (recovered.HasField("snapshot"), recovered.version) == (True, held)
    assert result.version == held + 1
    assert (after.HasField("diff"), after.version, after.move.action) == (True, held + 1, request.action)
    assert other.version >= 1 and serving_status == health_pb2.HealthCheckResponse.SERVING


def test_a_request_that_finds_its_worker_gone_is_refused_as_suspended(tmp_path: Path) -> None:
    with serving(tmp_path, workers=1) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        tokens = join_all(stub, game_id, range(2))
        cores = server.running.hub.cores
        assert isinstance(cores, WorkerCores)
        cores.on_lost = None  # the server does not hear of the loss: the next request finds it
        cores.links[0].process.kill()
        cores.links[0].process.wait(10)
        request = _next_request(stub, game_id, tokens, random.Random(5))
        status, code, message = refusal(stub.SubmitAction, request)
        result = _submitted_once_back(stub, request)
    assert (status, code) == (grpc.StatusCode.UNAVAILABLE, "suspended") and "retry" in message, message
    assert result.version == request.based_on_version + 1


def test_record_failed_is_what_a_lost_worker_raises(tmp_path: Path) -> None:
    async def scenario() -> None:
        cores = await WorkerCores(1, fsync=False).open()
        try:
            await cores.start(spec(tmp_path, "a"))
            cores.links[0].process.kill()
            with pytest.raises(RecordFailed, match="is gone"):
                await cores.play("a", 0, "end")
        finally:
            await cores.close()

    asyncio.run(scenario())


def test_a_failed_fsync_in_the_server_process_is_a_record_failure(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        cores = LocalCores(fsync=True)
        opening = await cores.start(spec(tmp_path, "a"))
        seat = opening.change.actors[0]

        def broken_disk(core: Any) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr("server.core.MatchCore.sync", broken_disk)
        with pytest.raises(RecordFailed, match="No space left"):
            await cores.play("a", seat, opening.views[seat].legal[0].text)
        await cores.close()

    asyncio.run(scenario())


def test_a_game_whose_record_failed_is_re_played_from_its_file_and_goes_on(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from server.core import MatchCore

    working_sync = MatchCore.sync
    failures = [OSError(28, "No space left on device")]  # the disk fails once, then works again

    def flaky_disk(core: MatchCore) -> None:
        if failures:
            raise failures.pop()
        working_sync(core)

    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        tokens = join_all(stub, game_id, range(2))
        monkeypatch.setattr("server.core.MatchCore.sync", flaky_disk)
        request = _next_request(stub, game_id, tokens, random.Random(2))
        status, code, _ = refusal(stub.SubmitAction, request)
        # The record reached the file before its fsync failed, so the game re-played from the file holds the
        # action: the retry is refused as stale, and the stream shows it was this very action that went through.
        with pytest.raises(grpc.RpcError) as retried:
            _submitted_once_back(stub, request)
        diffs = stub.Watch(pb.WatchRequest(game_id=game_id, from_version=request.based_on_version))
        made = next(diffs)
        diffs.cancel()
        later = _submitted_once_back(stub, _next_request(stub, game_id, tokens, random.Random(3)))
    assert (status, code) == (grpc.StatusCode.UNAVAILABLE, "suspended")
    assert retried.value.code() == grpc.StatusCode.ABORTED  # type: ignore[attr-defined]
    assert (made.version, made.move.action) == (request.based_on_version + 1, request.action)
    assert later.version == made.version + 1  # and the game goes on


def test_a_game_of_bots_whose_worker_dies_is_re_played_and_finished(tmp_path: Path) -> None:
    with serving(tmp_path, workers=1) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, bots=(0, 1), think_ms=5, rules="classic").game_id
        updates = stub.Watch(pb.WatchRequest(game_id=game_id), timeout=90)
        seen = [next(updates) for _ in range(3)]
        cores = server.running.hub.cores
        assert isinstance(cores, WorkerCores)
        cores.links[0].process.kill()  # the bots' next move finds it gone
        seen += list(updates)
        reveal = stub.GetReplay(pb.GetReplayRequest(game_id=game_id))
    assert seen[-1].status == pb.GAME_STATUS_FINISHED
    assert any(update.HasField("snapshot") for update in seen[1:])  # the game came back as a snapshot
    replay_file = tmp_path / "replay.jsonl"
    replay_file.write_bytes(reveal.replay)
    assert verify_path(replay_file).ok
