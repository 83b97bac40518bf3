"""No one client can fill the lobby: the server-wide game cap holds under concurrent creates, each address
has its quota of waiting games, and games nobody joins expire (and stay gone after a restart)."""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import datetime, timedelta
from pathlib import Path

import grpc
import pytest

from tests.server.harness import create, join_all, refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.cli.main import build_parser
from vegas_table.cli.serve import options_from
from vegas_table.server.errors import ApiError
from vegas_table.server.hub import GameHub
from vegas_table.server.limits import Limits
from vegas_table.server.matches import LocalMatches
from vegas_table.server.records import GameStore
from vegas_table.server.session import Settings
from vegas_table.server.viewers import Status

Code = grpc.StatusCode
UNLIMITED = Limits(max_games=0, waiting_per_address=0, waiting_expiry=0, streams_per_connection=0,
                   streams_per_address=0, rate=0, address_rate=0)
NEW_GAME = pb.CreateGameRequest(game="lords", rules="up", players=4)


async def _create_all(address: str, count: int, connections: int) -> list[pb.CreateGameResponse | grpc.RpcError]:
    """`count` CreateGame calls at once, spread over `connections` connections."""
    options = [("grpc.use_local_subchannel_pool", 1)]  # a TCP connection each, as from several clients
    channels = [grpc.aio.insecure_channel(address, options=options) for _ in range(connections)]
    try:
        stubs = [table_pb2_grpc.VegasTableStub(channel) for channel in channels]
        calls = [stubs[k % connections].CreateGame(NEW_GAME) for k in range(count)]
        return await asyncio.gather(*calls, return_exceptions=True)
    finally:
        await asyncio.gather(*(channel.close() for channel in channels))


def test_the_game_cap_holds_under_concurrent_creates(tmp_path: Path) -> None:
    limits = Limits(max_games=20, waiting_per_address=0, rate=0, address_rate=0)
    with serving(tmp_path, limits=limits) as server:
        outcomes = asyncio.run(_create_all(server.address, 120, 10))
        held = len(server.running.hub.sessions)
    created = [o for o in outcomes if isinstance(o, pb.CreateGameResponse)]
    refused = [o for o in outcomes if isinstance(o, grpc.aio.AioRpcError)]
    assert len(created) == 20 and held == 20
    assert len(refused) == 100 and {r.code() for r in refused} == {Code.RESOURCE_EXHAUSTED}
    assert "already hosts 20 unfinished games" in refused[0].details()
    assert len(list((tmp_path / "games").iterdir())) == 20  # nothing refused was saved either
    with serving(tmp_path, limits=limits) as again, stub_for(again.address) as stub:
        assert refusal(stub.CreateGame, NEW_GAME)[:2] == (Code.RESOURCE_EXHAUSTED, "too_many_games")


def test_one_address_may_have_only_so_many_waiting_games(tmp_path: Path) -> None:
    with serving(tmp_path, limits=Limits(waiting_per_address=3)) as server, stub_for(server.address) as stub:
        games = [create(stub).game_id for _ in range(3)]
        status, code, sentence = refusal(stub.CreateGame, NEW_GAME)
        join_all(stub, games[0], range(4))  # a game that starts no longer waits: its place frees
        fourth = create(stub).game_id
        again = refusal(stub.CreateGame, NEW_GAME)[1]
        bots_only = create(stub, players=2, bots=(0, 1)).game_id  # starts at once: never waits
    assert (status, code) == (Code.RESOURCE_EXHAUSTED, "too_many_waiting")
    assert "already has 3 games waiting" in sentence and "expires, in 30 min" in sentence
    assert fourth and again == "too_many_waiting" and bots_only


def test_one_address_may_have_only_so_many_unfinished_games_bots_only_included(tmp_path: Path) -> None:
    limits = Limits(games_per_address=3, waiting_per_address=2)
    with serving(tmp_path, limits=limits) as server, stub_for(server.address) as stub:
        slow = [create(stub, players=2, bots=(0, 1), think_ms=10_000).game_id for _ in range(2)]  # hours long
        waiting = create(stub).game_id
        status, code, sentence = refusal(stub.CreateGame, NEW_GAME)
        bots = refusal(stub.CreateGame, pb.CreateGameRequest(game="lords", rules="up", players=2,
                                                             bots=[pb.BotSeat(seat=0), pb.BotSeat(seat=1)]))
    assert len(slow) == 2 and waiting
    assert (status, code) == (Code.RESOURCE_EXHAUSTED, "too_many_own_games") and bots[1] == "too_many_own_games"
    assert "already has 3 unfinished games" in sentence and "--games-per-address" in sentence


def _hub(tmp_path: Path, limits: Limits) -> GameHub:
    return GameHub(GameStore(tmp_path), Settings(fsync=False), LocalMatches(fsync=False), limits)


