"""Every bad input gets its precise status, code and sentence; the game is unchanged; the server stays up."""

from __future__ import annotations

import json
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.server.harness import ServerThread, create, join_all, refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.engine.lords.board import LOTS
from vegas_table.server.limits import Limits

Code = grpc.StatusCode
Stub = table_pb2_grpc.VegasTableStub


def snapshot(stub: Stub, game_id: str, token: str = "") -> pb.Update:
    """The first update a viewer gets: the game's current view (for comparing before and after)."""
    call = stub.Watch(pb.WatchRequest(game_id=game_id, seat_token=token))
    first = next(call)
    call.cancel()
    return first


def fingerprint(stub: Stub, game_id: str) -> tuple[int, str]:
    update = snapshot(stub, game_id)
    return update.version, update.view_hash


class Game:
    """A started 4-seat game with every token, and the seat the game waits for."""

    def __init__(self, stub: Stub) -> None:
        self.id = create(stub).game_id
        self.tokens = join_all(stub, self.id, range(4))
        first = snapshot(stub, self.id)
        self.version, self.view = first.version, json.loads(first.snapshot.view_json)
        self.actor = first.actors[0]
        self.idle = next(s for s in range(4) if s != self.actor)

    def submit(self, action: str, seat: int | None = None, version: int | None = None,
               token: str | None = None) -> pb.SubmitActionRequest:
        token = token if token is not None else self.tokens[self.actor if seat is None else seat]
        return pb.SubmitActionRequest(game_id=self.id, seat_token=token, action=action,
                                      based_on_version=self.version if version is None else version)


@pytest.fixture()
def game(stub: Stub) -> Game:
    return Game(stub)


def unowned_lot(view: dict) -> str:
    return next(lot.name for lot in LOTS if lot.name not in view["lots"])


