"""What it costs: the line under the command says what a valid command will cost and do before Enter, and
a final or dear command asks before it is sent (`--confirm-over`, `--no-confirm`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests.client.harness import Session, play_until, screen_text, session, until
from tests.client.table import EngineTable
from vegas_table.client.lords.completion import suggest
from vegas_table.client.orders import Submit


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 30))


def acting_with(verb: str) -> EngineTable:
    """A game where the client's seat is to act and may `verb` (a legal action starts with it)."""
    table = EngineTable()

    def can(t: EngineTable) -> bool:
        seat = t.match.actors()[0]
        return not t.match.state.pending and any(a.text().startswith(verb) for a in t.match.legal_actions(seat))

    play_until(table, can, seed=3)
    table.seat = table.match.actors()[0]
    return table


def legal(table: EngineTable, verb: str) -> str:
    return next(a.text() for a in table.match.legal_actions(table.seat) if a.text().startswith(verb))


async def notice_line(s: Session, text: str) -> str:
    await s.screen_shows(text)
    return next(row for row in (await s.screen_shows(text)).split("\n") if text in row)


def test_a_sprawl_shows_its_real_cost_in_completion_and_before_enter(tmp_path: Path) -> None:
    async def test() -> None:
        table = acting_with("sprawl")
        _, source, target = legal(table, "sprawl").split()
        view = table.match.view(table.seat)
        note = next(x.meta for x in suggest("sprawl ", view, table.seat) if x.text == target)
        price = int(note.split("lot $")[1].split("m")[0])
        assert note.startswith(f"from {source}: ${2 * price}m")  # twice the lot's price, not the price
        async with session(table, tmp_path, columns=120, rows=40) as s:
            s.type(f"sprawl {target}")
            money = view["seats"][table.seat]["money"]
            line = await notice_line(s, f"sprawl {target} = sprawl {source} {target}: ")
            assert f"costs ${2 * price}m of your ${money}m, ${money - 2 * price}m left" in line
            assert "Enter sends" in line and s.table.sent == []
    run(test)


def test_ending_the_turn_with_money_and_actions_left_asks_first(tmp_path: Path) -> None:
    async def test() -> None:
        table = acting_with("build")
        async with session(table, tmp_path, confirm_over=20) as s:
            s.type("end\r")
            await s.screen_shows("unspent (you could still build")
            await asyncio.sleep(0.1)
            assert s.table.sent == [] and s.client.command.text == "end"  # asked, kept, not sent
            s.type("\r")
            await until(lambda: s.table.sent == [Submit("end")], what="the confirmed end to be sent")
    run(test)


def test_changing_the_line_cancels_the_question_and_no_confirm_never_asks(tmp_path: Path) -> None:
    async def test() -> None:
        table = acting_with("build")
        async with session(table, tmp_path, confirm_over=20) as s:
            s.type("end\r")
            await s.screen_shows("unspent (")
            s.type("\x7f")  # editing the line withdraws the question
            await until(lambda: s.model.confirming is None and "unspent (" not in screen_text(s.client),
                        what="the question to go")
            s.type("d\r")  # the same command again: asked again, not sent
            await until(lambda: s.model.confirming is not None, what="the question again")
            await s.screen_shows("unspent (")
            assert s.table.sent == []
        async with session(acting_with("build"), tmp_path) as s:  # confirm_over None: --no-confirm
            s.type("end\r")
            await until(lambda: s.table.sent == [Submit("end")], what="end sent at once")
    run(test)


def test_a_raise_over_the_threshold_asks_and_one_under_it_does_not(tmp_path: Path) -> None:
    async def test() -> None:
        table = acting_with("raise")
        raise_text = legal(table, "raise")
        async with session(table, tmp_path, confirm_over=15, columns=120, rows=40) as s:
            s.type(raise_text + "\r")
            await s.screen_shows(f"{raise_text} costs $")
            assert s.table.sent == []
            s.type("\r")
            await until(lambda: s.table.sent == [Submit(raise_text)], what="the confirmed raise")
        async with session(acting_with("raise"), tmp_path, confirm_over=1000) as s:
            s.type(raise_text + "\r")
            await until(lambda: s.table.sent == [Submit(raise_text)], what="the raise, under the threshold")
    run(test)


def test_previews_and_questions_fit_a_120_column_line() -> None:
    import random as chance

    from vegas_table.bots.base import concrete
    from vegas_table.client.lords.confirm import question
    from vegas_table.client.lords.preview import preview_text

    table = EngineTable(options=("layoff",))
    rng = chance.Random(4)
    longest = 0
    for _ in range(160):
        seat = table.match.actors()[0]
        view = table.match.view(seat)
        for entry in table.match.legal_actions(seat):
            text = concrete(entry, rng).text()
            for said in (preview_text(text, view, seat), question(text, view, seat, 0)):
                longest = max(longest, len(said or ""))
        table.play(seat, concrete(rng.choice(table.match.legal_actions(seat)), rng).text())
    assert 60 < longest <= 118  # the notice line is one line: a leading space and 119 columns
