"""Two people on one machine (one account): saved seats are kept by server, game and name, so a second
player's `vegas play --name Eve --game ID --seat 1` never takes Dan's saved seat; taking it back is explicit
(`--name Dan`)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.client.harness import session, until
from tests.client.table import GAME_ID, TOKEN, EngineTable
from vegas_client.seats import SavedSeat, SeatStore


def test_another_name_joins_its_own_seat_and_leaves_the_saved_one_alone(tmp_path: Path) -> None:
    async def test() -> None:
        store = SeatStore(tmp_path / "seats.json")
        dan = SavedSeat(GAME_ID, 3, "dan-token", "Dan", "e")
        store.put("test:1", dan)  # saved before seats were kept by name
        table = EngineTable()
        table.seat = 1
        async with session(table, tmp_path, game_id=GAME_ID) as s:  # the client's name is Tester
            await until(lambda: s.model.seat == 1, what="a seat of its own")
            assert s.model.token == TOKEN and table.joined
            assert any("Seat 3 of game g1 is kept for Dan (vegas play --name Dan takes it back)" in line.text
                       for line in s.model.log)
        again = SeatStore(tmp_path / "seats.json")
        assert again.get("test:1", GAME_ID) == dan  # Dan's seat is still there for Dan
        assert again.get("test:1#tester", GAME_ID).seat == 1  # type: ignore[union-attr]
    asyncio.run(asyncio.wait_for(test(), 30))


def test_the_same_name_comes_back_to_its_seat_and_a_wrong_seat_is_refused(tmp_path: Path) -> None:
    async def test() -> None:
        SeatStore(tmp_path / "seats.json").put("test:1#tester", SavedSeat(GAME_ID, 2, TOKEN, "Tester", "e"))
        table = EngineTable()
        table.seat, table.joined = 2, True
        async with session(table, tmp_path, game_id=GAME_ID) as s:
            assert s.model.seat == 2 and s.client.my_games() == [GAME_ID]
        async with session(table, tmp_path, game_id=GAME_ID, wait_for_view=False, seat=0) as s:
            await s.screen_shows("you (Tester) already play seat 2 of game g1, not seat 0")
    asyncio.run(asyncio.wait_for(test(), 30))
