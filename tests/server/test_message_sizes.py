"""Requests and metadata are capped well below gRPC's 4 MB default: an oversized one is RESOURCE_EXHAUSTED
before the server holds it, while the largest request the field checks allow is answered as usual."""

from __future__ import annotations

import grpc

from tests.server.harness import ServerThread, refusal, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.server.limits import Limits
from vegas_table.server.validate import MAX_ACTION, MAX_ID, MAX_OPTIONS, MAX_TOKEN

MAX_MESSAGE_BYTES, MAX_METADATA_BYTES = Limits().message_bytes, Limits().metadata_bytes


def test_a_message_over_the_limit_is_resource_exhausted(server: ServerThread) -> None:
    request = pb.SubmitActionRequest(game_id="abcdef", seat_token="t", action="x" * (MAX_MESSAGE_BYTES + 1))
    with stub_for(server.address) as stub:
        status, _, message = refusal(stub.SubmitAction, request)
        act = stub.Act(iter([request]))
        status_in_stream, _, _ = refusal(lambda: next(act))
    assert status == status_in_stream == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "larger than max" in message


def test_metadata_over_the_limit_is_resource_exhausted(server: ServerThread) -> None:
    with grpc.insecure_channel(server.address, options=[("grpc.max_metadata_size", 1 << 24),
                                                        ("grpc.absolute_max_metadata_size", 1 << 24)]) as channel:
        stub = table_pb2_grpc.VegasTableStub(channel)
        status, _, _ = refusal(lambda: stub.ListGames(pb.ListGamesRequest(), metadata=[("x-big", "v" * 12_000)]))
        assert status == grpc.StatusCode.RESOURCE_EXHAUSTED
        stub.ListGames(pb.ListGamesRequest(), metadata=[("x-small", "v" * 1000)])


def test_the_largest_requests_the_field_checks_allow_are_answered_not_cut(server: ServerThread) -> None:
    wide = "\N{GRINNING FACE}"  # four bytes in UTF-8: the checks count characters
    action = pb.SubmitActionRequest(game_id="g" * MAX_ID, seat_token="t" * MAX_TOKEN, action=wide * MAX_ACTION)
    create = pb.CreateGameRequest(game="lords", rules="up", players=6, options=[wide * MAX_ID] * MAX_OPTIONS,
                                  bots=[pb.BotSeat(seat=s, kind="random") for s in range(6)])
    assert max(action.ByteSize(), create.ByteSize()) < MAX_MESSAGE_BYTES / 3  # room to spare
    assert MAX_METADATA_BYTES >= 8 * 1024
    with stub_for(server.address) as stub:
        assert refusal(stub.SubmitAction, action)[0] == grpc.StatusCode.NOT_FOUND  # no such game: checked
        assert refusal(stub.CreateGame, create)[0] == grpc.StatusCode.INVALID_ARGUMENT  # no such options
