"""Acting across dropped connections: a turn action is retried on its version and never doubled; a trade
keeps its request id; refusals that retrying cannot mend are raised at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator

import pytest
import stamina

from tests.vegas_client.scripted import DROPPED, RATE_LIMITED, STALE, ScriptedTable
from tests.vegas_client.views import diff, snapshot
from vegas_client.acting import Seat
from vegas_client.data import ActionResult, Update
from vegas_client.errors import VegasError
from vegas_client.follow import Follower

ILLEGAL = VegasError("end: it is Blue's turn", "not_your_turn", "FAILED_PRECONDITION")


@pytest.fixture(autouse=True)
def no_waits() -> Iterator[None]:
    with stamina.set_testing(True, attempts=3):
        yield


def seat(table: ScriptedTable) -> Seat:
    return Seat(table.table(), "g1", 1, "token")


def test_an_answer_lost_with_the_connection_is_retried_on_the_same_version() -> None:
    table = ScriptedTable(outcomes=[DROPPED, ActionResult(5, "end")])
    assert asyncio.run(seat(table).act("end", 4)) == ActionResult(5, "end")
    assert table.sent == [("end", 4), ("end", 4)]


def test_a_stale_answer_to_a_retry_is_success_when_the_game_shows_the_move() -> None:
    table = ScriptedTable(outcomes=[DROPPED, STALE])
    table.moves = {5: (1, "end")}
    assert asyncio.run(seat(table).act("end", 4)) == ActionResult(5, "end")


def test_a_stale_answer_to_a_retry_is_a_refusal_when_another_move_made_the_version() -> None:
    table = ScriptedTable(outcomes=[DROPPED, STALE])
    table.moves = {5: (0, "build A2 gold")}
    with pytest.raises(VegasError) as refused:
        asyncio.run(seat(table).act("end", 4))
    assert refused.value.code == "stale_version"


def test_a_stale_answer_to_a_first_try_is_a_refusal() -> None:
    table = ScriptedTable(outcomes=[STALE])
    table.moves = {5: (1, "end")}  # this seat's move, but sent by someone else: this try did not make it
    with pytest.raises(VegasError, match="based on version 4"):
        asyncio.run(seat(table).act("end", 4))


def test_the_rate_limit_is_waited_out() -> None:
    table = ScriptedTable(outcomes=[RATE_LIMITED, ActionResult(5, "end")])
    assert asyncio.run(seat(table).act("end", 4)).version == 5


def test_a_refusal_retrying_cannot_mend_is_raised_at_once() -> None:
    table = ScriptedTable(outcomes=[ILLEGAL])
    with pytest.raises(VegasError, match="Blue's turn"):
        asyncio.run(seat(table).act("end", 4))
    assert len(table.sent) == 1


def test_a_trade_lost_with_the_connection_is_retried_with_the_same_request_id() -> None:
    table = ScriptedTable(outcomes=[DROPPED, ActionResult(5, "accept 3")])
    assert asyncio.run(seat(table).answer(3, "accept")).action == "accept 3"
    (_, first), (_, again) = table.sent
    assert first == again and len(first) == 32  # the server answers the retry with the first answer


def test_each_trade_gets_a_request_id_of_its_own() -> None:
    table = ScriptedTable(outcomes=[ActionResult(5, "trade red>blue $1"), ActionResult(6, "trade red>blue $1")])
    asyncio.run(seat(table).propose("red>blue $1"))
    asyncio.run(seat(table).propose("red>blue $1"))
    assert table.sent[0][1] != table.sent[1][1]


def test_a_connection_that_stays_lost_ends_with_the_error_once_the_policy_gives_up() -> None:
    table = ScriptedTable(outcomes=[DROPPED, DROPPED, DROPPED])
    with pytest.raises(VegasError, match="cannot be reached"):
        asyncio.run(seat(table).answer(3, "accept"))
    assert len(table.sent) == 3 and len({request_id for _, request_id in table.sent}) == 1


def test_a_stale_retry_is_checked_against_a_follower_someone_else_runs() -> None:
    sent = asyncio.Event()

    async def connection(from_version: int | None) -> AsyncIterator[Update]:
        yield snapshot(0)
        await sent.wait()  # the move shows up once the seat has sent it
        yield diff(1, move=(1, "end"))
        await asyncio.Event().wait()  # the stream stays open

    class Table(ScriptedTable):
        async def submit(self, game_id: str, token: str, action: str, based_on_version: int) -> ActionResult:
            sent.set()
            return await super().submit(game_id, token, action, based_on_version)

    async def scenario(table: Table) -> ActionResult:
        follower = Follower(table.table(), "g1", "token")
        running = asyncio.create_task(follower.run())  # as the terminal client runs it: not started by the seat
        await asyncio.sleep(0)  # the task is under way
        await follower.newest()
        try:
            return await Seat(table.table(), "g1", 1, "token", follower).act("end", 0)
        finally:
            running.cancel()

    table = Table([connection], outcomes=[DROPPED, STALE])
    assert asyncio.run(scenario(table)) == ActionResult(1, "end")
    assert table.asked == [None]  # one stream: the seat waited on the follower's, it opened none of its own
