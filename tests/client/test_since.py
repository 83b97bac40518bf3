"""Since your last turn: the board marks what changed, the log sums up what the others did, and decisions
come up right above the command line."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests.client.harness import play_until, session, until
from tests.client.table import EngineTable
from vegas_table.bots.base import concrete
from vegas_table.client.orders import Submit
from vegas_table.client.render import render_board
from vegas_table.client.render.text import plain
from vegas_table.client.seen import changed_places, places


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 30))


def others_play_until_my_turn(table: EngineTable, seed: int = 5) -> None:
    rng = random.Random(seed)
    while table.match.actors()[0] != table.seat:
        seat = table.match.actors()[0]
        table.play(seat, concrete(rng.choice(table.match.legal_actions(seat)), rng).text())


def test_changed_lots_are_marked_on_the_board() -> None:
    table = EngineTable()
    before = places(table.match.view(0))
    play_until(table, lambda t: t.version >= 6)
    view = table.match.view(0)
    changed = changed_places(view, before)
    assert changed and changed == {lot for lot in view["lots"].keys() | before.keys()
                                   if view["lots"].get(lot) != before.get(lot)}
    marked = {text.strip() for style, text, *_ in render_board(view, 80, 24, changed=changed)
              if "lot.changed" in style}
    assert marked == {f"{lot}•" for lot in changed}  # a mark beside the style: no colour or underline needed


def test_a_marked_three_character_lot_keeps_its_gap_where_the_cell_has_room() -> None:
    """`C11• P Blk`, not `C11•P Blk`: a parking lot's or casino's cell has a column to spare; an empty lot's
    compact cell (`C11•$12 [4]`) has none, and its mark stands in the gap."""
    table = EngineTable()
    play_until(table, lambda t: t.version >= 60)
    view = table.match.view(0)
    board = render_board(view, 80, 24, changed=frozenset(view["lots"]) | {"C10", "C11", "C12"})
    names = {text for style, text, *_ in board if "lot.changed" in style}
    assert {"C10", "C11", "C12"} & set(view["lots"]) and {"C10", "C11", "C12"} - set(view["lots"])
    for name in ("C10", "C11", "C12"):
        assert (f"{name}• " if name in view["lots"] else f"{name}•") in names, plain(board)
    assert len({len(line) for line in plain(board).split("\n")}) == 1  # every row as wide


def test_after_the_others_played_the_log_sums_it_up_and_the_board_marks_it(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = table.match.actors()[0]
        async with session(table, tmp_path) as s:
            s.type("end\r")
            await until(lambda: s.table.sent == [Submit("end")], what="end")  # the table plays it
            mine = table.version
            await until(lambda: s.model.last_acted == mine, what="the client to see its own move")
            assert changed_places(s.model.view, s.model.baseline) == frozenset()  # its own move is no news
            others_play_until_my_turn(table)
            await until(lambda: any(line.text == "Since your last turn:" for line in s.model.log),
                        what="the digest in the log")
            digest = [line.text.strip() for line in s.model.log if line.style == "notice"]
            drawn = [text for text in digest if text.startswith("Cards drawn: ")]
            assert drawn and len(drawn[0].split(",")) >= 3  # the others' turns each drew a card
            assert not any(" end" in text and ":" not in text for text in digest)  # sentences, not commands
            changed = changed_places(s.model.view, s.model.baseline)
            assert changed  # the others' draws took parking lots at least
            board = s.client.layout._board()
            marked = {text.strip() for style, text, *_ in board if "lot.changed" in style}
            assert marked == {f"{lot}•" for lot in changed}
    run(test)


def test_a_decision_comes_up_right_above_the_command_line(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable(options=("layoff",))
        play_until(table, lambda t: (t.match.view(0)["pending"] or {}).get("kind") == "layoff")
        table.seat = table.match.view(0)["pending"]["seat"]
        async with session(table, tmp_path) as s:
            rows = (await s.screen_shows("lay off half the bet?")).split("\n")
            prompt = next(i for i, row in enumerate(rows) if "lay off half the bet?" in row)
            command = next(i for i, row in enumerate(rows) if row.startswith(f"{table.names[table.seat]}>"))
            assert command - prompt == 2  # the question, its choices, then the command line
    run(test)
