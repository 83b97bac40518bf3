"""Presence: a seat is connected while a stream follows the game from it; the others are sent the lobby
summary when a seat comes or goes, with since when it is away. Bots are always there."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.harness import create, join_all, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.server.presence import Presence


def test_a_seat_is_present_while_a_stream_follows_it() -> None:
    presence = Presence(bots=(2,), clock=lambda: "2026-11-25T08:00:00+00:00")
    assert presence.connected(2) and not presence.connected(0)
    assert presence.arrive(0) and not presence.arrive(0)  # a second stream of the same seat is no news
    assert not presence.leave(0) and presence.connected(0)
    assert presence.leave(0) and not presence.connected(0) and presence.away_since[0] == "2026-11-25T08:00:00+00:00"
    assert not presence.arrive(None) and not presence.leave(None)  # spectators count for nobody
    assert presence.arrive(0) and 0 not in presence.away_since


def test_the_others_see_a_player_go_away_and_come_back(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=3, bots=(2,), think_ms=10_000).game_id  # the bot takes its time
        tokens = join_all(stub, game_id, (0, 1))
        watching = stub.Watch(pb.WatchRequest(game_id=game_id), timeout=20)
        assert next(watching).WhichOneof("body") == "snapshot"
        seats = stub.GetGame(pb.GetGameRequest(game_id=game_id)).seats
        assert [s.connected for s in seats] == [False, False, True]  # only the bot so far
        player = stub.Watch(pb.WatchRequest(game_id=game_id, seat_token=tokens[0]), timeout=20)
        next(player)
        came = next(watching)
        assert came.WhichOneof("body") == "lobby" and [s.connected for s in came.lobby.seats] == [True, False, True]
        player.cancel()
        went = next(watching)
        assert went.WhichOneof("body") == "lobby" and not went.lobby.seats[0].connected
        assert went.lobby.seats[0].away_since.endswith("+00:00") and went.lobby.seats[1].away_since == ""
        watching.cancel()


def test_a_seat_is_told_itself_that_it_is_back(tmp_path: Path) -> None:
    """Its client read the summary (GetGame, JoinGame) while the seat had no stream, so that summary shows it
    away: the seat's own new stream is sent the lobby too, after its first updates, with the seat present."""
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=3, bots=(2,), think_ms=10_000).game_id
        tokens = join_all(stub, game_id, (0, 1))
        for visit in range(2):  # the first stream, and the one after coming back
            assert _gone(stub, game_id, 0)
            player = stub.Watch(pb.WatchRequest(game_id=game_id, seat_token=tokens[0]), timeout=20)
            assert next(player).WhichOneof("body") == "snapshot"
            told = next(player)
            assert told.WhichOneof("body") == "lobby" and told.lobby.seats[0].connected, visit
            assert told.lobby.seats[0].away_since == ""
            player.cancel()


def _gone(stub: table_pb2_grpc.VegasTableStub, game_id: str, seat: int) -> bool:
    """Whether the server shows `seat` away within a few seconds (a cancelled stream closes a moment later)."""
    deadline = time.monotonic() + 5
    while stub.GetGame(pb.GetGameRequest(game_id=game_id)).seats[seat].connected:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True
