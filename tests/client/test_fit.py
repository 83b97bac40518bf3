"""Text is never cut at 120x40 or wider; at 80x24 help opens in its own pane; a terminal too small for the
game says which size it needs."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.client.harness import session
from tests.client.table import EngineTable
from vegas_table.bots.base import concrete
from vegas_table.client.arrange import Arrangement, arrange
from vegas_table.client.choices import Choice, Prompt
from vegas_table.client.games import game_ui
from vegas_table.client.render import board_lines, render_board, render_header, render_players
from vegas_table.client.render.lasvegas import PLAYER_ABBR
from vegas_table.client.render.panels import prompt_lines
from vegas_table.client.render.text import DIE_FACES, join_lines, plain
from vegas_table.client.seen import with_players
from vegas_table.engine import GameConfig, Match, get_game

PEOPLE = [("Alexandra", False), ("Bartholomew", False), ("greedy bot", True), ("Dan", False), ("Eve", False)]


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 30))


def positions(game: str, rules: str, players: int, options: tuple[str, ...]) -> Iterator[Match]:
    """Every seventh position of a random game (a decision, a trade, a full board come up on the way)."""
    match = Match(get_game(game), GameConfig(game, rules, players, seed="5", options=options))
    rng = random.Random(2)
    for step in range(300):
        if match.over:
            return
        seat = match.actors()[0]
        match.play(seat, concrete(rng.choice(match.legal_actions(seat)), rng).text())
        if step % 7 == 0:
            yield match


def arranged(view: dict[str, Any], prompts: list[Prompt], columns: int, rows: int) -> Arrangement:
    return arrange(columns, rows, lambda w, r: board_lines(view, w, r),
                   lambda w, brief: len(plain(render_players(view, w, brief)).split("\n")),
                   lambda w: len(prompt_lines(prompts, w)))


@pytest.mark.parametrize(("game", "rules", "players", "options"), [
    ("lords", "up", 4, ("layoff",)), ("lords", "classic", 2, ()), ("lords", "up", 3, ("layoff", "underworld")),
    ("lasvegas", "base", 5, ("biggies", "kickers", "neutral", "slot"))])
@pytest.mark.parametrize(("columns", "rows"), [(120, 40), (160, 50)])
def test_nothing_is_cut_at_120x40_or_wider(game: str, rules: str, players: int, options: tuple[str, ...],
                                           columns: int, rows: int) -> None:
    for match in positions(game, rules, players, options):
        for seat in (match.actors()[0] if match.actors() else 0, None):
            view = with_players(match.view(seat), PEOPLE[:players])
            prompts = game_ui(view).prompts(view, seat)  # type: ignore[union-attr]
            at = arranged(view, prompts, columns, rows)
            drawn = {"header": render_header(view, columns),
                     "board": render_board(view, at.board_width, at.board_height),
                     "players": render_players(view, at.side_width, at.players_brief),
                     "prompts": join_lines(prompt_lines(prompts, at.side_width))}
            for part, text in drawn.items():
                assert "…" not in plain(text), f"{part} cut at {columns}x{rows}:\n{plain(text)}"


def test_help_opens_in_its_own_pane_at_80x24_and_esc_closes_it(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = table.match.actors()[0]
        async with session(table, tmp_path) as s:
            s.type("help\r")
            screen = await s.screen_shows("Lords of Vegas: the commands")
            assert "A1  $9" not in screen  # the pane, not the board and a two-line log
            assert "Your turn: build LOT COLOUR" in screen and "PageUp/PageDown scroll it" in screen
            s.type("\x1b[6~")  # PageDown: the rest of the page
            await s.screen_shows("More: help board · help gamble · help sprawl")
            s.type("\x1b")
            await s.screen_shows("A1  $9")
            s.type("help board\r")
            screen = await s.screen_shows("Lords of Vegas: help board")
            assert "K⚄*         * that die was reorganized this turn" in screen
            assert "PageUp/PageDown scroll it" in screen
            s.type("help gamble\r")
            screen = await s.screen_shows("help gamble")
            assert "5 to 8 loses it (56%)" in screen
            s.type("help sprawl\r")
            await s.screen_shows("It costs twice the lot's price")
            s.type("help dice\r")
            await s.screen_shows("help dice: no such page; pages: board, gamble, sprawl")
    run(test)


def test_a_window_too_small_names_the_size_the_game_needs(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = table.match.actors()[0]
        async with session(table, tmp_path, columns=70, rows=20) as s:
            screen = await s.screen_shows("Window too small")
            assert "needs at least 80x24 (columns x lines); this one is 70x20" in " ".join(screen.split())
    run(test)


def test_las_vegas_tells_a_count_of_dice_from_a_die_s_face(tmp_path: Path) -> None:
    view = next(m.view(0) for m in positions("lasvegas", "base", 4, ("slot",))
                if any(c["casino"] == "slot" and c.get("slot_dice") for c in m.view(0)["casinos"])
                and any(any(c.get("counts", ())) for c in m.view(0)["casinos"]))
    board = plain(render_board(view, 120))
    slot = next(c for c in view["casinos"] if c["casino"] == "slot")
    # every die is its face: on casino N the face of N once per die, on the slot machine each die's own pips
    for casino in (c for c in view["casinos"] if c["casino"] != "slot"):
        for seat, dice in enumerate(casino["dice"]):
            if dice:
                faces = DIE_FACES[int(casino["casino"])] * dice
                assert f"{PLAYER_ABBR[view['seats'][seat]['colour']]} {faces}" in board
    assert all(DIE_FACES[die["pips"]] in board for die in slot["slot_dice"])


def test_a_five_player_game_with_a_question_open_keeps_six_log_lines_at_80x24() -> None:
    """What the others did stays in sight while a decision or a trade waits: a question whose choices fit
    beside it takes one line, so five players' table, the whole board and the prompt leave the log six."""
    for match in positions("lords", "up", 5, ("layoff",)):
        view = with_players(match.view(0), PEOPLE)
        prompts = game_ui(view).prompts(view, 0)  # type: ignore[union-attr]
        short = [p for p in prompts if p.choices and len(plain(join_lines(prompt_lines([p], 80)))) <= 80]
        if short:
            assert len(prompt_lines(short[:1], 80)) == 1
            assert arranged(view, short[:1], 80, 24).log_height >= 6
    offer = Prompt("Trade 3 from Blue (Bart): blue>black $2, black>blue die D5",
                   (Choice("accept", "accept 3"), Choice("reject", "reject 3")), yours=True)
    view = with_players(next(positions("lords", "up", 5, ())).view(0), PEOPLE)
    assert plain(join_lines(prompt_lines([offer], 80))).endswith("1 accept  2 reject")
    assert arranged(view, [offer], 80, 24).log_height >= 6


@pytest.mark.parametrize("columns", [80, 100])
def test_the_header_says_less_rather_than_being_cut(columns: int) -> None:
    """Five players with long names at 80 and 100 columns: the Lords header shortens its words (the card's
    colour, "last card", the title, the people's names beside their colours) and is never cut."""
    for match in positions("lords", "up", 5, ("layoff", "underworld")):
        for seat in (match.actors()[0] if match.actors() else 0, None):
            header = plain(render_header(with_players(match.view(seat), PEOPLE), columns))
            assert "…" not in header and len(header) <= columns, header
            assert header.startswith("Lords")
