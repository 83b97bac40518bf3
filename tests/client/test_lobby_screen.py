"""What the lobby's list says: a server not answered yet is being connected to (not "no games"), and a
finished game's line names every seat apart (two bots are not both "bot") with money in the game's unit.
The lobby and the waiting screen wrap a long line at 80 columns instead of cutting it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.client.harness import session
from tests.client.table import EngineTable
from vegas_client.data import GameSummary, GameType, RuleSet, SeatInfo
from vegas_table.client.render.panels import render_lobby, render_waiting, result_text
from vegas_table.client.render.text import plain
from vegas_table.client.viewmodel import ClientModel


def finished(game: str, seats: tuple[SeatInfo, ...], result: dict[str, object]) -> GameSummary:
    return GameSummary("k7m2", game, "base", (), len(seats), seats, "finished", 90, "c0", result=result)


def test_a_las_vegas_result_counts_in_thousands_and_tells_its_bots_apart() -> None:
    seats = (SeatInfo(0, "Red", True, "greedy bot", True), SeatInfo(1, "Blue", True, "search bot", True),
             SeatInfo(2, "Green", True, "Ann", False))
    line = result_text(finished("lasvegas", seats, {"winners": [1], "standings": [
        {"money": 380}, {"money": 450}, {"money": 210}]}))
    assert line == "won by Blue (search bot) · Red (greedy bot) $380k, Blue (search bot) $450k, Ann (Green) $210k"


def test_a_lords_result_keeps_its_points() -> None:
    seats = (SeatInfo(0, "Red", True, "Ann", False), SeatInfo(1, "Blue", True, "", True))
    line = result_text(finished("lords", seats, {"winners": [0], "standings": [
        {"points": 36, "money": 12}, {"points": 1, "money": 40}]}))
    assert line == "won by Ann (Red) · Ann (Red) 36 points, Blue (bot) 1 point"


def test_before_the_server_first_answers_the_lobby_says_it_is_connecting() -> None:
    model = ClientModel(server="10.0.0.9:50051", name="Ann")
    text = "".join(fragment[1] for fragment in render_lobby(model, 100, 20))
    assert "Connecting to the server at 10.0.0.9:50051" in text and "No games yet" not in text


class Silent(EngineTable):
    """A server that has not answered yet: the lobby's first call waits."""

    async def list_games(self, include_finished: bool = False) -> list[GameSummary]:
        await asyncio.Event().wait()
        return []


def test_a_lobby_waiting_for_its_server_never_says_there_are_no_games(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(Silent(), tmp_path, game_id=None) as s:
            screen = await s.screen_shows("Connecting to the server at test:1")
            assert "No games yet" not in screen
    asyncio.run(asyncio.wait_for(test(), 30))


SIX = (SeatInfo(0, "Black", True, "Annabelle", False), SeatInfo(1, "Blue", True, "Bartholomew", False),
       SeatInfo(2, "Green", True, "greedy bot", True), SeatInfo(3, "Purple", False, "", False),
       SeatInfo(4, "Red", True, "Cornelius", False), SeatInfo(5, "Yellow", False, "", False))


def test_the_lobby_and_the_waiting_screen_wrap_long_lines_at_80_columns() -> None:
    waiting = GameSummary("k7m2", "lords", "up", ("layoff",), 6, SIX, "waiting", 0, "ab" * 32)
    model = ClientModel(server="192.168.1.20:50051", name="Annabelle", connected=True, connection="connected",
                        games=[waiting], host=True, seat=0,
                        game_types=[GameType("lords", "Lords of Vegas", (RuleSet("up", 2, 6, "Up!"),),
                                             ("layoff", "underworld"), ("greedy", "random"))])
    model.summary = waiting
    for text in (plain(render_lobby(model, 80, 40)), plain(render_waiting(model, 80))):
        assert "…" not in text, text
        assert all(len(line) <= 80 for line in text.splitlines())
    lobby = plain(render_lobby(model, 80, 40))
    assert all(name in lobby for name in ("Annabelle", "Bartholomew", "Cornelius", "Yellow"))
    assert "(options: layoff, underworld)" in lobby
    shown = plain(render_waiting(model, 80))
    assert "ab" * 32 in shown  # the whole commitment, to compare with the end of the game
    assert "bots 2 (every free seat, medium)" in shown and "bots 2 easy" in shown and "(another level)" in shown
