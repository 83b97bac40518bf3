"""Update streams: resuming without gaps or duplicates, slow subscribers, restarts, trades off-version."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import grpc

from tests.server.harness import create, join_all, random_action, refusal, serving, stub_for, tracked
from vegas_client import ViewTracker, ViewUpdate, client_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.bots.base import GameInfo
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.runner import SeatRunner
from vegas_table.server.hub import GameHub
from vegas_table.server.matches import LocalMatches
from vegas_table.server.records import GameStore
from vegas_table.server.service import stream
from vegas_table.server.session import Settings


class Drop(Exception):
    """The client's connection dies."""


def test_a_client_that_drops_resumes_without_gaps_or_duplicates(tmp_path: Path) -> None:
    received: list[int] = []

    def record(update: ViewUpdate) -> None:
        if update.view is None:
            return  # a lobby update (the seat's own return, say) has no version of its own
        received.append(update.version)
        if len(received) == 15:
            raise Drop  # mid-game: the stream is torn down with the view at some version

    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=4, bots=(1, 2, 3), think_ms=1).game_id
        token = join_all(stub, game_id, (0,))[0]

        async def play() -> SeatRunner:
            client = client_for(server.address)
            bot = SeatRunner(client, game_id, token, RandomBot("1"), GameInfo("lords", "up", 4, (), 0))
            bot.follower.listen(record)
            try:
                try:
                    await bot.play()
                except Drop:
                    await asyncio.sleep(0.1)  # the bots play on while this client is away
                    await asyncio.wait_for(bot.play(), 60)  # resumes from the version its view holds
                return bot
            finally:
                await client.close()

        bot = asyncio.run(play())
        final = stub.GetGame(pb.GetGameRequest(game_id=game_id)).version
    assert received == list(range(received[0], final + 1))  # every version once, in order: diffs after the drop
    assert bot.follower.resyncs == 0 and bot.follower.tracker.view is not None
    assert bot.follower.tracker.view["result"] is not None


def test_a_slow_subscriber_is_resynced_and_holds_up_nobody(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[pb.Update], list[pb.Update], int]:
        hub = GameHub(GameStore(tmp_path), Settings(queue_capacity=4, fsync=False), LocalMatches(fsync=False))
        session, _ = await hub.create("lords", "classic", [], 2, {0: "random", 1: "random"}, 0)
        slow, slow_first = await session.subscribe(None, None)
        fast, fast_first = await session.subscribe(None, None)
        fast_updates = [u async for u in stream(session, fast, fast_first, None)]  # reads as fast as it can
        slow_updates = [u async for u in stream(session, slow, slow_first, None)]  # only now starts reading
        await hub.stop_bots()
        await hub.close()
        return fast_updates, slow_updates, slow.overflows

    fast, slow, overflows = asyncio.run(scenario())
    assert [u.version for u in fast] == list(range(fast[0].version, fast[-1].version + 1))
    assert overflows >= 1
    [resync] = slow  # its backlog was dropped: one snapshot of the final version instead of every diff
    assert resync.HasField("snapshot")
    assert resync.version == fast[-1].version and resync.view_hash == fast[-1].view_hash
    mirror = ViewTracker()
    for update in fast:
        tracked(mirror, update)
    assert json.loads(resync.snapshot.view_json) == mirror.view


