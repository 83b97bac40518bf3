"""Small screens: at 80x24 the log keeps at least 6 lines in a 4-player Lords of Vegas game, with every lot
on the board, and the forms chosen for a size stay while it does; previews and the trade countdown wrap or
stay whole rather than end in "…"; help pages wrap at word boundaries with a hanging indent at any width."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tests.client.harness import play_until, session
from tests.client.positions import mid_game_view
from tests.client.table import EngineTable
from vegas_client import Clock, ViewUpdate
from vegas_table.client.arrange import Arranger
from vegas_table.client.hosting import TABLE_HELP
from vegas_table.client.lords.commands import HELP
from vegas_table.client.lords.guide import TOPICS
from vegas_table.client.render.panels import render_help, render_status
from vegas_table.client.render.text import plain
from vegas_table.client.seen import with_players
from vegas_table.client.viewmodel import ClientModel, apply_update
from vegas_table.engine.lords.board import LOTS


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 30))


def mid_game(players: int) -> EngineTable:
    """A game some 40 actions in, at the client's seat's turn."""
    table = EngineTable(players=players)
    count = [0]

    def done(t: EngineTable) -> bool:
        count[0] += 1
        return count[0] > 40 and t.match.actors()[0] == 0

    play_until(table, done)
    table.seat = 0
    return table


def log_rows(screen: str) -> list[str]:
    """The rows of the log: between the players' table and the command line."""
    rows = screen.split("\n")
    prompt = next(i for i, row in enumerate(rows) if row.startswith("Black>"))
    first = next(i for i, row in enumerate(rows) if row.startswith("· "))
    return rows[first:prompt]


@pytest.mark.parametrize(("players", "least"), [(4, 6), (5, 6)])
def test_the_log_keeps_six_lines_at_80x24_with_every_lot_on_the_board(tmp_path: Path, players: int,
                                                                         least: int) -> None:
    async def test() -> None:
        async with session(mid_game(players), tmp_path) as s:
            screen = await s.screen_shows("Black>")
            assert len(log_rows(screen)) >= least, screen
            names = set(re.findall(r"(?<![A-Za-z0-9$])[A-F]\d{1,2}(?= )", "\n".join(screen.split("\n")[1:9])))
            assert names == {lot.name for lot in LOTS}, screen
    run(test)


def test_at_100x32_the_board_keeps_its_streets_and_the_players_their_title(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(mid_game(4), tmp_path, columns=100, rows=32) as s:
            screen = await s.screen_shows("Black>")
            assert "  player " in screen and "tiles left" in screen
            assert len(log_rows(screen)) >= 8, screen
    run(test)


def test_the_forms_chosen_for_a_size_stay_while_the_size_does() -> None:
    arranger = Arranger()
    first = arranger(80, 24, lambda width, room: 10 if room >= 10 else 8, lambda width, brief: 4 if brief else 6,
                     lambda width: 0)
    later = arranger(80, 24, lambda width, room: 10 if room >= 10 else 8, lambda width, brief: 3 if brief else 5,
                     lambda width: 4)  # fewer players' lines, a prompt: the board keeps its form
    assert (first.board_height, first.players_brief) == (later.board_height, later.players_brief) == (8, True)
    assert later.log_height == 20 - 8 - 3 - 4


def help_pages() -> dict[str, tuple[str, ...]]:
    """The Lords of Vegas help pages as the client shows them: the commands, board, gamble, sprawl."""
    return {"help": (*HELP, *TABLE_HELP), **{f"help {name}": page for name, page in TOPICS.items()}}


@pytest.mark.parametrize("columns", [40, 80, 100])
def test_help_pages_wrap_at_word_boundaries_with_a_hanging_indent(columns: int) -> None:
    for name, page in help_pages().items():
        shown = plain(render_help((name, page), columns, 200)).split("\n")[1:]
        for line in page:
            first = next(i for i, row in enumerate(shown) if row[1:].rstrip() == line.rstrip()
                         or line.startswith(row[1:].rstrip() + " "))
            words = len(line.split())
            rows = [shown[first]]
            while sum(len(r.split()) for r in rows) < words:
                rows.append(shown[first + len(rows)])
            assert " ".join(" ".join(r.split()) for r in rows) == " ".join(line.split()), (name, columns, rows)
            start = len(rows[0]) - len(rows[0].lstrip())
            assert all(len(r) - len(r.lstrip()) > start for r in rows[1:]), (name, columns, rows)
            assert all(len(r) <= columns for r in rows)
            if columns >= 80:
                phrases = [p for p in line.strip().split(" · ") if len(p) < columns // 2]
                assert all(any(p in r for r in rows) for p in phrases), (name, columns, rows)  # `raise LOT` whole


def ends_cut(screen: str) -> list[str]:
    return [row for row in screen.split("\n") if row.rstrip().endswith(("...", "…"))]


def test_gamble_and_reorganize_previews_wrap_at_80x24_rather_than_end_in_an_ellipsis(tmp_path: Path) -> None:
    table = mid_game(4)
    view = table.match.view(0)
    theirs = next(c["lots"][0] for c in view["casinos"] if c.get("boss") not in (None, 0))
    mine = next(lot for lot, data in view["lots"].items() if (data.get("die") or [None])[0] == 0)

    async def test() -> None:
        async with session(table, tmp_path) as s:
            for command, shown in ((f"gamble {theirs} 1", "help gamble"), (f"reorg {mine}", "rolled again")):
                s.type(command)
                screen = await s.screen_shows(shown)
                assert "Enter sends" in screen and not ends_cut(screen), screen
                assert len(log_rows(screen)) >= 4, screen
                s.type("\x7f" * len(command))
                await s.screen_shows("type help for the commands")
    run(test)


def test_the_trade_countdown_stays_whole_in_the_status_bar_at_80_columns() -> None:
    model = ClientModel(server="192.168.100.200:50051", name="Tester", screen="game", game_id="abc234", seat=0)
    view = with_players(mid_game_view(0), [("Alexandra", False), ("Bartholomew", False), ("greedy bot", True),
                                           ("Dan", False)])
    apply_update(model, ViewUpdate(28, view, actors=(2,), clocks=(Clock(2, 28.0, 30.0, received=100.0),)))
    status = plain(render_status(model, 80, now=100.0))
    assert len(status) <= 80 and "…" not in status and "Green (bot): 28 s left" in status, status
