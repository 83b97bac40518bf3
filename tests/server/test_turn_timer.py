"""Turn timers: a seat that never acts gets its default played, and the game goes on to its end.

Real servers on loopback with short timers; every assertion is on outcomes (what was played, what the
log and the updates say), never on how long anything took.
"""

from __future__ import annotations

import errno
import io
import json
import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import pytest

from tests.server.harness import join_all, refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.bots import registry
from vegas_table.bots.base import Bot, Choice, Turn
from vegas_table.cli.main import build_parser
from vegas_table.cli.serve import options_from
from vegas_table.common.logs import configure_logging, flush_logs
from vegas_table.replays import format as replay_format
from vegas_table.replays.fairness import Reveal
from vegas_table.replays.verify import verify_bytes
from vegas_table.server.session import Settings
from vegas_table.server.turntimer import DEFAULT_BOT_TURN_TIMER, MAX_TURN_TIMER

SHORT = 0.1  # seconds: a game of 2 seats that nobody plays ends after 36 defaults


@contextmanager
def json_logs() -> Iterator[io.StringIO]:
    """The server's log lines (JSON) while the block runs."""
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        yield out
        flush_logs()
    finally:
        configure_logging(level="warning")


def lines_of(out: io.StringIO, event: str) -> list[dict[str, Any]]:
    return [line for line in map(json.loads, out.getvalue().splitlines()) if line["event"] == event]


def create(stub: table_pb2_grpc.VegasTableStub, bots: tuple[str, ...] = (), players: int = 2,
           **timers: float) -> pb.CreateGameResponse:
    return stub.CreateGame(pb.CreateGameRequest(game="lords", rules="classic", players=players,
                                                bots=[pb.BotSeat(seat=s, kind=k) for s, k in enumerate(bots)],
                                                bot_think_ms=0, **timers))


def watch_to_the_end(stub: table_pb2_grpc.VegasTableStub, game_id: str) -> list[pb.Update]:
    return list(stub.Watch(pb.WatchRequest(game_id=game_id), timeout=120))


def verified(stub: table_pb2_grpc.VegasTableStub, game_id: str) -> bool:
    reveal = stub.GetReplay(pb.GetReplayRequest(game_id=game_id))
    report = verify_bytes(reveal.replay, "GetReplay", Reveal(reveal.server_seed, reveal.commitment,
                                                              tuple(reveal.entropies)))
    return report.ok and report.finished


def timed_out_moves(updates: list[pb.Update]) -> list[tuple[int, int, str]]:
    """(version, seat, action) of every update whose first event says its seat ran out of time."""
    moves = []
    for update in updates:
        first = json.loads(update.events[0].json) if update.events else {}
        if first.get("kind") == "turn_timed_out":
            assert (first["seat"], first["action"]) == (update.move.seat, update.move.action)
            assert update.events[0].text.endswith(f"ran out of time: {update.move.action}")
            moves.append((update.version, update.move.seat, update.move.action))
    return moves


def test_a_game_whose_seats_never_act_ends_by_the_timer_alone(tmp_path: Path) -> None:
    with json_logs() as out, serving(tmp_path) as server, stub_for(server.address) as stub:
        created = create(stub, turn_timer=SHORT)
        game_id = created.game_id
        join_all(stub, game_id, range(2))  # ...and never act again
        updates = watch_to_the_end(stub, game_id)
        assert updates[-1].status == pb.GAME_STATUS_FINISHED
        assert verified(stub, game_id)
    final = updates[-1].version
    moves = timed_out_moves(updates)
    assert [version for version, _, _ in moves] == list(range(1, final + 1))  # every action was a default
    timed_out = lines_of(out, "turn_timed_out")
    assert [(t["game_id"], t["version"] + 1, t["seat"], t["action"]) for t in timed_out] == [
        (game_id, *move) for move in moves]
    assert all(t["level"] == "info" and t["seconds"] == SHORT for t in timed_out)
    colour = created.game.seats[moves[0][1]].colour
    assert f"{colour} ran out of time: end" in {line["text"] for line in lines_of(out, "game_event")}


def test_an_action_before_the_timer_wins_and_the_clock_restarts(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, turn_timer=600).game_id
        tokens = join_all(stub, game_id, range(2))
        first = next(iter(stub.Watch(pb.WatchRequest(game_id=game_id), timeout=30)))
        seat = first.actors[0]
        stub.SubmitAction(pb.SubmitActionRequest(game_id=game_id, seat_token=tokens[seat], action="end",
                                                 based_on_version=first.version))
        session = server.running.hub.get(game_id)
        server.run(session._time_out(seat, first.version))  # the clock of the old version, had it not stopped
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
        now = next(iter(stub.Watch(pb.WatchRequest(game_id=game_id), timeout=30)))
    assert summary.version == first.version + 1  # the player's "end", and no default after it
    assert [e.text for e in now.events if "ran out of time" in e.text] == []
    [clock] = now.clocks
    assert clock.seat == now.actors[0] != seat and clock.seconds == 600 and 0 < clock.seconds_left <= 600


