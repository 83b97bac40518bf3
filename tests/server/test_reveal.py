"""The reveal round of players' entropy on a real server: commit when joining, reveal once every seat is
taken, the game's seed derived from what was revealed; a wrong reveal refused; a seat that never reveals
gets "" when the round's time is up; a plaintext joiner (an old client) is committed and revealed at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import grpc
import pytest

from tests.server.harness import create, refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.cli.main import build_parser
from vegas_table.cli.serve import options_from
from vegas_table.engine.core.fairness import commitment, game_seed
from vegas_table.replays.fairness import check_fairness
from vegas_table.server.session import Settings

Code = grpc.StatusCode
Stub = table_pb2_grpc.VegasTableStub
ENTROPY = {0: "red's 256 random bits", 1: "blue's 256 random bits"}
NEVER = Settings(reveal_timeout=0)  # no deadline: the game waits for every reveal


def join_committed(stub: Stub, game_id: str, seat: int) -> str:
    reply = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=seat, name=f"player {seat}",
                                             entropy_commitment=commitment(ENTROPY[seat])))
    return str(reply.seat_token)


def reveal(stub: Stub, game_id: str, token: str, entropy: str) -> pb.RevealEntropyResponse:
    return stub.RevealEntropy(pb.RevealEntropyRequest(game_id=game_id, seat_token=token, entropy=entropy))


def first_game_update(stub: Stub, game_id: str) -> pb.Update:
    """Watch as a spectator until the game has started (lobby updates until then)."""
    updates = stub.Watch(pb.WatchRequest(game_id=game_id))
    try:
        return next(u for u in updates if u.WhichOneof("body") != "lobby")
    finally:
        updates.cancel()


def header_meta(data_dir: Path, game_id: str) -> dict[str, Any]:
    with open(data_dir / "games" / game_id / "replay.jsonl", "rb") as replay:
        meta: dict[str, Any] = json.loads(replay.readline())["meta"]
    return meta


def test_two_players_commit_reveal_and_the_game_starts_with_the_derived_seed(tmp_path: Path) -> None:
    with serving(tmp_path, settings=NEVER) as server, stub_for(server.address) as stub:
        created = create(stub, players=2)
        game_id = created.game_id
        red = join_committed(stub, game_id, 0)
        waiting = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        early = refusal(reveal, stub, game_id, red, ENTROPY[0])
        blue = join_committed(stub, game_id, 1)
        revealing = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        acting = refusal(stub.ListLegalActions, pb.ListLegalActionsRequest(game_id=game_id, seat_token=red))
        wrong = refusal(reveal, stub, game_id, blue, ENTROPY[0])
        half = reveal(stub, game_id, red, ENTROPY[0]).game
        again = reveal(stub, game_id, red, ENTROPY[0]).game  # a client that restarted reveals again: no harm
        started = reveal(stub, game_id, blue, ENTROPY[1]).game
        meta = header_meta(tmp_path, game_id)

    # every seat's commitment is public from the moment it is made
    assert waiting.status == pb.GAME_STATUS_WAITING
    assert [s.entropy_commitment for s in waiting.seats] == [commitment(ENTROPY[0]), ""]
    assert early[:2] == (Code.FAILED_PRECONDITION, "not_revealing") and "every seat is taken" in early[2]
    assert revealing.status == pb.GAME_STATUS_REVEALING
    assert [s.entropy_commitment for s in revealing.seats] == [commitment(ENTROPY[s]) for s in (0, 1)]
    assert [s.revealed for s in revealing.seats] == [False, False]
    assert acting[:2] == (Code.FAILED_PRECONDITION, "not_started") and "0, 1" in acting[2]
    assert wrong[:2] == (Code.INVALID_ARGUMENT, "entropy_mismatch") and "committed to" in wrong[2]
    assert half.status == again.status == pb.GAME_STATUS_REVEALING
    assert [s.revealed for s in half.seats] == [True, False]
    assert started.status == pb.GAME_STATUS_RUNNING and [s.revealed for s in started.seats] == [True, True]
    # the replay header holds the proof: every commitment and entropy, nobody withheld
    assert meta["entropy_commitments"] == [commitment(ENTROPY[0]), commitment(ENTROPY[1])]
    assert meta["entropies"] == [ENTROPY[0], ENTROPY[1]] and meta["withheld"] == []
    record = json.loads((tmp_path / "games" / game_id / "game.json").read_bytes())
    seed = game_seed(record["server_seed"], [ENTROPY[0], ENTROPY[1]])
    with open(tmp_path / "games" / game_id / "replay.jsonl", "rb") as replay:
        assert json.loads(replay.readline())["config"]["seed"] == seed
    assert check_fairness(meta, seed, 2).status == "not revealed"  # consistent so far: entropies match


def test_a_seat_that_never_reveals_gets_nothing_when_the_time_is_up(tmp_path: Path) -> None:
    with serving(tmp_path, settings=Settings(reveal_timeout=0.2)) as server, stub_for(server.address) as stub:
        created = create(stub, players=2)
        game_id = created.game_id
        red = join_committed(stub, game_id, 0)
        blue = join_committed(stub, game_id, 1)  # blue's client does not reveal in time
        reveal(stub, game_id, red, ENTROPY[0])
        first = first_game_update(stub, game_id)  # the game starts without blue's entropy
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        late = refusal(reveal, stub, game_id, blue, ENTROPY[1])
        meta = header_meta(tmp_path, game_id)

    assert first.WhichOneof("body") == "snapshot" and summary.status == pb.GAME_STATUS_RUNNING
    assert [s.revealed for s in summary.seats] == [True, False]  # blue withheld: everyone sees it
    assert meta["withheld"] == [1] and meta["entropies"] == [ENTROPY[0], ""]
    assert meta["entropy_commitments"][1] == commitment(ENTROPY[1])
    record = json.loads((tmp_path / "games" / game_id / "game.json").read_bytes())
    seed = game_seed(record["server_seed"], [ENTROPY[0], ""])
    assert check_fairness(meta, seed, 2).status == "not revealed"  # consistent: the withheld entropy is ""
    assert late[:2] == (Code.FAILED_PRECONDITION, "reveal_closed") and "did not reveal" in late[2]


def test_a_plaintext_joiner_is_committed_and_revealed_at_once(tmp_path: Path) -> None:
    with serving(tmp_path, settings=NEVER) as server, stub_for(server.address) as stub:
        created = create(stub, players=3, bots=(2,))
        game_id = created.game_id
        stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=0, name="old client", entropy="in plain"))
        blue = join_committed(stub, game_id, 1)
        both = refusal(stub.JoinGame, pb.JoinGameRequest(game_id=created.game_id, name="x", entropy="a",
                                                         entropy_commitment=commitment("a")))
        revealing = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        started = reveal(stub, game_id, blue, ENTROPY[1]).game
        meta = header_meta(tmp_path, game_id)

    assert revealing.status == pb.GAME_STATUS_REVEALING
    assert [s.entropy_commitment for s in revealing.seats] == [commitment("in plain"), commitment(ENTROPY[1]),
                                                               commitment("")]
    assert [s.revealed for s in revealing.seats] == [True, False, True]  # the old client and the bot at once
    assert both[:2] == (Code.INVALID_ARGUMENT, "bad_request")
    assert started.status == pb.GAME_STATUS_RUNNING
    assert meta["entropies"] == ["in plain", ENTROPY[1], ""] and meta["withheld"] == []


def test_a_game_of_plaintext_joiners_starts_at_once(tmp_path: Path) -> None:
    with serving(tmp_path, settings=NEVER) as server, stub_for(server.address) as stub:
        created = create(stub, players=2)
        for seat in (0, 1):
            reply = stub.JoinGame(pb.JoinGameRequest(game_id=created.game_id, seat=seat, name="old", entropy="e"))
    assert reply.game.status == pb.GAME_STATUS_RUNNING


def test_a_malformed_commitment_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path, settings=NEVER) as server, stub_for(server.address) as stub:
        created = create(stub, players=2)
        refused = refusal(stub.JoinGame, pb.JoinGameRequest(game_id=created.game_id, name="x",
                                                            entropy_commitment="ABC"))
    assert refused[:2] == (Code.INVALID_ARGUMENT, "bad_request") and "64 lowercase hex" in refused[2]


def test_the_reveal_round_survives_a_restart(tmp_path: Path) -> None:
    with serving(tmp_path, settings=NEVER) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2).game_id
        tokens = {seat: join_committed(stub, game_id, seat) for seat in (0, 1)}
        reveal(stub, game_id, tokens[0], ENTROPY[0])
    with serving(tmp_path, settings=NEVER) as server, stub_for(server.address) as stub:
        restored = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        again = reveal(stub, game_id, tokens[0], ENTROPY[0]).game  # the restarted client reveals again
        started = reveal(stub, game_id, tokens[1], ENTROPY[1]).game
    assert restored.status == again.status == pb.GAME_STATUS_REVEALING
    assert [s.revealed for s in restored.seats] == [True, False]
    assert started.status == pb.GAME_STATUS_RUNNING


def test_vegas_serve_sets_the_reveal_time() -> None:
    def options(*words: str) -> Settings:
        return options_from(build_parser().parse_args(["serve", *words])).settings

    assert options("--reveal-timeout", "0.2").reveal_timeout == 0.2
    assert options().reveal_timeout == Settings().reveal_timeout == 120
    with pytest.raises(SystemExit, match="--reveal-timeout -1 must be 0 or more"):
        options("--reveal-timeout", "-1")
