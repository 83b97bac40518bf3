"""A Bot at a seat of a real server through the client library: hooks called once, a refused choice
replaced by the decision's default, the final view the seat's."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.bots.offers import Accepting, Offering
from tests.server.harness import serving
from vegas_client import NewGame, client_for
from vegas_table.bots.base import Bot, Choice, GameInfo, Turn
from vegas_table.bots.runner import SeatRunner


class Stubborn(Bot):
    """Asks for an action no game has, or raises, at every turn; records what the runner tells it."""

    name = "stubborn"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.started: list[GameInfo] = []
        self.ended: list[Mapping[str, Any]] = []
        self.turns = 0

    def on_game_start(self, info: GameInfo) -> None:
        self.started.append(info)

    def choose(self, turn: Turn) -> Choice:
        assert turn.view["viewer"] == turn.seat and turn.legal
        self.turns += 1
        if self.turns % 2:
            return "fly to the moon"
        raise RuntimeError("a bug in the bot")

    def on_game_end(self, view: Mapping[str, Any]) -> None:
        self.ended.append(view)


def test_a_refused_or_failed_choice_is_replaced_by_the_default_and_the_game_goes_on(tmp_path: Path) -> None:
    bot = Stubborn()

    async def play(address: str) -> SeatRunner:
        client = client_for(address)
        try:
            created = await client.create_game(NewGame("lasvegas", "base", 2, bots=(1,), bot_think_ms=0))
            joined = await client.join_game(created.game_id, "stubborn")
            info = GameInfo("lasvegas", "base", 2, (), joined.seat)
            runner = SeatRunner(client, created.game_id, joined.token, bot, info)
            await asyncio.wait_for(runner.play(), 60)
            return runner
        finally:
            await client.close()

    with serving(tmp_path) as server:
        runner = asyncio.run(play(server.address))
    assert [i.seat for i in bot.started] == [0] and len(bot.ended) == 1 and bot.ended[0]["result"] is not None
    assert runner.defaults == bot.turns == runner.actions > 0


def test_a_bot_waits_for_the_answer_to_its_offer_from_a_partner_that_thinks(tmp_path: Path) -> None:
    """The proposer's next action (ending its turn) would expire the offer; it waits, and the partner,
    thinking half a second, accepts: the $1m moves."""
    proposer, partner = Offering(), Accepting()

    async def play(address: str) -> None:
        client = client_for(address)
        try:
            created = await client.create_game(NewGame("lords", "classic", 2))
            runners = []
            for bot, think in ((proposer, 0.0), (partner, 0.5)):
                joined = await client.join_game(created.game_id, bot.name)
                info = GameInfo("lords", "classic", 2, (), joined.seat)
                runners.append(SeatRunner(client, created.game_id, joined.token, bot, info, think=think))
            tasks = [asyncio.create_task(runner.play()) for runner in runners]
            try:
                for _ in range(150):  # until the proposer has seen its offer answered, or 15 s
                    if partner.accepted and len(proposer.money) > 1:
                        break
                    await asyncio.sleep(0.1)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            await client.close()

    with serving(tmp_path) as server:
        asyncio.run(play(server.address))
    assert partner.accepted == 1
    before, after = proposer.money[0], proposer.money[1]
    assert sum(after) == sum(before) and after[proposer.seat] - before[proposer.seat] == -1


class Recorder(Bot):
    """Plays the first legal action and records the seats its turns say people play."""

    name = "recorder"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.people: set[frozenset[int]] = set()

    def choose(self, turn: Turn) -> Choice:
        self.people.add(turn.info.people)
        return turn.legal[0]


def test_a_remote_bot_is_told_which_seats_people_play(tmp_path: Path) -> None:
    """Seat 1 is the server's bot; seat 2 another client (a person, as far as anyone can tell): the runner at
    seat 0 tells its bot that seat 2 is a person, so it keeps its table manners there."""
    recorder = Recorder()

    async def play(address: str) -> None:
        client = client_for(address)
        try:
            created = await client.create_game(NewGame("lasvegas", "base", 3, bots=(1,), bot_think_ms=0))
            joined = [await client.join_game(created.game_id, name) for name in ("recorder", "person")]
            runners = [SeatRunner(client, created.game_id, j.token, bot, GameInfo("lasvegas", "base", 3, (), j.seat))
                       for j, bot in zip(joined, (recorder, Recorder()), strict=True)]
            await asyncio.wait_for(asyncio.gather(*(runner.play() for runner in runners)), 60)
        finally:
            await client.close()

    with serving(tmp_path) as server:
        asyncio.run(play(server.address))
    assert recorder.people == {frozenset({2})}
