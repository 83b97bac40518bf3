"""Las Vegas in the client: the table drawn from a known position, commands, prompts, and the app."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tests.client.harness import play_until, session, until
from tests.client.table import EngineTable
from vegas_table.bots.base import concrete
from vegas_table.client.choices import numbered
from vegas_table.client.lasvegas.commands import legal_texts, preview, resolve, typing_error
from vegas_table.client.lasvegas.completion import suggest
from vegas_table.client.lasvegas.prompts import lasvegas_prompts
from vegas_table.client.orders import CommandError, Submit
from vegas_table.client.render import render_board, render_header, render_players
from vegas_table.client.render.text import plain
from vegas_table.client.seen import changed_places, places
from vegas_table.engine import GameConfig, Match, get_game

ALL_MODULES = ("biggies", "kickers", "minimums", "neutral", "notes100k", "rainbow", "slot")


def played(actions: int, options: tuple[str, ...] = (), players: int = 4) -> Match:
    match = Match(get_game("lasvegas"), GameConfig("lasvegas", "base", players, seed="3", options=options))
    rng = random.Random(1)
    for _ in range(actions):
        seat = match.actors()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return match


def first_pending(kind: str) -> Match:
    """The first position of the all-modules game where a decision of `kind` is pending."""
    for actions in range(0, 200):
        match = played(actions, ALL_MODULES)
        if (match.view(None)["pending"] or {}).get("kind") == kind:
            return match
    raise AssertionError(f"no {kind} decision came up")


def test_the_table_shows_each_casino_its_notes_and_dice_by_owner() -> None:
    view = played(14).view(0)
    board = plain(render_board(view, width=80)).split("\n")
    assert board[0].split() == ["casino", "1", "casino", "2", "casino", "3", "casino", "4", "casino", "5", "casino",
                                "6"]
    assert board[1].split() == ["$70k", "$90k", "$50k", "$60k", "$80k", "$60k"]  # largest note on top
    assert "Red ⚁⚁⚁⚁⚁" in board[5] and "Grn ⚀⚀⚀⚀" in board[5]  # the owner with most dice first, as they lie
    assert board[-1] == "  Green  rolled 1 2 4"
    assert max(len(line) for line in board) <= 80
    assert plain(render_header(view)) == "Las Vegas · round 1/4 · Green · placing dice"
    players = plain(render_players(view)).split("\n")
    assert players[3].startswith("▶  Green") and players[3].endswith("3 dice")


def test_modules_show_the_slot_machine_biggies_and_the_roll_marks() -> None:
    view = played(14, ALL_MODULES).view(0)
    board = plain(render_board(view, width=80))
    assert "slot" in board.split("\n")[0] and "$100k" in board
    assert "Yel ⚅⚅ B⚅" in board  # two dice and a biggie on casino 6
    assert "×" not in board  # at 80 columns every die is drawn
    assert "rolled 1 1 2 6B 6K" in board


def test_placing_reads_a_bare_number_and_refuses_what_the_roll_does_not_allow() -> None:
    match = played(14)
    view, seat = match.view(2), 2
    assert legal_texts(view, seat) == ["place 1", "place 2", "place 4"]
    assert resolve("4", view, seat).route == Submit("place 4")
    assert resolve("PLACE 1", view, seat).action == "place 1"
    with pytest.raises(CommandError, match="not possible now; you can: place 1, place 2, place 4"):
        resolve("place 6", view, seat)
    with pytest.raises(CommandError, match="waiting for Green"):
        resolve("place 4", match.view(0), 0)
    assert typing_error("place", view, seat) is None
    assert typing_error("place 6 ", view, seat) is not None
    assert [s.text for s in suggest("place ", view, seat)] == ["1", "2", "4"]


def test_a_kick_is_a_numbered_prompt() -> None:
    match = first_pending("kick")
    seat = match.actors()[0]
    view = match.view(seat)
    prompts = lasvegas_prompts(view, seat)
    assert prompts[0].yours and prompts[0].title.startswith("Your kicker landed on casino")
    first = numbered(prompts)[0]
    assert resolve("1", view, seat, prompts).action == first.command
    other = (seat + 1) % 4
    assert lasvegas_prompts(match.view(other), other)[0].title.startswith("Waiting for")


def test_the_client_plays_las_vegas_headless(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable(seed="3", rules="base", game="lasvegas", options=ALL_MODULES)
        play_until(table, lambda t: not t.match.view(None)["pending"] and t.match.view(None)["can_place"])
        table.seat = table.match.actors()[0]
        async with session(table, tmp_path) as s:
            screen = await s.screen_shows("place all the dice of one number")
            assert "casino 1" in screen
            number = table.match.view(table.seat)["can_place"][0].split()[1]
            s.type(f"{number}\r")  # a bare number places that number
            await until(lambda: s.table.sent, what="the placement to be sent")
            assert s.table.sent[0] == Submit(f"place {number}")
    asyncio.run(asyncio.wait_for(test(), 30))



def test_the_line_says_at_once_what_a_placement_cannot_do_and_what_it_will() -> None:
    match = played(14)
    view, seat = match.view(2), 2
    assert typing_error("place 6", view, seat).startswith("place 6: not possible now; you can: place 1")
    assert typing_error("pla", view, seat) is None and typing_error("place ", view, seat) is None
    assert typing_error("place 4", match.view(0), 0).startswith("place 4: waiting for Green")
    assert preview("place 4", view, seat).startswith("place 4: your dice showing 4 (1 counted) go to casino 4")


def test_a_casino_whose_dice_changed_is_marked_beside_its_name() -> None:
    """As a Lords lot is: a mark that needs neither colour nor an underline."""
    match = Match(get_game("lasvegas"), GameConfig("lasvegas", "base", 3, seed="4"))
    before = places(match.view(0))
    rng = random.Random(1)
    while not changed_places(match.view(0), before):
        seat = match.actors()[0]
        match.play(seat, concrete(rng.choice(match.legal_actions(seat)), rng).text())
    changed = changed_places(match.view(0), before)
    board = render_board(match.view(0), 100, 24, changed=changed)
    marked = {text.strip() for style, text, *_ in board if "lot.changed" in style}
    assert marked == {f"casino {name}•" for name in changed}
