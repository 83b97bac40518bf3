"""Open streams are capped per connection and per address, and requests per address as well as per
connection: one client cannot hold the server's streams or its time, and the refusal says which limit."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import grpc

from tests.server.harness import create, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.server.limits import Limits, StreamCounter, address_of
from vegas_table.server.ratelimit import RateLimiter

Code = grpc.StatusCode
OWN_CONNECTION = [("grpc.use_local_subchannel_pool", 1)]  # a TCP connection per channel, as from several clients


async def _open_watches(stub: table_pb2_grpc.VegasTableStub, game_id: str, count: int) -> list[object]:
    """`count` Watch streams, each open (its first update received)."""
    calls = []
    for _ in range(count):
        call = stub.Watch(pb.WatchRequest(game_id=game_id))
        await call.read()
        calls.append(call)
    return calls


async def _refusal(call: object) -> tuple[Code, str]:
    try:
        await call.read()  # type: ignore[attr-defined]
    except grpc.aio.AioRpcError as error:
        return error.code(), error.details() or ""
    raise AssertionError("the stream was not refused")


def test_streams_per_connection_are_capped_and_free_when_closed(tmp_path: Path) -> None:
    async def scenario(address: str, game_id: str) -> tuple[tuple[Code, str], tuple[Code, str], bool]:
        async with grpc.aio.insecure_channel(address) as channel:
            stub = table_pb2_grpc.VegasTableStub(channel)
            calls = await _open_watches(stub, game_id, 3)
            over_watch = await _refusal(stub.Watch(pb.WatchRequest(game_id=game_id)))
            over_act = await _refusal(stub.Act(_nothing()))
            calls[0].cancel()  # type: ignore[attr-defined]
            await asyncio.sleep(0)
            reopened = await _retry_open(stub, game_id)
            for call in [*calls, reopened]:
                if call is not None:
                    call.cancel()  # type: ignore[attr-defined]
            return over_watch, over_act, reopened is not None

    with serving(tmp_path, limits=Limits(streams_per_connection=3)) as server, stub_for(server.address) as stub:
        game_id = create(stub).game_id
        over_watch, over_act, reopened = asyncio.run(scenario(server.address, game_id))
    assert over_watch[0] == Code.RESOURCE_EXHAUSTED and "this connection already has 3 open" in over_watch[1]
    assert over_act[0] == Code.RESOURCE_EXHAUSTED and "--streams-per-connection" in over_act[1]
    assert reopened


async def _nothing() -> AsyncIterator[pb.SubmitActionRequest]:
    await asyncio.Event().wait()  # an Act stream that sends nothing: it only holds its place
    yield pb.SubmitActionRequest()


async def _retry_open(stub: table_pb2_grpc.VegasTableStub, game_id: str) -> object | None:
    """A new stream, open once the cancelled one is let go of (the server sees the cancel soon, not at
    once: try until it has); None if it never opens."""
    for _ in range(200):
        call = stub.Watch(pb.WatchRequest(game_id=game_id))
        try:
            await call.read()
            return call
        except grpc.aio.AioRpcError:
            await asyncio.sleep(0.01)
    return None


def test_streams_per_address_are_capped_over_all_its_connections(tmp_path: Path) -> None:
    async def scenario(address: str, game_id: str) -> tuple[Code, str]:
        channels = [grpc.aio.insecure_channel(address, options=OWN_CONNECTION) for _ in range(3)]
        try:
            stubs = [table_pb2_grpc.VegasTableStub(channel) for channel in channels]
            calls = [*await _open_watches(stubs[0], game_id, 2), *await _open_watches(stubs[1], game_id, 2)]
            refused = await _refusal(stubs[2].Watch(pb.WatchRequest(game_id=game_id)))
            for call in calls:
                call.cancel()  # type: ignore[attr-defined]
            return refused
        finally:
            await asyncio.gather(*(channel.close() for channel in channels))

    limits = Limits(streams_per_connection=3, streams_per_address=4)
    with serving(tmp_path, limits=limits) as server, stub_for(server.address) as stub:
        game_id = create(stub).game_id
        status, sentence = asyncio.run(scenario(server.address, game_id))
    assert status == Code.RESOURCE_EXHAUSTED and "this address already has 4 open" in sentence
    assert "--streams-per-address" in sentence


def test_the_stream_counter_forgets_peers_whose_streams_closed() -> None:
    counter = StreamCounter(per_connection=2, per_address=3)
    counter.open("ipv4:10.0.0.7:1000")
    counter.open("ipv4:10.0.0.7:1001")
    counter.close("ipv4:10.0.0.7:1000")
    counter.close("ipv4:10.0.0.7:1001")
    assert counter.connections == {} and counter.addresses == {}


def test_requests_are_limited_per_address_whatever_the_connection(tmp_path: Path) -> None:
    async def scenario(address: str) -> list[tuple[Code, str]]:
        channels = [grpc.aio.insecure_channel(address, options=OWN_CONNECTION) for _ in range(4)]
        outcomes = []
        try:
            for k in range(12):
                try:
                    await table_pb2_grpc.VegasTableStub(channels[k % 4]).ListGames(pb.ListGamesRequest())
                    outcomes.append((Code.OK, ""))
                except grpc.aio.AioRpcError as error:
                    outcomes.append((error.code(), error.details() or ""))
        finally:
            await asyncio.gather(*(channel.close() for channel in channels))
        return outcomes

    limits = Limits(rate=100, burst=100, address_rate=5, address_burst=5)
    with serving(tmp_path, limits=limits) as server:
        outcomes = asyncio.run(scenario(server.address))
    assert [code for code, _ in outcomes[:5]] == [Code.OK] * 5
    refused = [sentence for code, sentence in outcomes[5:] if code == Code.RESOURCE_EXHAUSTED]
    assert refused and "too many requests from this address" in refused[0] and "--address-rate-limit" in refused[0]


def test_the_address_of_a_peer_leaves_out_its_port() -> None:
    assert address_of("ipv4:10.0.0.7:51234") == "ipv4:10.0.0.7"
    assert address_of("ipv6:[::1]:51234") == "ipv6:[::1]"
    assert address_of("unix:/tmp/socket") == "unix:/tmp/socket"


def test_a_connection_that_floods_does_not_use_up_another_addresses_allowance() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2, burst=2, address_rate=3, address_burst=3, clock=lambda: now[0])
    first = [limiter.refused("ipv4:10.0.0.7:1") for _ in range(3)]
    second = [limiter.refused("ipv4:10.0.0.7:2") for _ in range(2)]
    elsewhere = limiter.refused("ipv4:10.0.0.8:1")
    now[0] = 10.0
    later = limiter.refused("ipv4:10.0.0.7:2")
    assert first == [None, None, "connection"] and second == [None, "address"]  # 3 per address, refusals free
    assert elsewhere is None and later is None
