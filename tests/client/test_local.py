"""`make play` (vegas play --local): back to the unfinished local game if there is one, else a new game with
the bots chosen (BOTS=... → --bots)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.client.harness import session, until
from tests.client.table import GAME_ID, TOKEN, EngineTable
from vegas_client.seats import SavedSeat, SeatStore


def test_an_unfinished_game_is_resumed_instead_of_a_new_one(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat, table.joined = 0, True
        SeatStore(tmp_path / "seats.json").put("test:1", SavedSeat(GAME_ID, 0, TOKEN, "Tester", "e"))
        async with session(table, tmp_path, game_id=None, wait_for_view=False, create="lords up 4 bots 3",
                           resume=True) as s:
            await until(lambda: any(f"Back in your unfinished game {GAME_ID}" in line.text for line in s.model.log),
                        what="the resumed game")
            assert table.created == [] and s.model.seat == 0 and s.model.view is not None
    asyncio.run(asyncio.wait_for(test(), 30))


def test_without_one_a_new_game_is_made_with_the_bots_chosen(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        async with session(table, tmp_path, game_id=None, wait_for_view=False, create="lords up 4 bots 3",
                           resume=True, bot_kind="greedy"):
            await until(lambda: len(table.created) == 1, what="the new game")
            assert table.created[0].bot_kind == "greedy" and table.created[0].bots == (1, 2, 3)
    asyncio.run(asyncio.wait_for(test(), 30))
