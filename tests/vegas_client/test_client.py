"""The gRPC Client against a real server on loopback: lobby calls, refusals as VegasError, the rate limit
waited out, the password sent, and an Act stream that outlives its server."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import grpc
import pytest
import stamina

from tests.server.harness import ServerThread, self_signed, serving
from vegas_client import NewGame, VegasError, client_for, connect
from vegas_client.errors import is_retryable
from vegas_client.retry import RetryPolicy
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.bots.base import GameInfo
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.runner import SeatRunner
from vegas_table.server.app import ServerOptions
from vegas_table.server.limits import Limits


def test_lobby_calls_and_refusals(tmp_path: Path) -> None:
    async def scenario(address: str) -> dict[str, Any]:
        async with connect(address) as client:
            types = await client.game_types()
            created = await client.create_game(NewGame("lords", "classic", 2, bots=(1,), bot_think_ms=0))
            listed = await client.list_games()
            joined = await client.join_game(created.game_id, "Ann", entropy="mine")
            _version, legal = await client.legal_actions(created.game_id, joined.token)
            events = await client.list_events(created.game_id)
            with pytest.raises(VegasError) as unknown:
                await client.get_game("nosuch")
            with pytest.raises(VegasError) as unfinished:
                await client.replay(created.game_id)
            return {"types": types, "created": created, "listed": listed, "joined": joined, "legal": legal,
                    "events": events, "unknown": unknown.value, "unfinished": unfinished.value}

    with serving(tmp_path) as server:
        got = asyncio.run(scenario(server.address))
    assert {t.name for t in got["types"]} == {"lords", "lasvegas"}
    assert [g.game_id for g in got["listed"]] == [got["created"].game_id]
    assert got["joined"].seat == 0 and got["joined"].game.status == "running"
    assert got["events"][0].version == 0 and got["events"][0].move is None
    assert all(a.text for a in got["legal"])
    assert (got["unknown"].code, got["unknown"].status, got["unknown"].retryable) == ("unknown_game", "NOT_FOUND",
                                                                                      False)
    assert got["unfinished"].code == "not_finished"


def test_the_rate_limit_is_waited_out(tmp_path: Path) -> None:
    async def calls(address: str) -> int:
        async with connect(address) as client:
            return len([await client.list_games() for _ in range(4)])

    with serving(tmp_path, limits=Limits(rate=2.0, burst=1)) as server:
        with stamina.set_testing(True, attempts=1), pytest.raises(VegasError) as refused:  # no retrying
            asyncio.run(calls(server.address))
        assert refused.value.code == "rate_limited" and refused.value.retryable
        assert asyncio.run(calls(server.address)) == 4  # the same calls, retried with the policy's waits


def test_only_what_may_work_later_is_retryable() -> None:
    assert is_retryable(grpc.StatusCode.UNAVAILABLE, "")
    assert is_retryable(grpc.StatusCode.UNAVAILABLE, "suspended")
    assert is_retryable(grpc.StatusCode.RESOURCE_EXHAUSTED, "rate_limited")
    assert not is_retryable(grpc.StatusCode.RESOURCE_EXHAUSTED, "too_many_games")
    assert not is_retryable(grpc.StatusCode.ABORTED, "stale_version")
    assert not is_retryable(grpc.StatusCode.PERMISSION_DENIED, "bad_token")
    assert not is_retryable(grpc.StatusCode.INTERNAL, "internal")  # a bug of the server: it said so
    assert is_retryable(grpc.StatusCode.INTERNAL, "")  # gRPC's core, about a call that broke under it


def test_the_password_goes_with_every_request() -> None:
    seen: list[dict[str, str]] = []

    async def list_games(request: Any, context: grpc.aio.ServicerContext) -> pb.ListGamesResponse:
        seen.append(dict(context.invocation_metadata()))
        return pb.ListGamesResponse()

    async def scenario() -> None:
        server = grpc.aio.server()
        handler = grpc.unary_unary_rpc_method_handler(list_games, pb.ListGamesRequest.FromString,
                                                      pb.ListGamesResponse.SerializeToString)
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("vegas.v1.VegasTable",
                                                                              {"ListGames": handler}),))
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        try:
            for password in ("open sesame", None):
                client = client_for(f"127.0.0.1:{port}", password=password)
                await client.list_games()
                await client.close()
        finally:
            await server.stop(0)

    asyncio.run(scenario())
    assert seen[0]["vegas-password"] == "open sesame" and "vegas-password" not in seen[1]


def test_an_act_stream_whose_server_went_away_fails_retryably_and_a_new_one_works(tmp_path: Path) -> None:
    server = ServerThread(ServerOptions(data_dir=tmp_path))
    address, port = server.address, server.port
    client = None
    try:
        async def first() -> tuple[str, str, int]:
            nonlocal client
            client = client_for(address)
            created = await client.create_game(NewGame("lords", "classic", 2))
            tokens = {j.seat: j.token for j in [await client.join_game(created.game_id, n) for n in ("A", "B")]}
            token = tokens[(await client.get_game(created.game_id)).actors[0]]
            version, _ = await client.legal_actions(created.game_id, token)
            with pytest.raises(VegasError) as refused:  # the stream is open now: a refusal does not end it
                await client.submit(created.game_id, token, "fly to the moon", version)
            assert refused.value.status == "INVALID_ARGUMENT"
            return created.game_id, token, version

        loop = asyncio.new_event_loop()
        game_id, token, version = loop.run_until_complete(first())
        server.stop()  # the server goes away with the seat's Act stream open
        assert client is not None
        with pytest.raises(VegasError) as lost:
            loop.run_until_complete(client.submit(game_id, token, "end", version))
        assert lost.value.retryable and "cannot be reached" in lost.value.message
        server = ServerThread(ServerOptions(data_dir=tmp_path))  # another port: a new client for it

        async def second(address: str) -> int:
            moved = client_for(address)
            version, legal = await moved.legal_actions(game_id, token)
            result = await moved.submit(game_id, token, legal[0].text, version)
            await moved.close()
            return result.version - version

        assert loop.run_until_complete(second(server.address)) == 1
        loop.run_until_complete(client.close())
        loop.close()
    finally:
        server.stop()
    assert port


def test_a_client_plays_game_after_game_on_one_connection(tmp_path: Path) -> None:
    """Each finished game lets go of its seats' Act streams: one connection plays game after game under the
    server's limit of open streams per connection (here 4: one game's 2 Watch and 2 Act streams), as a bot that
    plays on and on, or a table that rematches, does."""
    async def games_in_a_row(address: str, games: int) -> list[int]:
        ends, retry = [], RetryPolicy(timeout=10.0)
        async with connect(address, retry=retry) as client:
            for k in range(games):
                created = await client.create_game(NewGame("lasvegas", "base", 2))
                runners = []
                for seat in range(2):
                    joined = await client.join_game(created.game_id, f"bot {seat}", seat)
                    runners.append(SeatRunner(client, created.game_id, joined.token, RandomBot(f"{k}/{seat}"),
                                              GameInfo("lasvegas", "base", 2, (), seat), retry=retry))
                await asyncio.gather(*(runner.play() for runner in runners))
                ends.append((await client.get_game(created.game_id)).version)
            assert client.streams == {}, "a finished game's Act streams are still open"
        return ends

    with serving(tmp_path, limits=Limits(streams_per_connection=4)) as server:
        ends = asyncio.run(games_in_a_row(server.address, 3))
    assert len(ends) == 3 and all(ends)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a test certificate")
def test_tls_with_a_ca_file(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)

    async def game_types(address: str) -> list[str]:
        async with connect(address, ca_file=cert) as client:
            return [t.name for t in await client.game_types()]

    with serving(tmp_path / "data", tls_cert=cert, tls_key=key) as server:
        assert "lords" in asyncio.run(game_types(server.address))
