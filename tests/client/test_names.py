"""Who is who: every screen names the player beside the colour (players' table, log, prompts, trade offers),
for players and spectators alike."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests.client.harness import session
from tests.client.positions import played
from tests.client.table import EngineTable
from vegas_table.client.render import render_players
from vegas_table.client.render.panels import render_log
from vegas_table.client.render.text import plain
from vegas_table.client.seen import name_players, seat_label, with_players
from vegas_table.client.viewmodel import LogLine, ViewUpdate


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 30))


def friends_table() -> EngineTable:
    """Dan and Eve at a table with the client and a bot; Dan proposed a trade to the client."""
    table = EngineTable()
    table.seat = 0
    first = table.match.actors()[0]
    table.people = {first: "Dan", 3 if first != 3 else 1: "Eve"}
    table.play(first, f"trade {table.names[first].lower()}>{table.names[0].lower()} $1")
    return table


def test_a_seat_is_its_colour_and_who_sits_there() -> None:
    view = with_players(played(10).view(1), [("Ann", False), ("Bob", False), ("random bot", True), ("", False)])
    assert [seat_label(view, s) for s in range(4)] == ["Black (Ann)", "Blue (Bob)", "Green (bot)", "Purple"]
    assert name_players("Blue builds a green casino on A2; Blue pays Black $2m", view) == \
        "Blue (Bob) builds a green casino on A2; Blue pays Black (Ann) $2m"  # once per line; casino colours stay


def test_the_players_table_puts_each_name_beside_its_colour() -> None:
    view = with_players(played(10).view(1), [("Ann", False), ("Bob", False), ("random bot", True), ("Cy", False)])
    rows = plain(render_players(view, 80)).split("\n")
    assert "Black   Ann" in rows[1] and "Green   random bot" in rows[3]
    narrow = plain(render_players(view, 44)).split("\n")  # a side panel: markers and dice on a second line
    assert "Black   Ann" in narrow[1] and narrow[2].split() == ["markers", "7", "dice", "12"]


def test_names_show_in_the_table_log_header_and_trade_offers_for_players(tmp_path: Path) -> None:
    async def test() -> None:
        table = friends_table()
        async with session(table, tmp_path) as s:
            screen = await s.screen_shows("Trade 1 from Green (Dan): green>black $1")
            assert "Black   Tester" in screen and "Green   Dan" in screen and "Purple  Eve" in screen
            assert "Green (Dan)'s turn" in screen.split("\n")[0]
            assert "· Green (Dan) proposes trade 1" in screen
            assert "you are Black (Tester)" in screen
    run(test)


def test_a_spectator_sees_the_names_too(tmp_path: Path) -> None:
    async def test() -> None:
        table = friends_table()
        async with session(table, tmp_path, watch=True, columns=120, rows=40) as s:
            screen = await s.screen_shows("Trade 1 proposed by Green (Dan):")
            assert "green>black $1" in screen  # a long prompt goes on over lines, never cut
            assert "Green   Dan" in screen and "Purple  Eve" in screen and "watching>" in screen
    run(test)


def test_the_log_names_players_as_it_is_drawn_so_names_learnt_later_apply_to_old_lines() -> None:
    view = with_players(played(10).view(1), [("Ann", False), ("", False), ("", False), ("", False)])
    lines = plain(render_log([LogLine("Black ends the turn", version=3), LogLine("help text: Black", "info")],
                             60, 2, view=view))
    assert lines.split("\n") == ["· Black (Ann) ends the turn", "· help text: Black"]


def test_a_player_whose_client_is_gone_shows_as_away_with_since_when(tmp_path: Path) -> None:
    view = with_players(played(10).view(1), [("Ann", False, "2026-11-25T14:05:09+00:00"), ("Bob", False, ""),
                                             ("random bot", True, ""), ("Cy", False, "")])
    rows = plain(render_players(view, 80)).split("\n")
    assert "away since 14:05 UTC" in rows[1] and "away" not in " ".join(rows[2:5])

    async def test() -> None:
        table = friends_table()
        async with session(table, tmp_path) as s:
            summary = s.model.summary
            assert summary is not None
            seats = tuple(dataclasses.replace(seat, connected=seat.seat != 3, away_since="2026-11-25T09:30:00+00:00")
                          for seat in summary.seats)
            lobby = dataclasses.replace(summary, seats=seats)
            s.client.game.on_update(ViewUpdate(0, None, status="running", lobby=lobby))
            await s.screen_shows("away since 09:30 UTC")  # seat 3 went away: the others see it
    run(test)
