"""Connection trouble in plain words: a server that cannot be reached says so in the lobby, a dropped game
says it is retrying, a command typed meanwhile is clearly refused, and the message goes when the link is back."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.client.harness import session, until
from tests.client.table import EngineTable
from vegas_client.data import GameSummary
from vegas_client.errors import VegasError


class Unreachable(EngineTable):
    async def list_games(self, include_finished: bool = False) -> list[GameSummary]:
        raise VegasError("the server cannot be reached (failed to connect)", "", "UNAVAILABLE", True)


def test_a_wrong_address_says_so_in_the_lobby(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(Unreachable(), tmp_path, game_id=None) as s:
            screen = await s.screen_shows("No answer from the server at test:1; trying again every few seconds.")
            assert "No games yet" not in screen and "vegas play --server HOST:PORT" in screen
    asyncio.run(asyncio.wait_for(test(), 30))


def test_a_dropped_game_says_it_retries_refuses_commands_and_clears_when_back(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = table.match.actors()[0]
        async with session(table, tmp_path) as s:
            await s.screen_shows("live")
            s.client.game.on_connection("reconnecting: the server cannot be reached (no route)", False)
            screen = await s.screen_shows("server unreachable, retrying")
            s.type("end\r")
            await s.screen_shows("end: not sent, the server cannot be reached")
            assert table.sent == []
            s.client.game.on_connection("live", True)
            await until(lambda: "not sent" not in (s.model.notice.text if s.model.notice else ""), what="cleared")
            assert any(line.text.startswith("connection back") for line in s.model.log)
            assert "server unreachable" not in screen.split("\n")[0]
    asyncio.run(asyncio.wait_for(test(), 30))