CASES = {
    "unknown game": (lambda g: pb.SubmitActionRequest(game_id="nosuch", seat_token="x", action="end"),
                     Code.NOT_FOUND, "unknown_game"),
    "a spectator acting (no token)": (lambda g: g.submit("end", token=""), Code.UNAUTHENTICATED, "spectator"),
    "a wrong token": (lambda g: g.submit("end", token="not-a-token"), Code.PERMISSION_DENIED, "bad_token"),
    "not your turn": (lambda g: g.submit("end", seat=g.idle), Code.FAILED_PRECONDITION, "not_your_turn"),
    "an illegal action": (lambda g: g.submit(f"build {unowned_lot(g.view)} gold"), Code.FAILED_PRECONDITION,
                          "not_your_lot"),
    "a malformed action": (lambda g: g.submit("fly to the moon"), Code.INVALID_ARGUMENT, "malformed_action"),
    "an empty action": (lambda g: g.submit("   "), Code.INVALID_ARGUMENT, "bad_request"),
    "a stale version": (lambda g: g.submit("end", version=g.version + 1), Code.ABORTED, "stale_version"),
    "an oversized game id": (lambda g: pb.SubmitActionRequest(game_id="g" * 65, action="end"),
                             Code.INVALID_ARGUMENT, "bad_request"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_action_is_refused_and_changes_nothing(stub: Stub, game: Game, case: str) -> None:
    make, status, code = CASES[case]
    before = fingerprint(stub, game.id)
    got_status, got_code, sentence = refusal(stub.SubmitAction, make(game))
    assert (got_status, got_code) == (status, code), sentence
    assert len(sentence) > 20
    assert fingerprint(stub, game.id) == before


def test_an_action_is_never_applied_twice(stub: Stub, game: Game) -> None:
    request = game.submit("end")
    assert stub.SubmitAction(request).version == game.version + 1
    after = fingerprint(stub, game.id)
    assert refusal(stub.SubmitAction, request)[:2] == (Code.ABORTED, "stale_version")  # a retry of the same
    assert fingerprint(stub, game.id) == after


def test_corrupt_bytes_are_invalid_argument(server: ServerThread, game: Game) -> None:
    with grpc.insecure_channel(server.address) as channel:
        raw = channel.unary_unary("/vegas.v1.VegasTable/SubmitAction")
        status, code, sentence = refusal(raw, b"\x1a\x02\xff\xfe")
    assert (status, code) == (Code.INVALID_ARGUMENT, "bad_request")
    assert "SubmitActionRequest" in sentence


def test_trades_need_a_seat_and_a_known_answer(stub: Stub, game: Game) -> None:
    before = fingerprint(stub, game.id)
    spectator = pb.ProposeTradeRequest(game_id=game.id, terms="red>blue $1")
    assert refusal(stub.ProposeTrade, spectator)[:2] == (Code.UNAUTHENTICATED, "spectator")
    no_answer = pb.AnswerTradeRequest(game_id=game.id, seat_token=game.tokens[0], trade_id=1)
    assert refusal(stub.AnswerTrade, no_answer)[:2] == (Code.INVALID_ARGUMENT, "bad_request")
    unknown = pb.AnswerTradeRequest(game_id=game.id, seat_token=game.tokens[0], trade_id=7,
                                    answer=pb.TRADE_ANSWER_ACCEPT)
    assert refusal(stub.AnswerTrade, unknown)[:2] == (Code.FAILED_PRECONDITION, "unknown_trade")
    assert fingerprint(stub, game.id) == before


def test_a_retried_trade_request_gets_its_first_answer_and_no_second_trade(stub: Stub, game: Game) -> None:
    seat = game.actor
    other = game.view["seats"][game.idle]["colour"]
    terms = f"{game.view['seats'][seat]['colour']}>{other} $1"
    request = pb.ProposeTradeRequest(game_id=game.id, seat_token=game.tokens[seat], terms=terms, request_id="r-1")
    first = stub.ProposeTrade(request)
    after = fingerprint(stub, game.id)
    again = stub.ProposeTrade(request)  # the answer was lost, say: the client sends it again
    assert (again.version, again.action, again.state_hash) == (first.version, first.action, first.state_hash)
    assert fingerprint(stub, game.id) == after  # one trade, not two
    other_terms = pb.ProposeTradeRequest(game_id=game.id, seat_token=game.tokens[seat], terms=terms + "0",
                                         request_id="r-1")
    status, code, sentence = refusal(stub.ProposeTrade, other_terms)
    assert (status, code) == (Code.INVALID_ARGUMENT, "bad_request") and "r-1" in sentence
    oversized = pb.ProposeTradeRequest(game_id=game.id, seat_token=game.tokens[seat], terms=terms,
                                       request_id="x" * 65)
    assert refusal(stub.ProposeTrade, oversized)[:2] == (Code.INVALID_ARGUMENT, "bad_request")
    withdraw = pb.AnswerTradeRequest(game_id=game.id, seat_token=game.tokens[seat], trade_id=1,
                                     answer=pb.TRADE_ANSWER_WITHDRAW, request_id="r-2")
    assert stub.AnswerTrade(withdraw).version == stub.AnswerTrade(withdraw).version == first.version + 1
    assert fingerprint(stub, game.id)[0] == first.version + 1


def test_lobby_refusals(stub: Stub) -> None:
    waiting = create(stub, players=2, rules="classic", bots=(1,)).game_id
    token = join_all(stub, create(stub, players=2, rules="classic", bots=(1,)).game_id, (0,))[0]
    early = pb.SubmitActionRequest(game_id=waiting, seat_token="x", action="end")
    assert refusal(stub.SubmitAction, early)[:2] == (Code.PERMISSION_DENIED, "bad_token")
    taken = pb.JoinGameRequest(game_id=waiting, seat=1, name="late")
    assert refusal(stub.JoinGame, taken)[:2] == (Code.ALREADY_EXISTS, "seat_taken")
    no_seat = pb.JoinGameRequest(game_id=waiting, seat=5, name="nobody")
    assert refusal(stub.JoinGame, no_seat)[:2] == (Code.INVALID_ARGUMENT, "bad_request")
    nameless = pb.JoinGameRequest(game_id=waiting, name="  ")
    assert refusal(stub.JoinGame, nameless)[:2] == (Code.INVALID_ARGUMENT, "bad_request")
    loud = pb.JoinGameRequest(game_id=waiting, name="x", entropy="e" * 257)
    assert refusal(stub.JoinGame, loud)[:2] == (Code.INVALID_ARGUMENT, "bad_request")
    assert refusal(stub.GetReplay, pb.GetReplayRequest(game_id=waiting))[:2] == (Code.FAILED_PRECONDITION,
                                                                                  "not_finished")
    waiting_game = stub.GetGame(pb.GetGameRequest(game_id=waiting))
    assert waiting_game.status == pb.GAME_STATUS_WAITING and [s.taken for s in waiting_game.seats] == [False, True]
    del token


def test_acting_before_the_game_starts(stub: Stub) -> None:
    game_id = create(stub, players=3).game_id
    token = join_all(stub, game_id, (0,))[0]
    request = pb.SubmitActionRequest(game_id=game_id, seat_token=token, action="end")
    assert refusal(stub.SubmitAction, request)[:2] == (Code.FAILED_PRECONDITION, "not_started")
    full = join_all(stub, game_id, (1, 2))
    assert refusal(stub.JoinGame, pb.JoinGameRequest(game_id=game_id, name="late"))[:2] == (
        Code.FAILED_PRECONDITION, "no_free_seat")
    assert len(full) == 2


@pytest.mark.parametrize(("request_", "code"), [
    (pb.CreateGameRequest(game="chess", rules="up", players=4), "unknown_game"),
    (pb.CreateGameRequest(game="lords", rules="deluxe", players=4), "unknown_rules"),
    (pb.CreateGameRequest(game="lords", rules="classic", players=6), "bad_player_count"),
    (pb.CreateGameRequest(game="lords", rules="up", players=4, options=["turbo"]), "unknown_option"),
    (pb.CreateGameRequest(game="lords", rules="up", players=4, bots=[pb.BotSeat(seat=4)]), "bad_request"),
    (pb.CreateGameRequest(game="lords", rules="up", players=4, bots=[pb.BotSeat(seat=1, kind="genius")]),
     "bad_request"),
    (pb.CreateGameRequest(game="lords", rules="up", players=4, bot_think_ms=60_000), "bad_request"),
])
def test_a_game_that_cannot_be_created(stub: Stub, request_: pb.CreateGameRequest, code: str) -> None:
    status, got, sentence = refusal(stub.CreateGame, request_)
    assert (status, got) == (Code.INVALID_ARGUMENT, code), sentence


def test_watching_with_a_wrong_token_or_an_unknown_game(stub: Stub, game: Game) -> None:
    with pytest.raises(grpc.RpcError) as wrong:
        snapshot(stub, game.id, token="nope")
    assert wrong.value.code() == Code.PERMISSION_DENIED  # type: ignore[attr-defined]
    with pytest.raises(grpc.RpcError) as unknown:
        snapshot(stub, "nosuch")
    assert unknown.value.code() == Code.NOT_FOUND  # type: ignore[attr-defined]


def test_a_flood_is_rate_limited_and_the_server_stays_up(tmp_path: Path) -> None:
    with serving(tmp_path, limits=Limits(rate=5.0, burst=5)) as server, stub_for(server.address) as stub:
        statuses = []
        for _ in range(12):
            try:
                stub.ListGames(pb.ListGamesRequest())
                statuses.append(Code.OK)
            except grpc.RpcError as error:
                statuses.append(error.code())  # type: ignore[attr-defined]
        codes = refusal(stub.ListGames, pb.ListGamesRequest())
        with grpc.insecure_channel(server.address) as channel:
            health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest())
    assert statuses[:5] == [Code.OK] * 5 and Code.RESOURCE_EXHAUSTED in statuses
    assert codes[:2] == (Code.RESOURCE_EXHAUSTED, "rate_limited")
    assert health.status == health_pb2.HealthCheckResponse.SERVING
