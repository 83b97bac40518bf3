"""The client headless: pipe input, a dummy 80x24 terminal, and the screen read back as text."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests.client.harness import Session, play_until, screen_text, session, until
from tests.client.table import EngineTable
from vegas_client.errors import VegasError
from vegas_table.client.orders import Answer, Propose, Submit
from vegas_table.client.viewmodel import note


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 30))


def seated_at_turn(options: tuple[str, ...] = ()) -> EngineTable:
    """A new game where the client's seat is the one to act."""
    table = EngineTable(options=options)
    table.seat = table.match.actors()[0]
    return table


async def sent(s: Session, count: int = 1) -> None:
    await until(lambda: len(s.table.sent) >= count, what="the command to reach the server")


def test_the_game_screen_fits_80x24(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path) as s:
            screen = await s.screen_shows("Green>")
            rows = screen.split("\n")
            assert len(rows) == 24 and max(len(r) for r in rows) <= 80
            assert rows[0].startswith("Lords of Vegas up · turn 1 · Green (Tester)'s turn · actions · last card  C8")
            assert rows[1].startswith("A1  $9  [3] A2  $6  [2] A3  $15 [5]")
            assert rows[8].startswith("E4  $12 [4]")  # no street lines on a short screen, every lot shown
            assert rows[9].split()[:2] == ["Black", "random"]  # the players' table without its title line
            assert "· Green (Tester) takes the parking lot C8" in screen  # the event log, a name beside each colour
            assert rows[-1].startswith(" test:1 · game g1 · you are Green (Tester) · v0") and rows[-1].endswith("live")
    run(test)


def test_a_wider_terminal_puts_players_and_log_beside_the_board(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path, columns=180, rows=40) as s:
            screen = await s.screen_shows("Green>")
            row = next(r for r in screen.split("\n") if r.startswith("A1 "))
            assert "player" in screen.split("\n")[1] and "A1  $9m" in row  # wide cells, side panel
    run(test)


def test_typing_a_legal_action_sends_it_and_shows_the_result(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path) as s:
            s.type("END\r")
            await sent(s)
            assert s.table.sent == [Submit("end")]
            screen = await s.screen_shows("done: end")
            assert "version" not in screen  # the server's numbering stays out of the player's way
            await s.screen_shows("· Purple (bot) takes the parking lot B3")  # the update came back through the stream
            assert "Green ends the turn" in [line.text for line in s.model.log]
    run(test)


def test_tab_completes_and_a_hopeless_command_turns_the_line_red(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path) as s:
            s.type("bui")
            await s.screen_shows("build LOT COLOUR")  # the completion menu, with what it takes
            s.type("\t")
            await until(lambda: s.client.command.text == "build ", what="completion")
            s.type("A2 gold")
            screen = await s.screen_shows(" build A2 gold: you have no parking lot on A2")
            assert "Green> build A2 gold" in screen
            s.type("\r")  # refused here, never sent; the text stays to be fixed
            await asyncio.sleep(0.1)
            assert s.table.sent == [] and s.client.command.text == "build A2 gold"
            assert s.client.command.validation_error is not None
    run(test)


def test_a_refusal_from_the_server_is_shown_as_its_sentence(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path) as s:
            s.table.refusal = VegasError("end: it is Blue's turn", "not_your_turn", "FAILED_PRECONDITION")
            s.type("end\r")
            await s.screen_shows(" end: it is Blue's turn")
            s.table.refusal = VegasError("stale", "stale_version", "ABORTED")
            s.type("end\r")
            await s.screen_shows("the game moved on while you chose")
    run(test)