def test_a_restarted_server_restores_lobby_and_running_games(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        lobby = create(stub, players=3, bots=(2,)).game_id
        lobby_token = join_all(stub, lobby, (0,))[0]
        running = create(stub, players=2, rules="classic").game_id
        tokens = join_all(stub, running, range(2))
        first = next(stub.Watch(pb.WatchRequest(game_id=running, seat_token=tokens[0])))
        seat = first.actors[0]
        stub.SubmitAction(pb.SubmitActionRequest(game_id=running, seat_token=tokens[seat], action="end",
                                                 based_on_version=first.version))
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        waiting = stub.GetGame(pb.GetGameRequest(game_id=lobby))
        assert waiting.status == pb.GAME_STATUS_WAITING
        assert [(s.taken, s.bot) for s in waiting.seats] == [(True, False), (False, False), (True, True)]
        assert next(stub.Watch(pb.WatchRequest(game_id=lobby, seat_token=lobby_token))).HasField("lobby")
        join_all(stub, lobby, (1,))
        assert stub.GetGame(pb.GetGameRequest(game_id=lobby)).status == pb.GAME_STATUS_RUNNING
        resumed = stub.Watch(pb.WatchRequest(game_id=running, seat_token=tokens[0], from_version=first.version))
        diff = next(resumed)
        resumed.cancel()
    assert diff.HasField("diff") and diff.version == first.version + 1 and diff.move.action == "end"


def test_trades_are_not_tied_to_a_version(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        tokens = join_all(stub, game_id, range(2))
        start = next(stub.Watch(pb.WatchRequest(game_id=game_id)))
        view: Any = json.loads(start.snapshot.view_json)
        red, blue = (s["colour"].lower() for s in view["seats"])
        proposed = stub.ProposeTrade(pb.ProposeTradeRequest(game_id=game_id, seat_token=tokens[0],
                                                            terms=f"{red}>{blue} $3"))
        accepted = stub.AnswerTrade(pb.AnswerTradeRequest(game_id=game_id, seat_token=tokens[1], trade_id=1,
                                                          answer=pb.TRADE_ANSWER_ACCEPT))
        final = next(stub.Watch(pb.WatchRequest(game_id=game_id)))
    assert proposed.action == f"trade {red}>{blue} $3" and accepted.action == "accept 1"
    assert accepted.version == start.version + 2
    money = [s["money"] for s in json.loads(final.snapshot.view_json)["seats"]]
    assert money == [view["seats"][0]["money"] - 3, view["seats"][1]["money"] + 3]


def test_clients_may_ping_a_quiet_stream_to_keep_it_alive(tmp_path: Path) -> None:
    """gRPC's default answers frequent pings on a stream with nothing to say with GOAWAY "too_many_pings"."""
    pinging = [("grpc.keepalive_time_ms", 1000), ("grpc.keepalive_timeout_ms", 1000),
               ("grpc.keepalive_permit_without_calls", 1), ("grpc.http2.max_pings_without_data", 0)]
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        tokens = join_all(stub, game_id, range(2))
        with grpc.insecure_channel(server.address, options=pinging) as channel:
            updates = table_pb2_grpc.VegasTableStub(channel).Watch(pb.WatchRequest(game_id=game_id))
            first = next(updates)
            time.sleep(4.5)  # a ping a second on a quiet stream: gRPC's default closes the connection by now
            seat = first.actors[0]
            legal = stub.ListLegalActions(pb.ListLegalActionsRequest(game_id=game_id, seat_token=tokens[seat]))
            stub.SubmitAction(pb.SubmitActionRequest(game_id=game_id, seat_token=tokens[seat],
                                                     action=legal.actions[0].text, based_on_version=legal.version))
            assert next(updates).version == first.version + 1  # the stream is still there
            updates.cancel()


def test_a_watch_that_resumes_with_nothing_missed_is_open_at_once(tmp_path: Path) -> None:
    """The stream's initial metadata comes at once, so a client knows it is subscribed before any update."""
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        join_all(stub, game_id, range(2))
        version = stub.GetGame(pb.GetGameRequest(game_id=game_id)).version

        async def opened() -> Any:
            async with grpc.aio.insecure_channel(server.address) as channel:
                call = table_pb2_grpc.VegasTableStub(channel).Watch(
                    pb.WatchRequest(game_id=game_id, from_version=version))  # holds it all: no update is due
                metadata = await asyncio.wait_for(call.initial_metadata(), 5)
                call.cancel()
                return metadata

        assert asyncio.run(opened()) is not None


def test_a_restarted_server_lists_a_finished_game_and_shows_its_final_view(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, bots=(0, 1), rules="classic").game_id
        final = list(stub.Watch(pb.WatchRequest(game_id=game_id), timeout=60))[-1]
    assert final.status == pb.GAME_STATUS_FINISHED
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))  # known from the end record alone
        again = next(stub.Watch(pb.WatchRequest(game_id=game_id)))  # the final views re-played on demand
    assert summary.status == pb.GAME_STATUS_FINISHED and summary.version == final.version
    assert again.HasField("snapshot") and (again.version, again.view_hash) == (final.version, final.view_hash)


def test_recent_events_are_listed_for_a_client_that_starts_on_a_snapshot(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        tokens = join_all(stub, game_id, range(2))
        watching = stub.Watch(pb.WatchRequest(game_id=game_id))
        seen = [next(watching)]
        rng = random.Random(4)
        for _ in range(5):
            seat = seen[-1].actors[0]
            legal = stub.ListLegalActions(pb.ListLegalActionsRequest(game_id=game_id, seat_token=tokens[seat]))
            stub.SubmitAction(pb.SubmitActionRequest(game_id=game_id, seat_token=tokens[seat],
                                                     based_on_version=legal.version,
                                                     action=random_action(legal.actions, rng)))
            seen.append(next(watching))
        watching.cancel()
        listed = stub.ListEvents(pb.ListEventsRequest(game_id=game_id)).versions
        before = stub.ListEvents(pb.ListEventsRequest(game_id=game_id, before_version=3)).versions
        unknown = refusal(stub.ListEvents, pb.ListEventsRequest(game_id="nosuch"))
    assert [(v.version, v.move.action, [e.text for e in v.events]) for v in listed] == \
        [(u.version, u.move.action, [e.text for e in u.events]) for u in seen]
    assert [v.version for v in before] == [0, 1, 2] and not listed[0].HasField("move")
    assert unknown[:2] == (grpc.StatusCode.NOT_FOUND, "unknown_game")
