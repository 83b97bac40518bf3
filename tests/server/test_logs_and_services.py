"""One log line per request and per game event, never a token; health, reflection and the catalogue."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from tests.server.harness import ServerThread, create, join_all, self_signed, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.common.logs import configure_logging


def test_log_lines_name_requests_and_events_but_never_tokens(tmp_path: Path) -> None:
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        with serving(tmp_path) as server, stub_for(server.address) as stub:
            game_id = create(stub, players=2, rules="classic").game_id
            tokens = join_all(stub, game_id, range(2))
            for token in tokens.values():  # one of them is not the one the game waits for
                with contextlib.suppress(grpc.RpcError):
                    stub.SubmitAction(pb.SubmitActionRequest(game_id=game_id, seat_token=token, action="end"))
    finally:
        configure_logging(level="warning")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    requests = [line for line in lines if line["event"] == "request"]
    assert [r["rpc"] for r in requests] == ["CreateGame", "JoinGame", "JoinGame", "SubmitAction", "SubmitAction"]
    assert sorted(r["status"] for r in requests[3:])[-1] == "OK"  # the other: stale, or not its turn
    assert all(r["game_id"] == game_id for r in requests[1:])
    assert any(line["event"] == "game_event" and line["text"] for line in lines)
    assert all(token not in out.getvalue() for token in tokens.values())


def test_health_and_reflection_are_on(server: ServerThread) -> None:
    with grpc.insecure_channel(server.address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", "vegas.v1.VegasTable"):
            assert health.Check(health_pb2.HealthCheckRequest(service=service)).status == \
                health_pb2.HealthCheckResponse.SERVING
        reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        [reply] = list(reflection.ServerReflectionInfo(iter([request])))
    names = {s.name for s in reply.list_services_response.service}
    assert {"vegas.v1.VegasTable", "grpc.health.v1.Health"} <= names


def test_the_catalogue_offers_every_game_and_rule_set(server: ServerThread) -> None:
    with stub_for(server.address) as stub:
        games = {g.name: g for g in stub.ListGameTypes(pb.ListGameTypesRequest()).games}
    lords = games["lords"]
    assert lords.title == "Lords of Vegas"
    assert {(r.name, r.min_players, r.max_players) for r in lords.rule_sets} == {
        ("classic", 2, 4), ("up", 2, 6), ("underworld", 2, 6)}
    assert list(lords.options) == ["layoff", "underworld"]


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a test certificate")
def test_tls_when_given_a_certificate(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    with serving(tmp_path / "data", tls_cert=cert, tls_key=key) as server:
        credentials = grpc.ssl_channel_credentials(root_certificates=cert.read_bytes())
        with grpc.secure_channel(server.address, credentials) as channel:
            games = table_pb2_grpc.VegasTableStub(channel).ListGameTypes(pb.ListGameTypesRequest()).games
        with grpc.insecure_channel(server.address) as plain, pytest.raises(grpc.RpcError):
            table_pb2_grpc.VegasTableStub(plain).ListGameTypes(pb.ListGameTypesRequest(), timeout=2)
    assert "lords" in [g.name for g in games]


def test_the_server_bots_lines_are_not_the_request_that_created_their_game(tmp_path: Path) -> None:
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        with serving(tmp_path) as server, stub_for(server.address) as stub:
            game_id = create(stub, players=2, bots=(0, 1), rules="classic").game_id
            for _ in stub.Watch(pb.WatchRequest(game_id=game_id), timeout=60):
                pass
    finally:
        configure_logging(level="warning")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    moves = [line for line in lines if line["event"] == "action"]
    assert moves and all(line["game_id"] == game_id and "rpc" not in line for line in moves)
