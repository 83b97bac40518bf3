"""Turn timers through the client library: an Update's clocks as plain data, counted down from arrival, and
the lobby's `timer S`; a bot's Turn.time_limit from its seat's clock, against a real server."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path

import pytest

from tests.server.harness import serving
from vegas_client import Clock, GameType, NewGame, RuleSet, ViewUpdate, client_for, wire
from vegas_client.spec import SpecError, new_game
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.bots.base import Bot, Choice, GameInfo, Turn
from vegas_table.bots.runner import SeatRunner


def test_an_updates_clocks_are_counted_down_from_when_it_came() -> None:
    message = pb.Update(version=4, clocks=[pb.Clock(seat=1, seconds_left=12.5, seconds=30)])
    [clock] = wire.update(message).clocks
    assert (clock.seat, clock.seconds_left, clock.seconds) == (1, 12.5, 30)
    assert clock.received <= time.monotonic() and clock.left(clock.received) == 12.5
    # counted on a round arrival time: `received + 10 - received` is not exactly 10 for every reading
    arrived = dataclasses.replace(clock, received=100.0)
    assert arrived.left(110.0) == 2.5 and arrived.left(160.0) == 0
    held = ViewUpdate(4, {}, clocks=(clock, Clock(2, 1, 1, 0)))
    assert held.clock(1) is clock and held.clock(0) is None


TYPES = [GameType("lords", "Lords of Vegas", (RuleSet("up", 2, 6, ""),), ())]


def test_the_lobby_says_a_timer_as_timer_seconds() -> None:
    assert new_game(["lords", "up", "3", "timer", "90"], TYPES).turn_timer == 90
    assert new_game(["lords", "up", "3", "private", "timer", "0.5"], TYPES).turn_timer == 0.5
    assert new_game(["lords", "up", "3"], TYPES).turn_timer is None  # the server's default
    with pytest.raises(SpecError) as unfinished:
        new_game(["lords", "timer"], TYPES)
    assert unfinished.value.incomplete
    with pytest.raises(SpecError, match="seconds per decision"):
        new_game(["lords", "timer", "soon"], TYPES)


class Budgeting(Bot):
    """Plays the first legal action and notes the time limit each turn came with."""

    name = "budgeting"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.limits: list[float | None] = []

    def choose(self, turn: Turn) -> Choice:
        self.limits.append(turn.time_limit)
        return turn.legal[0]


def test_vegas_bot_hands_its_seats_clock_to_the_bot_as_its_time_limit(tmp_path: Path) -> None:
    timed, untimed = Budgeting(), Budgeting()

    async def play(address: str, bot: Budgeting, timer: float) -> None:
        client = client_for(address)
        try:
            created = await client.create_game(NewGame("lasvegas", "base", 2, bots=(1,), bot_think_ms=0,
                                                       turn_timer=timer))
            assert created.game.turn_timer == timer
            joined = await client.join_game(created.game_id, "budget")
            info = GameInfo("lasvegas", "base", 2, (), joined.seat)
            await asyncio.wait_for(SeatRunner(client, created.game_id, joined.token, bot, info).play(), 60)
        finally:
            await client.close()

    with serving(tmp_path) as server:
        asyncio.run(play(server.address, timed, 600))
        asyncio.run(play(server.address, untimed, 0))
    assert timed.limits and all(limit is not None and 0 < limit <= 600 for limit in timed.limits)
    assert untimed.limits and all(limit is None for limit in untimed.limits)
