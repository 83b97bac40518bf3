"""The client against a real server on a free loopback port: a whole game, rejoining, reconnecting."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input

from tests.client.harness import Session, SizedOutput, until
from tests.replays.tampering import edit_record
from vegas_client import Client, NewGame, Revealed, VegasError, client_for
from vegas_client.seats import SeatStore
from vegas_table.client.app import ClientApp
from vegas_table.client.viewmodel import ClientModel, open_prompts
from vegas_table.server.app import RunningServer, ServerOptions, create_server
from vegas_table.server.session import Settings


async def start_server(data_dir: Path, address: str = "127.0.0.1:0") -> tuple[RunningServer, int]:
    return await create_server(address, ServerOptions(data_dir=data_dir, settings=Settings(bot_think_ms=0)))


@asynccontextmanager
async def client_on(port: int, tmp_path: Path, wait: bool = True, **run: Any) -> AsyncIterator[Session]:
    """A headless client on the server at `port`; `wait`: until its game has started."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    with create_pipe_input() as pipe:
        address = f"127.0.0.1:{port}"
        model = ClientModel(server=address, name="Tester", confirm_over=None)  # no questions: it plays on
        client = ClientApp(model, client_for(address), SeatStore(tmp_path / "seats.json"), input=pipe,
                           output=SizedOutput(80, 24), replay_dir=tmp_path / "replays")
        task = asyncio.create_task(client.run(**run))
        try:
            await until(lambda: model.view is not None if wait else model.summary is not None, 10, "the game")
            yield Session(client, pipe, table=None)  # type: ignore[arg-type]
        finally:
            client.quit()
            await asyncio.wait_for(task, 10)


def my_move(s: Session) -> str | None:
    """What the test player types when the game waits for it: the first choice of a decision, else end."""
    view = s.model.view
    if view is None or view["phase"] == "over" or s.model.busy:
        return None
    waiting = (view["pending"] or {}).get("seat", view["current"])
    if waiting != s.model.seat:
        return None
    return "1" if view["pending"] and any(p.yours and p.choices for p in open_prompts(s.model)) else "end"


async def play_moves(s: Session, count: int) -> None:
    """Make `count` moves of this seat (or play on to the end of the game)."""
    for _ in range(count):
        await until(lambda: my_move(s) is not None or s.model.status == "finished", 20, "the player's turn")
        if s.model.status == "finished":
            return
        s.type(f"{my_move(s)}\r")
        await until(_moved_on(s, s.model.version), 20, lambda: f"the move to land ({s.model.notice})")


def _moved_on(s: Session, held: int | None) -> Callable[[], bool]:
    return lambda: s.model.version != held


def run(coroutine: Any) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 120))