def test_the_clock_reaches_the_client_and_the_timers_the_lobby(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        types = stub.ListGameTypes(pb.ListGameTypesRequest())
        created = create(stub, turn_timer=300, bot_turn_timer=20)
        untimed = create(stub, turn_timer=0).game_id
        tokens = join_all(stub, created.game_id, range(2))
        join_all(stub, untimed, range(2))
        seat_update = next(iter(stub.Watch(pb.WatchRequest(game_id=created.game_id, seat_token=tokens[0]),
                                           timeout=30)))
        untimed_update = next(iter(stub.Watch(pb.WatchRequest(game_id=untimed), timeout=30)))
        summary = stub.GetGame(pb.GetGameRequest(game_id=created.game_id))
    assert (types.turn_timers.turn_timer, types.turn_timers.bot_turn_timer,
            types.turn_timers.max_turn_timer) == (0, DEFAULT_BOT_TURN_TIMER, MAX_TURN_TIMER)
    assert (created.game.turn_timer, created.game.bot_turn_timer) == (300, 20)
    assert (summary.turn_timer, summary.bot_turn_timer) == (300, 20)
    [clock] = seat_update.clocks
    assert clock.seat == seat_update.actors[0] and clock.seconds == 300 and 0 < clock.seconds_left <= 300
    assert list(untimed_update.clocks) == []


def test_the_server_defaults_and_a_bad_timer_is_refused(tmp_path: Path) -> None:
    settings = Settings(bot_think_ms=0, turn_timer=45, bot_turn_timer=5)
    with serving(tmp_path, settings=settings) as server, stub_for(server.address) as stub:
        game = create(stub).game
        refusals = [refusal(stub.CreateGame, pb.CreateGameRequest(game="lords", rules="classic", players=2, **t))
                    for t in ({"turn_timer": -1}, {"turn_timer": math.nan}, {"bot_turn_timer": MAX_TURN_TIMER + 1},
                              {"turn_timer": math.inf})]
        too_short = refusal(stub.CreateGame, pb.CreateGameRequest(
            game="lords", rules="classic", players=2, bots=[pb.BotSeat(seat=0)], bot_think_ms=500,
            bot_turn_timer=0.5))
    assert (game.turn_timer, game.bot_turn_timer) == (45, 5)
    assert all(status == grpc.StatusCode.INVALID_ARGUMENT and code == "bad_request" and "timer" in message
               for status, code, message in refusals), refusals
    assert too_short[:2] == (grpc.StatusCode.INVALID_ARGUMENT, "bad_request") and "bot_think_ms" in too_short[2]


class StuckBot(Bot):
    """A bot far slower than its limit: its first choice never comes until the test lets it go."""

    name = "stuck"
    limits: list[float | None] = []
    release = threading.Event()

    def choose(self, turn: Turn) -> Choice:
        StuckBot.limits.append(turn.time_limit)
        StuckBot.release.wait(60)
        return turn.legal[0]


def test_a_bot_slower_than_its_limit_gets_the_default_and_the_log_says_bot_late(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BOTS, "stuck", StuckBot)
    StuckBot.release.clear()
    try:
        with json_logs() as out, serving(tmp_path) as server, stub_for(server.address) as stub:
            game_id = create(stub, bots=("stuck", "stuck"), bot_turn_timer=SHORT).game_id
            updates = watch_to_the_end(stub, game_id)
            assert verified(stub, game_id)
            StuckBot.release.set()
    finally:
        StuckBot.release.set()
    moves = timed_out_moves(updates)
    assert updates[-1].status == pb.GAME_STATUS_FINISHED
    assert [version for version, _, _ in moves] == list(range(1, updates[-1].version + 1))
    late = lines_of(out, "bot_late")
    assert [(line["version"] + 1, line["seat"], line["action"]) for line in late] == moves
    assert lines_of(out, "turn_timed_out") == []
    assert StuckBot.limits and all(limit is not None and 0 <= limit <= SHORT for limit in StuckBot.limits)


def test_a_restored_game_runs_its_clocks_again(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, turn_timer=SHORT).game_id
        join_all(stub, game_id, range(2))
    with serving(tmp_path) as server, stub_for(server.address) as stub:  # the same data dir: restored
        updates = watch_to_the_end(stub, game_id)
        assert updates[-1].status == pb.GAME_STATUS_FINISHED and verified(stub, game_id)


def test_a_default_whose_record_fails_suspends_the_game_which_recovers_and_ends_by_the_timer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = replay_format._write_all

    def fail_once(fd: int, data: bytes) -> None:
        monkeypatch.setattr(replay_format, "_write_all", whole)
        raise OSError(errno.EIO, "Input/output error (injected)")

    with json_logs() as out, serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, turn_timer=SHORT).game_id
        join_all(stub, game_id, range(2))
        monkeypatch.setattr(replay_format, "_write_all", fail_once)  # one of the defaults' records fails
        updates = watch_to_the_end(stub, game_id)
        assert updates[-1].status == pb.GAME_STATUS_FINISHED and verified(stub, game_id)
    assert len(lines_of(out, "record_failed")) == 1 and len(lines_of(out, "game_recovered")) == 1
    assert len(lines_of(out, "turn_timed_out")) == updates[-1].version  # the failed one was not played


def test_vegas_serve_flags_set_the_default_timers_and_refuse_bad_ones() -> None:
    def settings(*flags: str) -> Settings:
        return options_from(build_parser().parse_args(["serve", *flags])).settings

    assert (settings().turn_timer, settings().bot_turn_timer) == (0, DEFAULT_BOT_TURN_TIMER)
    chosen = settings("--turn-timer", "90", "--bot-turn-timer", "5")
    assert (chosen.turn_timer, chosen.bot_turn_timer) == (90, 5)
    for flags, problem in ((("--turn-timer", "-1"), "--turn-timer -1 must be 0"),
                           (("--bot-turn-timer", "nan"), "--bot-turn-timer nan must be 0"),
                           (("--turn-timer", str(MAX_TURN_TIMER + 1)), "must be 0 \\(no timer\\) to"),
                           (("--bot-turn-timer", "0.2", "--bot-think-ms", "300"), "longer than the bots' pause")):
        with pytest.raises(SystemExit, match=problem):
            settings(*flags)
