"""Private games show themselves only to those with their join code; a server password keeps everyone else
out of every call but health checks."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from tests.server.harness import ServerThread, refusal, serving, stub_for
from vegas_client import NewGame, connect
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.common.logs import configure_logging, flush_logs
from vegas_table.common.password import PASSWORD_METADATA, read_password

Code = grpc.StatusCode
Stub = table_pb2_grpc.VegasTableStub


def create_private(stub: Stub) -> pb.CreateGameResponse:
    return stub.CreateGame(pb.CreateGameRequest(game="lords", rules="up", players=2, private=True))


def test_a_private_game_is_not_listed_and_gives_a_join_code(stub: Stub) -> None:
    created = create_private(stub)
    listed = [g.game_id for g in stub.ListGames(pb.ListGamesRequest(include_finished=True)).games]
    assert len(created.join_code) == 8 and created.game.private
    assert created.game_id not in listed


def test_a_private_game_refuses_whoever_lacks_its_code(stub: Stub) -> None:
    created = create_private(stub)
    game_id, wrong = created.game_id, "x" * len(created.join_code)
    refusals = [
        refusal(stub.GetGame, pb.GetGameRequest(game_id=game_id)),
        refusal(stub.JoinGame, pb.JoinGameRequest(game_id=game_id, name="stranger")),
        refusal(stub.JoinGame, pb.JoinGameRequest(game_id=game_id, name="stranger", join_code=wrong)),
        refusal(lambda r: next(stub.Watch(r)), pb.WatchRequest(game_id=game_id)),
        refusal(stub.ListEvents, pb.ListEventsRequest(game_id=game_id)),
        refusal(stub.GetReplay, pb.GetReplayRequest(game_id=game_id)),
    ]
    assert {r[:2] for r in refusals} == {(Code.PERMISSION_DENIED, "private_game")}
    assert "join code" in refusals[0][2] and created.join_code not in refusals[2][2]


def test_the_join_code_opens_a_private_game_and_a_seat_token_its_own_seat(stub: Stub) -> None:
    created = create_private(stub)
    game_id, code = created.game_id, created.join_code
    summary = stub.GetGame(pb.GetGameRequest(game_id=game_id, join_code=code))
    first = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, name="friend", join_code=code))
    own_seat = stub.Watch(pb.WatchRequest(game_id=game_id, seat_token=first.seat_token))
    lobby = next(own_seat)
    own_seat.cancel()
    second = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, name="other friend", join_code=code))
    spectator = stub.Watch(pb.WatchRequest(game_id=game_id, join_code=code))
    started = next(spectator)
    spectator.cancel()
    assert summary.private and lobby.HasField("lobby") and second.seat == 1
    assert started.HasField("snapshot") and started.status == pb.GAME_STATUS_RUNNING


def test_a_private_game_stays_private_after_a_restart_and_its_code_is_not_on_disk(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        created = create_private(stub)
    record = (tmp_path / "games" / created.game_id / "game.json").read_text()
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        refused = refusal(stub.GetGame, pb.GetGameRequest(game_id=created.game_id))
        opened = stub.GetGame(pb.GetGameRequest(game_id=created.game_id, join_code=created.join_code))
        listed = stub.ListGames(pb.ListGamesRequest()).games
    assert created.join_code not in record and json.loads(record)["code_hash"]
    assert refused[1] == "private_game" and opened.private and not listed


# -------------------------------------------------------------------------------------------- password


@pytest.fixture(scope="module")
def locked(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    with serving(tmp_path_factory.mktemp("data"), password="open sesame") as running:
        yield running  # type: ignore[misc]


def test_without_the_password_every_call_but_health_and_reflection_is_refused(locked: ServerThread) -> None:
    with stub_for(locked.address) as stub, grpc.insecure_channel(locked.address) as channel:
        unary = refusal(stub.ListGames, pb.ListGamesRequest())
        wrong = refusal(lambda r: stub.ListGames(r, metadata=((PASSWORD_METADATA, "open sesam"),)),
                        pb.ListGamesRequest())
        watch = refusal(lambda r: next(stub.Watch(r)), pb.WatchRequest(game_id="abcdef"))
        act = refusal(lambda r: list(stub.Act(iter([r]))), pb.SubmitActionRequest(game_id="abcdef"))
        health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest())
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        [listed] = list(reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(iter([request])))
    assert "vegas.v1.VegasTable" in {s.name for s in listed.list_services_response.service}
    for refused in (unary, wrong, watch, act):
        assert refused[:2] == (Code.UNAUTHENTICATED, "password_required")
    assert "vegas-password" in unary[2] and "open sesame" not in unary[2]
    assert health.status == health_pb2.HealthCheckResponse.SERVING


def test_the_password_lets_a_client_in(locked: ServerThread, tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("open sesame\n")

    async def scenario() -> tuple[str, int]:
        async with connect(locked.address, password=read_password(secret, "test")) as client:  # the library's
            created = await client.create_game(NewGame("lords", "up", 2))
            updates = client.watch(created.game_id, "", None)
            kinds = [(await anext(updates)).kind, (await anext(updates)).kind]  # "connected", then the lobby
            await updates.aclose()
            return kinds[1], len(await client.list_games())

    assert asyncio.run(scenario()) == ("lobby", 1)


def test_an_empty_password_file_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "password"
    empty.write_text("\n")
    with pytest.raises(SystemExit, match="is empty"):
        read_password(empty, "vegas serve")
    with pytest.raises(SystemExit, match="cannot read"):
        read_password(tmp_path / "missing", "vegas serve")


def test_vegas_bot_brings_the_password_and_the_join_code(locked: ServerThread, tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("open sesame\n")
    with stub_for(locked.address) as stub:
        allowed = ((PASSWORD_METADATA, "open sesame"),)
        created = stub.CreateGame(pb.CreateGameRequest(game="lords", rules="up", players=3, private=True,
                                                       bots=[pb.BotSeat(seat=0), pb.BotSeat(seat=2)]),
                                  metadata=allowed)
        command = [sys.executable, "-m", "vegas_table", "bot", "--server", locked.address, "--game", created.game_id,
                   "--code", created.join_code, "--password-file", str(secret), "--seed", "5"]
        finished = subprocess.run(command, capture_output=True, text=True, timeout=120)
        summary = stub.GetGame(pb.GetGameRequest(game_id=created.game_id, join_code=created.join_code),
                               metadata=allowed)
    assert finished.returncode == 0, finished.stderr
    assert summary.status == pb.GAME_STATUS_FINISHED and "open sesame" not in finished.stderr


def test_neither_the_password_nor_a_join_code_reaches_the_log(tmp_path: Path) -> None:
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    allowed = ((PASSWORD_METADATA, "open sesame"),)
    try:
        with serving(tmp_path, password="open sesame") as server, stub_for(server.address) as stub:
            created = stub.CreateGame(pb.CreateGameRequest(game="lords", rules="up", players=2, private=True),
                                      metadata=allowed)
            stub.JoinGame(pb.JoinGameRequest(game_id=created.game_id, name="friend", join_code=created.join_code),
                          metadata=allowed)
            refusal(stub.JoinGame, pb.JoinGameRequest(game_id=created.game_id, name="x", join_code="guess"))
            refusal(lambda r: stub.GetGame(r, metadata=allowed), pb.GetGameRequest(game_id=created.game_id,
                                                                                  join_code="K2M9PQ7R"))
            flush_logs()
    finally:
        configure_logging(level="warning")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line.get("code") for line in lines if line["event"] == "request"][-2:] == ["password_required",
                                                                                     "private_game"]
    assert all(secret not in out.getvalue() for secret in ("open sesame", created.join_code, "guess", "K2M9PQ7R"))
