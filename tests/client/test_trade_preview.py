"""A trade says what it does before Enter: offering one, what is offered to whom; accepting one, what you
give and get (a lot handed over is no money, and "costs nothing" hid it), and whether it happens then."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.client.harness import session
from tests.client.positions import played
from tests.client.table import EngineTable
from vegas_table.client.lords.preview import preview_text
from vegas_table.client.lords.prompts import lords_prompts

BLUE, GREEN = 1, 2  # played(): Blue (seat 1) to act, with a parking lot on C2


def test_a_trade_offer_says_what_goes_to_whom_and_who_must_accept() -> None:
    view = played().view(BLUE)
    assert preview_text("trade blue>green lot C2, green>blue $2", view, BLUE) == (
        "trade blue>green lot C2, green>blue $2: you give Green lot C2 · you get $2m from Green · Green must accept")
    assert preview_text("trade black>blue $1, blue>green lot C2, blue>green $1", view, BLUE) == (
        "trade black>blue $1, blue>green lot C2, blue>green $1: you get $1m from Black · you give Green lot C2 "
        "and $1m · Black and Green must accept")
    assert preview_text("trade blue>green lot Z9", view, BLUE) is None  # not a trade: no preview


def test_accepting_says_what_you_give_and_get_not_that_it_costs_nothing() -> None:
    match = played()
    match.play(BLUE, "trade blue>green $1, green>blue lot D6")
    view = match.view(GREEN)
    said = preview_text("accept 1", view, GREEN)
    assert said == "accept 1: you get $1m from Blue · you give Blue lot D6 · the trade happens now"
    assert preview_text("1", view, GREEN, lords_prompts(view, GREEN)) == said  # the prompt's number: the same
    assert preview_text("reject 1", view, GREEN) is None


def test_accepting_a_trade_others_must_accept_too_says_who_it_waits_for() -> None:
    match = played()
    match.play(BLUE, "trade blue>green $1, blue>black $1")
    said = preview_text("accept 1", match.view(GREEN), GREEN)
    assert said == "accept 1: you get $1m from Blue · Blue gives Black $1m · then it waits for Black"


def test_the_line_under_a_trade_being_typed_is_its_preview(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = table.match.actors()[0]
        me = table.names[table.seat].lower()
        other = table.names[(table.seat + 1) % len(table.names)]
        async with session(table, tmp_path, columns=120, rows=40) as s:
            s.type("end")
            await s.screen_shows("end: ends your turn")
            s.type(f"\b\b\btrade {me}>{other.lower()} $1")
            screen = await s.screen_shows(f"you give {other} $1m · {other}")
            assert "ends your turn" not in screen and "must accept" in screen
    asyncio.run(asyncio.wait_for(test(), 30))