def test_a_decision_comes_up_as_a_prompt_and_is_answered_by_number(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable(options=("layoff",))
        play_until(table, lambda t: (t.match.view(0)["pending"] or {}).get("kind") == "layoff")
        table.seat = table.match.view(0)["pending"]["seat"]  # the House deciding
        async with session(table, tmp_path) as s:
            screen = await s.screen_shows("lay off half the bet?")
            assert "1 no: keep the whole bet  2 yes: lay off half to the bank" in screen
            s.type("2\r")
            await sent(s)
            assert s.table.sent == [Submit("layoff yes")]
            await s.screen_shows("done: layoff yes")
    run(test)


def test_reorganized_dice_are_placed_from_a_prompt(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable(options=("layoff",))
        play_until(table, lambda t: (t.match.view(0)["pending"] or {}).get("kind") == "place_die", seed=4)
        table.seat = table.match.view(0)["pending"]["seat"]
        async with session(table, tmp_path, columns=100, rows=30) as s:
            screen = await s.screen_shows("Reorganized: which tile gets your 5? (dice to place: 5, 4)")
            assert "1 F3  2 F9" in screen
            s.type("place 5 F9\r")
            await sent(s)
            assert s.table.sent == [Submit("place 5 F9")]
    run(test)


def test_a_trade_offer_to_you_is_a_prompt(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = 0
        proposer = table.match.actors()[0]
        table.play(proposer, f"trade {table.names[proposer].lower()}>black $1")
        async with session(table, tmp_path) as s:
            screen = await s.screen_shows("Trade 1 from Green (bot): green>black $1")
            assert "1 accept  2 reject" in screen
            s.type("1\r")
            await sent(s)
            assert s.table.sent == [Answer(1, "accept")]
            s.type("trade black>green $2\r")
            await sent(s, 2)
            assert s.table.sent[1] == Propose("black>green $2")
    run(test)


def test_a_spectator_watches_and_cannot_act(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path, watch=True) as s:
            await s.screen_shows("watching>")
            s.type("end")
            await s.screen_shows("end: you are watching this game; only players act")
            assert "spectator" in screen_text(s.client).split("\n")[-1]
    run(test)


def test_a_restarted_client_rejoins_its_seat_with_the_saved_token(tmp_path: Path) -> None:
    async def test() -> None:
        table = seated_at_turn()
        async with session(table, tmp_path) as s:
            await s.screen_shows("you are Green")
        assert table.joined
        async with session(table, tmp_path) as s:  # joining again would be refused: the saved token is used
            await s.screen_shows("you are Green")
            s.type("end\r")
            await sent(s)
    run(test)


def test_a_client_that_starts_on_a_snapshot_shows_what_happened_before_in_its_log(tmp_path: Path) -> None:
    async def test() -> None:
        table = EngineTable()
        table.seat = 1
        play_until(table, lambda t: t.version >= 12)
        async with session(table, tmp_path) as s:
            await until(lambda: any(line.version == 0 for line in s.model.log), what="the set-up's events")
            logged = [(line.version, line.text) for line in s.model.log if line.version is not None]
        expected = [(v, text) for v in range(table.version + 1) for text in table.events[v]]
        assert logged == expected  # every version once, in order, the snapshot's own last
    run(test)


def test_help_lists_the_commands_in_the_log(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path, rows=40) as s:
            s.type("help\r")
            await s.screen_shows("Your turn: build LOT COLOUR")
    run(test)


def test_log_opens_every_line_in_a_page_scrolled_to_the_newest(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path) as s:  # 80x24: a few log lines under the board
            for n in range(40):
                note(s.model, f"line {n} of a long game")
            kept = [line.text for line in s.model.log]
            s.type("log\r")
            screen = await s.screen_shows(f"the log: {len(kept)} lines, oldest first")
            assert kept[-1][:60] in screen and kept[0][:60] not in screen  # the newest shown, the oldest scrolled
            assert "PageUp/PageDown scroll it" in screen
    run(test)


def test_the_lobby_lists_games_and_enter_joins_the_chosen_one(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path, game_id=None) as s:
            screen = await s.screen_shows("g1        lords up")
            assert "lobby>" in screen and "Black:bot Blue:bot Green:— Purple:bot" in screen
            assert max(len(row) for row in screen.split("\n")) <= 80
            s.type("\r")  # an empty line joins the chosen game
            await s.screen_shows("you are Green")
            assert s.table.joined
    run(test)


def test_creating_a_game_from_the_lobby_takes_its_first_free_seat(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(seated_at_turn(), tmp_path, game_id=None) as s:
            await s.screen_shows("lobby>")
            s.type("create lords up 9\r")
            await s.screen_shows("create: lords up is for 2-6 players, not 9")
            s.client.command.reset()
            s.type("create lords up 4 bots 3\r")
            await s.screen_shows("you are Green")
    run(test)


def test_a_saved_seat_the_server_no_longer_knows_is_forgotten(tmp_path: Path) -> None:
    async def test() -> None:
        table = seated_at_turn()
        async with session(table, tmp_path) as s:
            await s.screen_shows("you are Green")
        table.tokens_revoked = True
        async with session(table, tmp_path, game_id="g1", wait_for_view=False) as s:
            await s.screen_shows("is not valid on this server any more")
            assert s.model.screen == "lobby" and s.client.seats.saved_seat("g1") is None
    run(test)


def test_an_underworld_game_shows_the_line_and_sends_acquire(tmp_path: Path) -> None:
    async def test() -> None:
        table = seated_at_turn(options=("underworld",))
        card = table.match.view(None)["underworld"]["line"][0]
        async with session(table, tmp_path, columns=120, rows=40) as s:
            screen = await s.screen_shows("underworld deck")
            assert f"line {card['id']} Costs ${card['cost']}m." in screen
            s.type(f"acquire {card['id']}\r")
            await sent(s)
            assert s.table.sent == [Submit(f"acquire {card['id']}")]
            await until(lambda: any(f"acquires {card['name']} for ${card['cost']}m" in line.text
                                    for line in s.model.log), what="the acquire in the log")
            s.type(f"acquire {card['id']} ")
            await s.screen_shows("you have already acquired a card this turn")
    run(test)


def test_pile_and_cards_show_what_anyone_at_the_table_may_look_at(tmp_path: Path) -> None:
    async def test() -> None:
        table = seated_at_turn(options=("underworld",))
        view = table.match.view(None)
        card = view["underworld"]["line"][0]
        newest = view["discard_pile"][-1]
        async with session(table, tmp_path, columns=120, rows=40) as s:
            await s.screen_shows("underworld deck")
            s.type("pile\r")
            await s.screen_shows(f"newest first): {newest}")
            s.type("cards\r")
            await s.screen_shows(f"{card['id']}: {card['name']}: {card['effect'][:20]}")
            assert not s.table.sent  # looking sends nothing
    run(test)