def test_a_whole_game_against_a_bot_ends_proven_fair(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        try:
            async with client_on(port, tmp_path, create="lords up 2 bots 1") as s:
                await play_moves(s, 500)
                await until(lambda: s.model.status == "finished", 30, "the end of the game")
                screen = await s.screen_shows("The game is proven fair")
                log = [line.text for line in s.model.log]
                assert "✓ the replay ends in exactly the position you saw" in log
                assert "✓ your entropy was mixed into the seed" in log
                assert "✓ every seat's commitment in the replay is the one you saw before revealing" in log
                assert any(line.startswith("✓ the replay holds the record you saw last") for line in log)
                assert not [line for line in log if line.startswith("✗")]
                assert "wins" in screen.split("\n")[0] or "share the win" in screen.split("\n")[0]
                screen = await s.screen_shows("Replay: ", 30)  # the final standings, with where the replay is
                assert "  #  player" in screen and len(list((tmp_path / "replays").glob("*.jsonl"))) == 1
        finally:
            await server.stop(0)
    run(test())


def test_a_replay_rechained_after_the_game_is_caught_on_screen(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The server hands out a replay whose header was changed (a player's name) and every `prev` rewritten:
    it still verifies, but its last line is not the one the server named with the last update."""
    honest = Client.replay

    async def rechained(self: Client, game_id: str) -> Revealed:
        revealed = await honest(self, game_id)
        forged = edit_record(revealed.replay, 1, lambda record: record["names"].__setitem__(1, "Somebody"))
        return replace(revealed, replay=forged)

    monkeypatch.setattr(Client, "replay", rechained)

    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        try:
            async with client_on(port, tmp_path, create="lords up 2 bots 1") as s:
                await play_moves(s, 500)
                await until(lambda: s.model.status == "finished", 30, "the end of the game")
                await s.screen_shows("A fairness check FAILED")
                failed = [line.text for line in s.model.log if line.text.startswith("✗")]
                assert len(failed) == 1 and "the file was changed (and re-chained) after the game" in failed[0]
        finally:
            await server.stop(0)
    run(test())


def test_a_restarted_client_is_back_in_its_seat(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        try:
            async with client_on(port, tmp_path, create="lords up 2 bots 1") as s:
                game_id, seat = s.model.game_id, s.model.seat
                await play_moves(s, 2)
                seen = [(line.version, line.text) for line in s.model.log if line.version is not None]
            async with client_on(port, tmp_path, game_id=game_id) as again:
                assert (again.model.game_id, again.model.seat) == (game_id, seat)
                # its log starts where the first client's did (ListEvents), not at its snapshot
                await until(lambda: any(line.version == 0 for line in again.model.log), 10, "the log's history")
                back = [(line.version, line.text) for line in again.model.log if line.version is not None]
                assert back[:len(seen)] == seen
                await play_moves(again, 1)  # acting proves the token is the seat's
        finally:
            await server.stop(0)
    run(test())


def test_a_server_restart_is_survived_from_the_last_version_held(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        async with client_on(port, tmp_path, create="lords up 2 bots 1") as s:
            await play_moves(s, 2)
            held = s.model.version
            await server.stop(0)
            await until(lambda: not s.model.connected, 10, "the drop to be noticed")
            server, _ = await start_server(tmp_path / "data", f"127.0.0.1:{port}")
            try:
                await until(lambda: s.model.connection == "live", 20, "the reconnection")
                assert s.model.version is not None and s.model.version >= (held or 0)
                await play_moves(s, 2)
                log = [line.text for line in s.model.log]
                assert any(line.startswith("connection lost") for line in log)
                assert "connection back: carrying on from the last version held" in log
            finally:
                await server.stop(0)
    run(test())


async def opponent_move(link: Client, game_id: str, token: str) -> None:
    """A second player over the client library, on its turn: `end`, or a decision's default answer."""
    version, legal = await link.legal_actions(game_id, token)
    texts = [a.text for a in legal if not a.is_range]
    await link.submit(game_id, token, "end" if "end" in texts else texts[0], version)


def test_a_game_waits_in_the_lobby_until_a_second_player_joins(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        bob = client_for(f"127.0.0.1:{port}")
        try:
            async with client_on(port, tmp_path, create="lords classic 2", wait=False) as ann:  # no bots unasked
                await ann.screen_shows("waiting for 1 more player(s)")
                await ann.screen_shows("bots 1 (every free seat, medium)")  # how its host would play a bot instead
                assert ann.model.game_id is not None
                joined = await bob.join_game(ann.model.game_id, "Bob", entropy="bob's")
                await until(lambda: ann.model.view is not None, 10, "the game to start for Ann")
                assert ann.model.seat == 0 and joined.seat == 1
                for _ in range(6):  # whoever the game waits for moves; Ann's screen follows Bob's moves
                    version = ann.model.version
                    if my_move(ann) is not None:
                        await play_moves(ann, 1)
                    else:
                        await opponent_move(bob, ann.model.game_id, joined.token)
                        await until(_moved_on(ann, version), 10, "Bob's move to reach Ann's screen")
                await ann.screen_shows("Lords of Vegas classic")
                assert ann.model.version is not None and ann.model.version >= 4
        finally:
            await bob.close()
            await server.stop(0)
    run(test())


def test_a_private_game_shows_its_code_and_a_friend_joins_with_it(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        stranger, friend = (client_for(f"127.0.0.1:{port}") for _ in range(2))
        try:
            async with client_on(port, tmp_path, create="lords classic 2 bots 0 private", wait=False) as ann:
                await ann.screen_shows("waiting for 1 more player(s)")
                game_id = ann.model.game_id
                assert game_id is not None
                told = next(line.text for line in ann.model.log if "join code" in line.text)
                code = told.split("join code is ")[1].split(".")[0]
                assert f"vegas play --game {game_id} --code {code}" in told
                assert game_id not in [g.game_id for g in await stranger.list_games()]
                with pytest.raises(VegasError, match="is private"):
                    await stranger.join_game(game_id, "Eve")
                friend.codes[game_id] = code  # what `vegas play --game ID --code CODE` does
                joined = await friend.join_game(game_id, "Bob")
                await until(lambda: ann.model.view is not None, 10, "the game to start for Ann")
                assert joined.seat == 1
        finally:
            await stranger.close()
            await friend.close()
            await server.stop(0)
    run(test())


def test_the_client_brings_the_servers_password(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await create_server("127.0.0.1:0", ServerOptions(data_dir=tmp_path / "data",
                                                                        password="open sesame"))
        address = f"127.0.0.1:{port}"
        friend, stranger = client_for(address, password="open sesame"), client_for(address)
        try:
            created = await friend.create_game(NewGame("lords", "up", 2, (1,)))
            assert [g.game_id for g in await friend.list_games()] == [created.game_id]
            with pytest.raises(VegasError, match="wants a password") as refused:
                await stranger.list_games()
            assert refused.value.code == "password_required"
        finally:
            await friend.close()
            await stranger.close()
            await server.stop(0)
    run(test())
