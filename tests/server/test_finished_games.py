"""Memory stays flat over a long life: finished games leave memory and are read from disk when someone
asks for them, and ListGames pages its results."""

from __future__ import annotations

import json
from pathlib import Path

import grpc
import pytest

from tests.server.harness import ServerThread, create, join_all, refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.server.limits import Limits

Code = grpc.StatusCode
FINISHED_KEPT = Limits().finished_kept
GAMES = FINISHED_KEPT + 8


def play_to_the_end(stub: table_pb2_grpc.VegasTableStub, count: int) -> list[str]:
    """`count` games of bots only, each watched until it ends; their ids, oldest first."""
    ids = []
    for _ in range(count):
        game_id = stub.CreateGame(pb.CreateGameRequest(game="lasvegas", rules="base", players=2, bot_think_ms=0,
                                                       bots=[pb.BotSeat(seat=0), pb.BotSeat(seat=1)])).game_id
        updates = list(stub.Watch(pb.WatchRequest(game_id=game_id), timeout=60))
        assert updates[-1].status == pb.GAME_STATUS_FINISHED
        ids.append(game_id)
    return ids


def held(server: ServerThread) -> tuple[int, int, int]:
    """Games the server holds in memory: unfinished sessions, finished ones kept, matches."""
    hub = server.running.hub
    return len(hub.sessions), len(hub.finished.kept), len(hub.matches.matches)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    data = tmp_path_factory.mktemp("data")
    with serving(data, limits=Limits(rate=0, address_rate=0)) as server, stub_for(server.address) as stub:
        return data, play_to_the_end(stub, GAMES)


def test_finished_games_stay_on_disk_after_a_restart(finished: tuple[Path, list[str]]) -> None:
    data, ids = finished
    with serving(data) as server:
        after_restart = held(server)
        indexed = len(server.running.hub.finished.index)
    assert after_restart == (0, 0, 0) and indexed == len(ids)


def test_a_finished_game_is_held_by_nobody_while_it_is_played_for_long(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        play_to_the_end(stub, GAMES)
        sessions, kept, matches = held(server)
    assert (sessions, matches) == (0, 0) and kept == FINISHED_KEPT  # of GAMES finished


def test_a_game_that_left_memory_is_read_again_from_disk(finished: tuple[Path, list[str]]) -> None:
    data, ids = finished
    oldest = ids[0]  # long gone from the games kept
    with serving(data) as server, stub_for(server.address) as stub:
        summary = stub.GetGame(pb.GetGameRequest(game_id=oldest))
        updates = list(stub.Watch(pb.WatchRequest(game_id=oldest), timeout=60))
        seat = list(stub.Watch(pb.WatchRequest(game_id=oldest, from_version=3), timeout=60))
        replay = stub.GetReplay(pb.GetReplayRequest(game_id=oldest))
        events = stub.ListEvents(pb.ListEventsRequest(game_id=oldest))
        act = refusal(stub.SubmitAction, pb.SubmitActionRequest(game_id=oldest, seat_token="x", action="end"))
        join = refusal(stub.JoinGame, pb.JoinGameRequest(game_id=oldest, name="late"))
        _, kept, _ = held(server)
    assert summary.status == pb.GAME_STATUS_FINISHED and summary.version > 0
    assert len(updates) == 1 and updates[0].status == pb.GAME_STATUS_FINISHED
    assert updates[0].version == summary.version and updates[0].HasField("snapshot")
    assert seat[0].version == summary.version
    assert json.loads(replay.replay.splitlines()[-1])["type"] == "end"
    assert list(events.versions) == []
    assert act[:2] == (Code.FAILED_PRECONDITION, "game_over") and join[:2] == (Code.FAILED_PRECONDITION, "no_free_seat")
    assert kept <= FINISHED_KEPT


def test_list_games_comes_in_pages(finished: tuple[Path, list[str]]) -> None:
    data, ids = finished
    with serving(data) as server, stub_for(server.address) as stub:
        waiting = create(stub).game_id  # newest of all
        pages, token = [], ""
        while True:
            page = stub.ListGames(pb.ListGamesRequest(include_finished=True, page_size=5, page_token=token))
            pages.append([g.game_id for g in page.games])
            token = page.next_page_token
            if not token:
                break
        unfinished = stub.ListGames(pb.ListGamesRequest(page_size=5))
        default = stub.ListGames(pb.ListGamesRequest(include_finished=True))
        bad = refusal(stub.ListGames, pb.ListGamesRequest(page_token="not a token"))
    listed = [game_id for page in pages for game_id in page]
    assert listed == [waiting, *reversed(ids)]  # newest first, each once
    assert all(len(page) == 5 for page in pages[:-1]) and 0 < len(pages[-1]) <= 5
    assert [g.game_id for g in unfinished.games] == [waiting] and not unfinished.next_page_token
    assert len(default.games) == len(ids) + 1  # fewer than a default page: all of them
    assert bad[:2] == (Code.INVALID_ARGUMENT, "bad_request")


def test_an_unknown_or_malformed_id_is_not_looked_for_on_disk(finished: tuple[Path, list[str]]) -> None:
    data, _ = finished
    with serving(data) as server, stub_for(server.address) as stub:
        unknown = refusal(stub.GetGame, pb.GetGameRequest(game_id="zzzzzz"))
        escape = refusal(stub.GetGame, pb.GetGameRequest(game_id="../../x"))
        _, kept, _ = held(server)
    assert unknown[:2] == (Code.NOT_FOUND, "unknown_game") and escape[:2] == (Code.NOT_FOUND, "unknown_game")
    assert kept == 0


def test_a_game_that_failed_to_restore_is_unknown_not_over(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2).game_id
        join_all(stub, game_id, range(2))
    (tmp_path / "games" / game_id / "replay.jsonl").write_bytes(b"not a replay\n")
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        read = refusal(stub.GetGame, pb.GetGameRequest(game_id=game_id))
        act = refusal(stub.SubmitAction, pb.SubmitActionRequest(game_id=game_id, seat_token="x", action="end"))
    assert read[:2] == (Code.NOT_FOUND, "unknown_game") and act[:2] == (Code.NOT_FOUND, "unknown_game")
