"""Presence across a reconnect, end to end: a real server on a free loopback port and two real terminal
clients. A connected player is never shown away, on their own screen or anyone else's; one who quit is shown
away to the others, and present again everywhere once they are back, their own screen included (its summary
was read while the seat was away, before its stream opened)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from prompt_toolkit.input import create_pipe_input

from tests.client.harness import Session, SizedOutput, screen_text, until
from vegas_client import GameSummary, SeatInfo, client_for
from vegas_client.seats import SeatStore
from vegas_table.client.app import ClientApp
from vegas_table.client.viewmodel import ClientModel, seat_players
from vegas_table.server.app import ServerOptions, create_server
from vegas_table.server.session import Settings


@asynccontextmanager
async def player(port: int, home: Path, name: str, **run: Any) -> AsyncIterator[Session]:
    """`name`'s headless client (its saved seats in `home`) on the server at `port`, until its game shows."""
    home.mkdir(parents=True, exist_ok=True)
    with create_pipe_input() as pipe:
        address = f"127.0.0.1:{port}"
        model = ClientModel(server=address, name=name, confirm_over=None)
        client = ClientApp(model, client_for(address), SeatStore(home / "seats.json"), input=pipe,
                           output=SizedOutput(100, 32), replay_dir=home / "replays")
        task = asyncio.create_task(client.run(**run))
        try:
            await until(lambda: model.summary is not None and model.connection == "live", 10, f"{name}'s game")
            yield Session(client, pipe, table=None)  # type: ignore[arg-type]
        finally:
            client.quit()
            await asyncio.wait_for(task, 10)


def away(s: Session) -> dict[str, str]:
    """Who this client shows away (player name -> since when), as its screens get it."""
    return {name: since for name, _, since in seat_players(s.model) if name and since}


def shown_away(s: Session) -> list[str]:
    """The screen's lines that show a player away (the players table's rows, or the board's)."""
    return [line for line in screen_text(s.client).splitlines() if "away" in line and ("Ann" in line or "Bob" in line)]


async def nobody_shown_away(*clients: Session) -> None:
    """Every client's screen, once redrawn, shows nobody away (a redraw may lag behind the model)."""
    for s in clients:
        await s.screen_shows("Bob")
        await until(functools.partial(_nobody_on_screen, s), 5, functools.partial(_screen, s))


def _nobody_on_screen(s: Session) -> bool:
    return shown_away(s) == []


def _screen(s: Session) -> str:
    return f"no one away on this screen (its model shows away: {away(s)}):\n{screen_text(s.client)}"


def server_says_present(s: Session, seat: int) -> bool:
    """What the server last told this client of `seat`, before the client's own knowledge of itself."""
    return s.model.summary is not None and s.model.summary.seats[seat].connected


def test_nobody_connected_is_shown_away_before_and_after_a_reconnect(tmp_path: Path) -> None:
    async def test() -> None:
        options = ServerOptions(data_dir=tmp_path / "data", settings=Settings(bot_think_ms=0))
        server, port = await create_server("127.0.0.1:0", options)
        try:
            async with player(port, tmp_path / "ann", "Ann", create="lords up 3 bots 1") as ann:
                game_id = ann.model.game_id
                assert game_id is not None
                async with player(port, tmp_path / "bob", "Bob", game_id=game_id) as bob:
                    await until(lambda: ann.model.view is not None and bob.model.view is not None, 10, "the start")
                    await until(lambda: server_says_present(ann, 0) and server_says_present(ann, 1)
                                and server_says_present(bob, 0) and server_says_present(bob, 1), 10,
                                lambda: f"both present: {ann.model.summary} / {bob.model.summary}")
                    assert away(ann) == {} and away(bob) == {}
                    await nobody_shown_away(ann, bob)
                await until(lambda: "Bob" in away(ann), 10, "Bob shown away to Ann")
                assert away(ann)["Bob"].endswith("+00:00")
                await until(lambda: any("away since" in line for line in shown_away(ann)), 5, "away on Ann's screen")
                async with player(port, tmp_path / "bob", "Bob", game_id=game_id) as back:
                    await until(lambda: back.model.view is not None, 10, "Bob's game again")
                    assert back.model.seat == 1
                    await until(lambda: server_says_present(back, 1), 10, "Bob told he is back")
                    await until(lambda: away(ann) == {}, 10, "Bob shown back to Ann")
                    assert away(back) == {}
                    await nobody_shown_away(ann, back)
        finally:
            await server.stop(0)
    asyncio.run(asyncio.wait_for(test(), 60))


def test_a_client_never_shows_its_own_live_seat_away() -> None:
    """A summary read before this client's stream opened says its seat is away; while the stream is up, the
    client knows better. Once it drops, the seat is shown as the server last said."""
    seats = (SeatInfo(0, "Black", True, "Ann", False, connected=False, away_since="2026-12-01T20:20:00+00:00"),
             SeatInfo(1, "Blue", True, "Bob", False, connected=False, away_since="2026-12-01T20:21:00+00:00"))
    model = ClientModel(server="test:1", name="Ann", seat=0, connected=True,
                        summary=GameSummary("g1", "lords", "up", (), 2, seats, "running", 3, ""))
    assert [since for _, _, since in seat_players(model)] == ["", "2026-12-01T20:21:00+00:00"]
    model.connected = False
    assert seat_players(model)[0][2] == "2026-12-01T20:20:00+00:00"
