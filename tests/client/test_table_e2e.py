"""The table's commands in the terminal client, against a real server on a free loopback port: the host's
`seat N bot KIND` / `seat N back` (with completion and help), `rematch` and its invitation, the lobby's
`history` with results and replays, and `make play` (vegas play --local) resuming the unfinished game."""

from __future__ import annotations

from pathlib import Path

from tests.client.harness import Session, until
from tests.client.test_e2e import client_on, play_moves, run, start_server
from vegas_client import client_for
from vegas_table.client.inputs import CommandCompleter
from vegas_table.client.render.panels import render_lobby
from vegas_table.client.viewmodel import shown_view


def words(s: Session, text: str) -> list[str]:
    return [suggestion.text for suggestion in CommandCompleter(s.client).suggestions(text)]


def test_the_host_hands_a_seat_to_a_bot_then_a_rematch_invites_everyone(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        bob = client_for(f"127.0.0.1:{port}")
        try:
            async with client_on(port, tmp_path, create="lords classic 2 bots 0", wait=False) as ann:
                game_id = ann.model.game_id
                assert game_id is not None
                joined = await bob.join_game(game_id, "Bob")
                await until(lambda: ann.model.view is not None, 10, "the game to start")
                assert words(ann, "seat ") == ["0", "1"]  # the players' seats
                assert words(ann, "seat 1 ") == ["bot"]
                assert words(ann, "seat 1 bot ") == ["random", "easy", "medium", "hard"]  # the ladder, in order
                ann.type("help\r")
                await until(lambda: ann.model.help is not None and any("seat N bot KIND" in line
                                                                       for line in ann.model.help[1]), 10, "help")
                ann.type("\x1b")  # Esc closes the help
                ann.type("seat 1 bot random\r")
                await until(lambda: ann.model.notice is not None and "the random bot plays for Bob"
                            in ann.model.notice.text, 10, "the server's answer")
                await until(lambda: ann.model.summary is not None and ann.model.summary.seats[1].stand_in == "random",
                            10, "the stand-in")
                shown = shown_view(ann.model)
                assert shown is not None and "Bob (random bot)" in str(shown)  # beside his colour everywhere
                assert words(ann, "seat 1 ") == ["bot", "back"]
                await play_moves(ann, 500)  # Bob is away: his bot plays for him to the end
                await until(lambda: ann.model.status == "finished", 30, "the end of the game")

                made = await bob.rematch(game_id, joined.token)  # Bob asks for a rematch: Ann is invited
                await ann.screen_shows(f"A rematch is open: game {made.game_id}", 15)
                ann.type("rematch\r")
                await until(lambda: ann.model.game_id == made.game_id, 10, "Ann in the rematch")
                assert ann.model.seat == 0  # her seat again
                await until(lambda: ann.model.summary is not None and ann.model.summary.seats[0].player == "Tester",
                            10, "Ann seated")

                ann.type("lobby\r")
                ann.type("history\r")
                await until(lambda: any(g.game_id == game_id and g.result for g in ann.model.games), 10,
                            "the finished game listed with its result")
                ann.model.selected = next(i for i, g in enumerate(ann.model.games) if g.game_id == game_id)
                text = "".join(fragment[1] for fragment in render_lobby(ann.model, 200, 30))
                assert "won by" in text and f"rematch {made.game_id}" in text
                assert f"replay of {game_id}: " in text and str(tmp_path / "replays" / f"{game_id}.jsonl") in text
        finally:
            await bob.close()
            await server.stop(0)
    run(test())


def test_make_play_resumes_the_unfinished_game_on_a_real_server(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        lobby = client_for(f"127.0.0.1:{port}")
        try:
            async with client_on(port, tmp_path, create="lords up 4 bots 3", resume=True, bot_kind="greedy") as s:
                first = s.model.game_id
                assert s.model.summary is not None
                assert [seat.player for seat in s.model.summary.seats[1:]] == ["greedy bot"] * 3  # BOTS=greedy
                await play_moves(s, 1)
            async with client_on(port, tmp_path, create="lords up 4 bots 3", resume=True) as again:
                assert again.model.game_id == first and again.model.seat == 0
                assert any(f"Back in your unfinished game {first}" in line.text for line in again.model.log)
            assert [g.game_id for g in await lobby.list_games()] == [first]  # no second game
        finally:
            await lobby.close()
            await server.stop(0)
    run(test())


def test_the_host_seats_bots_from_the_waiting_screen_and_the_game_starts(tmp_path: Path) -> None:
    """`create lords up 3` waits for people; its host reads how to add bots, `seat 2 bot hard` takes one
    free seat and `bots 1` the last, and the game starts with them."""

    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        try:
            async with client_on(port, tmp_path, create="lords up 3", wait=False) as ann:
                await ann.screen_shows("bots 2 (every free seat, medium)")
                ann.type("seat 2 bot hard\r")
                await until(lambda: ann.model.notice is not None and "hard bot takes seat 2" in ann.model.notice.text,
                            10, "the server's answer")
                assert ann.model.summary is not None and ann.model.summary.seats[2].bot
                assert ann.model.view is None  # seat 1 still waits for someone
                ann.type("bots 1\r")
                await until(lambda: ann.model.view is not None, 10, "the game to start")
                assert ann.model.summary is not None
                assert [s.player for s in ann.model.summary.seats] == ["Tester", "medium bot", "hard bot"]
        finally:
            await server.stop(0)
    run(test())
