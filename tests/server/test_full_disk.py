"""A disk that refuses to save a game's record: the request is refused in a sentence, and nothing changed."""

from __future__ import annotations

import errno
from pathlib import Path

import grpc
import pytest

from tests.server.harness import create, refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.server.records import GameRecord, GameStore


def test_a_join_the_disk_refuses_is_unavailable_and_leaves_the_seat_free(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(tmp_path / "data") as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2).game_id
        writing = GameStore._write

        def full(store: GameStore, record: GameRecord) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(GameStore, "_write", full)
        join = pb.JoinGameRequest(game_id=game_id, seat=0, name="Ann", entropy="a")
        status, code, sentence = refusal(stub.JoinGame, join)
        assert (status, code) == (grpc.StatusCode.UNAVAILABLE, "not_saved")
        assert sentence == (f"the server could not save game {game_id} (No space left on device); nothing changed: "
                            "retry in a while (the host may need to free disk space)")
        seats = stub.GetGame(pb.GetGameRequest(game_id=game_id)).seats
        assert [s.taken for s in seats] == [False, False]

        monkeypatch.setattr(GameStore, "_write", writing)  # the host freed some space: the retry takes the seat
        assert stub.JoinGame(join).seat == 0
        assert [s.player for s in stub.GetGame(pb.GetGameRequest(game_id=game_id)).seats] == ["Ann", ""]


def test_a_new_game_the_disk_refuses_is_unavailable_and_not_listed(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def full(store: GameStore, record: GameRecord) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with serving(tmp_path / "data") as server, stub_for(server.address) as stub:
        monkeypatch.setattr(GameStore, "_write", full)
        status, code, sentence = refusal(stub.CreateGame, pb.CreateGameRequest(game="lords", rules="up", players=4))
        assert (status, code) == (grpc.StatusCode.UNAVAILABLE, "not_saved")
        assert "(No space left on device); nothing changed" in sentence
        assert not stub.ListGames(pb.ListGamesRequest()).games