def test_the_waiting_quota_counts_each_address_apart(tmp_path: Path) -> None:
    async def scenario() -> tuple[str, str]:
        hub = _hub(tmp_path, Limits(waiting_per_address=2))
        for _ in range(2):
            await hub.create("lords", "up", [], 4, {}, 0, owner="ipv4:10.0.0.7")
        with pytest.raises(ApiError) as full:
            await hub.create("lords", "up", [], 4, {}, 0, owner="ipv4:10.0.0.7")
        other, _ = await hub.create("lords", "up", [], 4, {}, 0, owner="ipv4:10.0.0.8")
        return full.value.code, other.status.name

    assert asyncio.run(scenario()) == ("too_many_waiting", "WAITING")


def test_a_waiting_game_nobody_joins_expires_and_its_watchers_are_told(tmp_path: Path) -> None:
    with serving(tmp_path, limits=Limits(waiting_expiry=600)) as server, stub_for(server.address) as stub:
        hub = server.running.hub
        lonely = create(stub).game_id
        joined = create(stub).game_id
        watch = stub.Watch(pb.WatchRequest(game_id=lonely))
        assert next(watch).HasField("lobby")
        start = datetime.fromisoformat(hub.sessions[lonely].record.created_at)
        hub.now = lambda: start + timedelta(seconds=400)
        join_all(stub, joined, (1,))  # a join at +400 s puts off its game's expiry
        hub.now = lambda: start + timedelta(seconds=700)
        gone = server.run(hub.expire_waiting())
        with pytest.raises(grpc.RpcError) as ended:
            next(watch)
        missing = refusal(stub.GetGame, pb.GetGameRequest(game_id=lonely))
        join = refusal(stub.JoinGame, pb.JoinGameRequest(game_id=lonely, name="late"))
        kept = stub.GetGame(pb.GetGameRequest(game_id=joined))
    assert gone == [lonely]
    assert ended.value.code() == Code.NOT_FOUND and "waited for players longer" in ended.value.details()  # type: ignore[attr-defined]
    assert missing[:2] == (Code.NOT_FOUND, "unknown_game") and join[:2] == (Code.NOT_FOUND, "unknown_game")
    assert kept.status == pb.GAME_STATUS_WAITING
    assert not (tmp_path / "games" / lonely).exists() and (tmp_path / "games" / joined).exists()


def test_expired_waiting_games_do_not_come_back_after_a_restart(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        old, fresh = create(stub).game_id, create(stub).game_id
    record = tmp_path / "games" / old / "game.json"
    data = json.loads(record.read_text())
    data["created_at"] = (datetime.fromisoformat(data["created_at"]) - timedelta(hours=1)).isoformat()
    record.write_text(json.dumps(data))
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        listed = [g.game_id for g in stub.ListGames(pb.ListGamesRequest()).games]
        statuses = {s.game_id: s.status for s in server.running.hub.sessions.values()}
    assert listed == [fresh] and statuses == {fresh: Status.WAITING}
    assert not (tmp_path / "games" / old).exists()


def test_limits_of_zero_are_off(tmp_path: Path) -> None:
    with serving(tmp_path, limits=UNLIMITED) as server, stub_for(server.address) as stub:
        games = [create(stub).game_id for _ in range(15)]
        assert server.run(server.running.hub.expire_waiting()) == []
    assert len(set(games)) == 15


def test_vegas_serve_flags_set_every_limit(tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("hunter2\n")
    flags = {"--max-games": "50", "--games-per-address": "9", "--waiting-per-address": "2", "--waiting-expiry": "5",
             "--streams-per-connection": "4", "--streams-per-address": "8", "--rate-limit": "10",
             "--address-rate-limit": "30", "--max-message-bytes": "4096", "--max-metadata-bytes": "2048",
             "--finished-kept": "3", "--password-file": str(secret)}
    options = options_from(build_parser().parse_args(["serve", *(w for pair in flags.items() for w in pair)]))
    assert options.limits == Limits(max_games=50, games_per_address=9, waiting_per_address=2, waiting_expiry=300.0,
                                    streams_per_connection=4, streams_per_address=8, rate=10.0, burst=20,
                                    address_rate=30.0, address_burst=60, message_bytes=4096, metadata_bytes=2048,
                                    finished_kept=3)
    assert options.password == "hunter2"
    assert options_from(build_parser().parse_args(["serve"])).limits == Limits()
    with pytest.raises(SystemExit, match="--streams-per-address -1 must be 0"):
        options_from(build_parser().parse_args(["serve", "--streams-per-address", "-1"]))


def test_the_server_sweeps_expired_waiting_games_by_itself(tmp_path: Path) -> None:
    with serving(tmp_path, limits=Limits(waiting_expiry=0.2)) as server, stub_for(server.address) as stub:
        game_id = create(stub).game_id
        for _ in range(500):  # the sweep runs every 0.05 s here (a quarter of the expiry); wait for it
            if game_id not in server.running.hub.sessions:
                break
            threading.Event().wait(0.02)
        refused = refusal(stub.GetGame, pb.GetGameRequest(game_id=game_id))
    assert refused[:2] == (Code.NOT_FOUND, "unknown_game") and not (tmp_path / "games" / game_id).exists()
