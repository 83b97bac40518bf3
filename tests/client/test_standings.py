"""A real end of game: the final standings page (rank, names, points, money and the tie-break when it
decides, casinos, biggest payout, luck), the fairness proof and where the replay file is kept."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from tests.client.harness import session, until
from tests.client.table import GAME_ID, TOKEN, EngineTable
from vegas_client.seats import SavedSeat, SeatStore
from vegas_table.bots.base import concrete
from vegas_table.client.endgame import Finding
from vegas_table.client.seen import with_players
from vegas_table.client.standings import _tie_break, final_page, standings


def finish(table: EngineTable, seed: int = 5) -> None:
    """Random moves for everyone but the client's last one: the client's own move ends the game."""
    rng = random.Random(seed)
    while not table.match.over:
        seat = table.match.actors()[0]
        table.play(seat, concrete(rng.choice(table.match.legal_actions(seat)), rng).text())


def test_standings_and_audit_wait_for_the_end(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = table.match.actors()[0]
        async with session(table, tmp_path) as s:
            s.type("audit\r")
            await s.screen_shows("audit: the game is not over yet")
    asyncio.run(asyncio.wait_for(test(), 60))


def test_the_standings_rank_by_points_then_money_and_come_from_the_replay(tmp_path: Path) -> None:
    table = EngineTable(players=3, record_to=tmp_path / "g.jsonl")
    finish(table)
    view = with_players(table.match.view(0), [("Ann", False), ("random bot", True), ("Bob", False)])
    rows, _ = standings(view, (tmp_path / "g.jsonl").read_bytes())
    keys = [(r.points, int(r.money.strip("$m"))) for r in rows]
    assert keys == sorted(keys, reverse=True) and rows[0].rank == 1
    assert {r.seat for r in rows} == {0, 1, 2} and rows[0].seat in view["result"]["winners"]
    assert all(r.best_payout.startswith("$") or r.best_payout == "none" for r in rows)
    assert all(r.luck == "no gambles" or r.luck.endswith(("bet)", "bets)")) for r in rows)
    title, lines = final_page(view, (tmp_path / "g.jsonl").read_bytes(), [Finding(True, "checked")],
                              tmp_path / "g.jsonl")
    assert title.startswith("Game over: ") and ("End of Game card" in title or "Instant Win" in title)
    assert lines[0].split() == ["#", "player", "points", "money", "casinos", "best", "payout", "gamble", "luck"]
    assert "  ✓ checked" in lines and f"Replay: {tmp_path / 'g.jsonl'}" in lines


def test_the_tie_break_is_said_only_when_it_decides() -> None:
    view = {"game": "lords", "seats": [{"name": "Black"}, {"name": "Blue"}, {"name": "Green"}]}
    assert _tie_break(view, {0: (20, 5), 1: (12, 40), 2: (3, 1)}, [0, 1, 2]) == ""
    assert _tie_break(view, {0: (20, 5), 1: (20, 40), 2: (3, 1)}, [1, 0, 2]) == \
        "Blue and Black tie on points (20): money decides, Blue ahead"
    assert _tie_break(view, {0: (20, 5), 1: (20, 5), 2: (3, 1)}, [0, 1, 2]) == \
        "Black and Blue tie on points and on money: they share the place"


def test_the_end_screen_shows_the_standings_the_proof_and_the_replay_file(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable(players=2, record_to=tmp_path / "server.jsonl")
        table.seat, table.joined, table.people = 0, True, {1: "Eve"}
        SeatStore(tmp_path / "seats.json").put("test:1", SavedSeat(GAME_ID, 0, TOKEN, "Tester", ""))  # as recorded
        # wide enough for the replay's whole path on one line, however deep the test's directory is
        async with session(table, tmp_path, columns=180, rows=40) as s:
            finish(table)
            screen = await s.screen_shows("Replay: ", timeout=30)
            assert "Game over: " in screen and "  #  player" in screen and "Blue (Eve)" in screen
            assert "✓ the revealed server seed matches the commitment shown before the game" in screen
            assert "✗" not in screen and "✓ the replay ends in exactly the position you saw" in screen
            saved = tmp_path / "replays" / "g1.jsonl"
            assert saved.read_bytes() == (tmp_path / "server.jsonl").read_bytes()
            assert f"vegas replay audit {saved}" in screen
            s.type("\x1b")
            await until(lambda: s.model.help is None, what="the page to close")
            s.type("standings\r")
            await s.screen_shows("  #  player")
            s.type("audit\r")
            screen = await s.screen_shows("Audit: Lords of Vegas")
            assert "Where the money came from" in screen and "PageUp/PageDown scroll it" in screen
    asyncio.run(asyncio.wait_for(test(), 60))


def test_history_lists_finished_games_and_enter_shows_one_s_standings(tmp_path: Path) -> None:
    class History(EngineTable):
        asked: list[bool] = []

        async def list_games(self, include_finished: bool = False) -> list[Any]:
            self.asked.append(include_finished)
            return [self.summary()] if include_finished or not self.match.over else []

    async def test() -> None:
        table = History(players=2, record_to=tmp_path / "server.jsonl")
        finish(table)
        async with session(table, tmp_path, game_id=None) as s:
            await s.screen_shows("No games yet")
            s.type("history\r")
            await s.screen_shows("finished games listed too")
            assert table.asked[-1] is True
            await s.screen_shows("finished")
            s.type("\r")  # Enter on the finished game: watched, proven, its standings
            screen = await s.screen_shows("Replay: ", timeout=30)
            assert "Game over: " in screen and s.model.seat is None
    asyncio.run(asyncio.wait_for(test(), 60))
