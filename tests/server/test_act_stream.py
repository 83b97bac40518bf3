"""Act: SubmitAction over one stream. Every request is answered in order with its result or the refusal
SubmitAction gives; a refusal leaves the game unchanged and the stream open."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest

from tests.server.harness import ServerThread, refusal, serving, stub_for
from tests.server.test_refusals import CASES, Code, Game, Stub, fingerprint
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.server.limits import Limits


@pytest.fixture()
def game(stub: Stub) -> Game:
    return Game(stub)


def act(stub: Stub, requests: list[pb.SubmitActionRequest]) -> list[pb.ActAnswer]:
    return list(stub.Act(iter(requests)))


@pytest.mark.parametrize("case", list(CASES))
def test_a_refused_request_is_answered_as_submit_action_refuses_it(stub: Stub, game: Game, case: str) -> None:
    make, status, code = CASES[case]
    before = fingerprint(stub, game.id)
    [answer] = act(stub, [make(game)])
    assert answer.WhichOneof("outcome") == "refusal"
    assert (answer.refusal.status, answer.refusal.code) == (status.value[0], code), answer.refusal.message
    assert (answer.refusal.code, answer.refusal.message) == refusal(stub.SubmitAction, make(game))[1:]
    assert fingerprint(stub, game.id) == before


def test_the_stream_goes_on_after_a_refusal_and_answers_in_order(stub: Stub, game: Game) -> None:
    first = game.submit("end")
    unknown = pb.SubmitActionRequest(game_id="nosuch", seat_token="x", action="end")
    answers = act(stub, [game.submit("end", seat=game.idle), first, first, unknown])
    assert [a.WhichOneof("outcome") for a in answers] == ["refusal", "result", "refusal", "refusal"]
    assert [a.refusal.code for a in answers] == ["not_your_turn", "", "stale_version", "unknown_game"]
    assert answers[1].result.version == game.version + 1 and answers[1].result.action == "end"
    assert fingerprint(stub, game.id)[0] == game.version + 1  # applied once


def test_corrupt_bytes_on_the_stream_are_refused_and_the_stream_goes_on(server: ServerThread, game: Game) -> None:
    with grpc.insecure_channel(server.address) as channel:
        raw = channel.stream_stream("/vegas.v1.VegasTable/Act")
        answers = [pb.ActAnswer.FromString(a) for a in raw(iter([b"\x1a\x02\xff\xfe",
                                                                 game.submit("end").SerializeToString()]))]
    assert answers[0].refusal.status == Code.INVALID_ARGUMENT.value[0] and answers[0].refusal.code == "bad_request"
    assert "SubmitActionRequest" in answers[0].refusal.message
    assert answers[1].result.version == game.version + 1


def test_a_flood_on_one_stream_is_rate_limited(tmp_path: Path) -> None:
    with serving(tmp_path, limits=Limits(rate=5.0, burst=5)) as server, stub_for(server.address) as stub:
        answers = act(stub, [pb.SubmitActionRequest(game_id="nosuch", seat_token="x", action="end")] * 12)
    codes = [a.refusal.code for a in answers]
    assert codes[:5] == ["unknown_game"] * 5 and "rate_limited" in codes[5:]
