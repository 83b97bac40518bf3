"""The stand-in server of the client's tests (`tests.client.table.EngineTable`) answers as the real one does.

Most client tests run on the stand-in: it plays any seat at once, holds a chosen seed (so a test reaches
the position it wants), and scripts refusals. What keeps it from drifting from the server is this test:
the same game, played move by move on a real server on a free loopback port and on an EngineTable with the
server's seed, must stream the same updates to a seat (version, view hash, events, status, move), and
refuse a wrong move and a stale one with the same code, status and words.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.client.table import GAME_ID, TOKEN, EngineTable
from tests.client.test_e2e import run, start_server
from vegas_client import Client, NewGame, VegasError, client_for
from vegas_client.data import ActionResult, Update
from vegas_client.table import Table
from vegas_table.bots.base import concrete

MOVES = 60  # enough for builds, gambles, sprawls, decisions and cards to come up in a random game
ANSWERS = ("accept", "reject", "withdraw")


def seen(update: Update) -> tuple[Any, ...]:
    """What a seat's client takes from an update, but how the view's change is written (a diff is made by
    either differ; the view hash says whether both give the same view)."""
    return update.version, update.view_hash, update.events, update.status, update.move


async def collect(stream: AsyncIterator[Update], into: list[Update]) -> None:
    async for update in stream:
        if update.kind in ("snapshot", "diff"):
            into.append(update)


async def send(link: Table, game_id: str, token: str, text: str, version: int) -> ActionResult:
    """A seat's move through the route the client takes for it: a trade proposed or answered, else an action."""
    words = text.split()
    if words[0] == "trade":
        return await link.propose_trade(game_id, token, text.removeprefix("trade "))
    if words[0] in ANSWERS:
        return await link.answer_trade(game_id, token, int(words[1]), words[0], tuple(words[3:]))
    return await link.submit(game_id, token, text, version)


async def refusal(link: Table, game_id: str, token: str, text: str, version: int) -> tuple[str, str, str]:
    with pytest.raises(VegasError) as caught:
        await send(link, game_id, token, text, version)
    return caught.value.code, caught.value.status, caught.value.message


async def until_updates(updates: list[Update], version: int) -> None:
    for _ in range(2000):  # a bound on tries, never on time
        if updates and updates[-1].version >= version:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the stream never reached version {version}")


def test_the_stand_in_table_streams_and_refuses_as_the_real_server_does(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        links: list[Client] = [client_for(f"127.0.0.1:{port}") for _ in range(2)]
        tasks: list[asyncio.Task[None]] = []
        try:
            created = await links[0].create_game(NewGame("lords", "classic", 2))
            game_id = created.game_id
            tokens = [(await link.join_game(game_id, name, seat)).token
                      for seat, (link, name) in enumerate(zip(links, ("Ann", "Bob"), strict=True))]
            for link in links:
                await link.reveal_due(await link.get_game(game_id))
            config = server.hub.sessions[game_id].record.config()
            table = EngineTable(seed=config.seed, players=2, rules="classic")
            table.joined = True

            real: list[Update] = []
            stand_in: list[Update] = []
            tasks += [asyncio.create_task(collect(links[0].watch(game_id, tokens[0], None), real)),
                      asyncio.create_task(collect(table.watch(GAME_ID, TOKEN, None), stand_in))]
            await until_updates(real, 0)
            await until_updates(stand_in, 0)

            rng = random.Random(3)
            moves = 0  # MOVES random moves, and more while a decision is pending: no one trades (below) before it
            while not table.match.over and (moves < MOVES or table.match.view(None)["pending"]):
                moves += 1
                seat = table.match.actors()[0]
                text = concrete(rng.choice(table.match.legal_actions(seat)), rng).text()
                await send(links[seat], game_id, tokens[seat], text, table.version)
                table.play(seat, text)
            # A trade offered and answered (random moves seldom trade): its own routes and events.
            # The game's seed is the server's (a new one each run): the $1 comes from a seat that has it.
            seat = table.match.actors()[0]
            money = [s["money"] for s in table.match.view(None)["seats"]]
            order = (seat, 1 - seat) if money[seat] > 0 else (1 - seat, seat)
            giver, taker = (table.names[s].lower() for s in order)
            for who, text in ((seat, f"trade {giver}>{taker} $1"), (1 - seat, "")):
                text = text or next(a.text() for a in table.match.legal_actions(who)
                                    if a.text().split()[0] == "reject")
                await send(links[who], game_id, tokens[who], text, table.version)
                table.play(who, text)
            await until_updates(real, table.version)
            await until_updates(stand_in, table.version)
            assert [seen(u) for u in real] == [seen(u) for u in stand_in]

            seat = table.match.actors()[0]
            table.seat = seat  # the stand-in refuses for its client's seat
            wrong = "build Z9 gold"
            assert await refusal(links[seat], game_id, tokens[seat], wrong, table.version) == \
                await refusal(table, GAME_ID, TOKEN, wrong, table.version)
            legal = concrete(table.match.legal_actions(seat)[0], rng).text()
            if legal.split()[0] not in ("trade", *ANSWERS):  # a stale version is the actions' own refusal
                real_stale = await refusal(links[seat], game_id, tokens[seat], legal, table.version - 1)
                stand_in_stale = await refusal(table, GAME_ID, TOKEN, legal, table.version - 1)
                assert real_stale[:2] == stand_in_stale[:2] == ("stale_version", "ABORTED")
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for link in links:
                await link.close()
            await server.stop(0)
    run(test())
