"""Stand-ins (server.handover) and rematches (server.rematch): a real server on a free loopback port, the real
client library. The host hands an absent player's seat to a bot and back; the player takes it back by acting;
every action a stand-in played is marked in the replay, which still verifies; a restart keeps the stand-in.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from vegas_client import Client, NewGame, VegasError, client_for
from vegas_client.data import GameSummary, Joined
from vegas_table.replays.audit import audit_replay
from vegas_table.replays.format import parse_lines, split_complete
from vegas_table.replays.stepper import ReplayStepper
from vegas_table.replays.verify import verify_bytes
from vegas_table.server.app import RunningServer, ServerOptions, create_server
from vegas_table.server.session import Settings


async def start_server(data_dir: Path, address: str = "127.0.0.1:0") -> tuple[RunningServer, int]:
    return await create_server(address, ServerOptions(data_dir=data_dir, settings=Settings(bot_think_ms=0)))


async def until(condition: Callable[[], Awaitable[bool]], what: str, tries: int = 2000) -> None:
    """Poll `condition` until it holds (a generous bound on tries, never on time)."""
    for _ in range(tries):
        if await condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


async def two_players(port: int, players: int = 2,
                      bots: tuple[int, ...] = ()) -> tuple[Client, Client, str, Joined, Joined]:
    """Ann creates a Lords game (so she is its host) and sits at seat 0; Bob takes seat 1; both reveal."""
    ann, bob = client_for(f"127.0.0.1:{port}"), client_for(f"127.0.0.1:{port}")
    created = await ann.create_game(NewGame("lords", "classic", players, bots, bot_think_ms=0))
    game_id = created.game_id
    a = await ann.join_game(game_id, "Ann", 0)
    b = await bob.join_game(game_id, "Bob", 1)
    await ann.reveal_due(await ann.get_game(game_id))
    assert (await ann.get_game(game_id)).status == "running"
    return ann, bob, game_id, a, b


async def move(link: Client, game_id: str, token: str) -> bool:
    """The seat's move if the game waits for it (`end`, or a decision's first answer); whether it moved."""
    try:
        version, legal = await link.legal_actions(game_id, token)
        texts = [a.text for a in legal if not a.is_range]
        if not texts:
            return False
        await link.submit(game_id, token, "end" if "end" in texts else texts[0], version)
    except VegasError as error:
        if error.code in ("stale_version", "game_over", "not_your_turn"):
            return False
        raise
    return True


def records(data_dir: Path, game_id: str) -> list[dict[str, Any]]:
    lines, _ = split_complete((data_dir / "games" / game_id / "replay.jsonl").read_bytes())
    return parse_lines(lines).actions


def run(coroutine: Any) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 600))  # a safety net only: a loaded machine plays slowly


def test_the_host_hands_an_absent_players_seat_to_a_bot_and_gives_it_back(tmp_path: Path) -> None:
    async def test() -> None:
        data = tmp_path / "data"
        server, port = await start_server(data)
        ann, bob, game_id, a, b = await two_players(port)
        try:
            assert ann.hosts[game_id] and game_id not in bob.hosts  # the creator holds the host token
            summary = await ann.hand_seat(game_id, 1, "random")
            assert summary.seats[1].stand_in == "random" and summary.seats[1].player == "Bob"

            async def bot_played_twice() -> bool:
                await move(ann, game_id, a.token)  # Ann plays on; Bob is away
                return sum(1 for r in records(data, game_id) if r.get("by") == "random") >= 2

            await until(bot_played_twice, "the stand-in playing Bob's turns")
            played = [r for r in records(data, game_id) if r.get("by")]
            assert {(r["seat"], r["by"]) for r in played} == {(1, "random")}  # only Bob's seat, by the bot
            assert all("by" not in r for r in records(data, game_id) if r["seat"] == 0)

            summary = await ann.hand_seat(game_id, 1, "")  # the host gives the seat back
            assert summary.seats[1].stand_in == ""
            before = len(records(data, game_id))

            async def bobs_turn() -> bool:
                if await move(bob, game_id, b.token):
                    return True
                await move(ann, game_id, a.token)
                return False

            await until(bobs_turn, "Bob acting himself again")
            mine = [r for r in records(data, game_id)[before:] if r["seat"] == 1]
            assert mine and all("by" not in r for r in mine)  # his own moves, not the bot's
            report = verify_bytes((data / "games" / game_id / "replay.jsonl").read_bytes())
            assert report.ok, report.problem
        finally:
            await ann.close()
            await bob.close()
            await server.stop(0)
    run(test())


def test_the_player_acting_takes_the_seat_back_and_a_restart_keeps_a_stand_in(tmp_path: Path) -> None:
    async def test() -> None:
        data = tmp_path / "data"
        server, port = await start_server(data)
        ann, bob, game_id, a, b = await two_players(port)
        try:
            await ann.hand_seat(game_id, 1, "random")
            with contextlib.suppress(VegasError):  # whether or not it is his turn, Bob is back
                await bob.submit(game_id, b.token, "end", (await ann.get_game(game_id)).version)
            assert (await ann.get_game(game_id)).seats[1].stand_in == ""

            await ann.hand_seat(game_id, 1, "greedy")
            await server.stop(0)
            server, _ = await start_server(data, f"127.0.0.1:{port}")
            summary = await ann.get_game(game_id)
            assert summary.seats[1].stand_in == "greedy"  # kept in the game's record

            async def bot_played_after_restart() -> bool:
                await move(ann, game_id, a.token)
                return any(r.get("by") == "greedy" for r in records(data, game_id))

            await until(bot_played_after_restart, "the stand-in playing on after the restart")
        finally:
            await ann.close()
            await bob.close()
            await server.stop(0)
    run(test())


def test_handing_seats_is_refused_with_reasons(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        ann, bob, game_id, _, _ = await two_players(port, players=3, bots=(2,))
        try:
            async def refused(link: Client, seat: int, bot: str, game: str = game_id) -> VegasError:
                with pytest.raises(VegasError) as caught:
                    await link.hand_seat(game, seat, bot)
                return caught.value

            not_host = await refused(bob, 0, "random")
            assert not_host.code == "not_host" and not_host.status == "PERMISSION_DENIED"
            assert "host_token" in not_host.message
            assert (await refused(ann, 7, "random")).code == "bad_request"
            unknown = await refused(ann, 1, "oracle")
            assert unknown.code == "bad_request" and "random" in unknown.message  # names the bots offered
            assert (await refused(ann, 2, "random")).code == "not_a_player_seat"  # the server's own bot
            assert (await refused(ann, 1, "")).code == "not_a_player_seat"  # no bot stands in to take back

            waiting = await ann.create_game(NewGame("lords", "classic", 2))
            await ann.join_game(waiting.game_id, "Ann", 0)
            assert (await refused(ann, 0, "random", waiting.game_id)).code == "not_running"
        finally:
            await ann.close()
            await bob.close()
            await server.stop(0)
    run(test())


def test_the_replay_viewer_and_the_audit_name_the_stand_in(tmp_path: Path) -> None:
    async def test() -> None:
        data = tmp_path / "data"
        server, port = await start_server(data)
        ann, bob, game_id, a, _ = await two_players(port)
        try:
            await ann.hand_seat(game_id, 1, "random")

            async def played() -> bool:
                await move(ann, game_id, a.token)
                return any(r.get("by") for r in records(data, game_id))

            await until(played, "a stand-in's move")
        finally:
            await ann.close()
            await bob.close()
            await server.stop(0)
        lines, _ = split_complete((data / "games" / game_id / "replay.jsonl").read_bytes())
        replay = parse_lines(lines)
        stepper = ReplayStepper(replay)
        first = next(i for i, p in enumerate(stepper.positions) if p.by)
        stepper.go(first)
        assert "(played by the random bot standing in)" in stepper.caption()
        tables = [t for t in audit_replay(replay).tables() if t.title.startswith("Stand-ins")]
        assert tables and tables[0].rows[0][:2] == (replay.names[1], "random bot")
    run(test())


async def finish(ann: Client, game_id: str, token: str) -> GameSummary:
    """Ann plays until the game is over (Bob's seat played by a stand-in)."""
    async def over() -> bool:
        await move(ann, game_id, token)
        return (await ann.get_game(game_id)).status == "finished"

    await until(over, "the end of the game", tries=20000)
    return await ann.get_game(game_id)


def test_a_rematch_is_one_game_for_everyone_with_the_same_seats(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        ann, bob, game_id, a, b = await two_players(port, players=3, bots=(2,))
        spectator = client_for(f"127.0.0.1:{port}")
        try:
            with pytest.raises(VegasError) as early:
                await bob.rematch(game_id, b.token)
            assert early.value.code == "not_finished"
            await ann.hand_seat(game_id, 1, "random")
            old = await finish(ann, game_id, a.token)
            assert old.result is not None and old.result["winners"] and len(old.result["standings"]) == 3
            with pytest.raises(VegasError) as outsider:
                await spectator.rematch(game_id, "")
            assert outsider.value.code == "spectator"

            made = await bob.rematch(game_id, b.token)  # Bob asks first: he hosts the rematch
            again = await ann.rematch(game_id, a.token)  # Ann gets the same game, not a second one
            assert made.game_id == again.game_id and made.host_token and not again.host_token
            assert (await spectator.get_game(game_id)).rematch == made.game_id  # the invitation, for everyone
            new = made.game
            assert (new.game, new.rules, new.options, new.players) == (old.game, old.rules, old.options, old.players)
            assert [s.bot for s in new.seats] == [False, False, True] and new.status == "waiting"
            listed = {g.game_id: g for g in await spectator.list_games(include_finished=True)}
            assert listed[game_id].result == old.result and listed[game_id].rematch == made.game_id
        finally:
            for link in (ann, bob, spectator):
                await link.close()
            await server.stop(0)
    run(test())


def test_a_private_games_rematch_opens_with_the_same_code(tmp_path: Path) -> None:
    async def test() -> None:
        server, port = await start_server(tmp_path / "data")
        ann = client_for(f"127.0.0.1:{port}")
        try:
            created = await ann.create_game(NewGame("lords", "classic", 2, (1,), bot_think_ms=0, private=True))
            joined = await ann.join_game(created.game_id, "Ann")
            await finish(ann, created.game_id, joined.token)
            made = await ann.rematch(created.game_id, joined.token)
            friend = client_for(f"127.0.0.1:{port}")
            friend.codes[made.game_id] = created.join_code  # the code the friends have already
            try:
                assert (await friend.get_game(made.game_id)).game_id == made.game_id
            finally:
                await friend.close()
            assert made.game_id not in [g.game_id for g in await ann.list_games()]  # private: never listed
        finally:
            await ann.close()
            await server.stop(0)
    run(test())


def test_the_host_seats_a_bot_in_a_free_seat_of_a_waiting_game(tmp_path: Path) -> None:
    """`HandSeat` on a game still waiting for people: the bot takes the free seat for good, as one of
    `CreateGame`'s bots; the last free seat taken starts the game, and the bot plays it."""

    async def test() -> None:
        data = tmp_path / "data"
        server, port = await start_server(data)
        ann, bob = client_for(f"127.0.0.1:{port}"), client_for(f"127.0.0.1:{port}")
        try:
            game_id = (await ann.create_game(NewGame("lords", "classic", 3, bot_think_ms=0))).game_id
            a = await ann.join_game(game_id, "Ann", 0)
            with pytest.raises(VegasError) as caught:
                await bob.hand_seat(game_id, 2, "random")
            assert caught.value.code == "not_host"
            with pytest.raises(VegasError) as caught:
                await ann.hand_seat(game_id, 0, "random")  # her own seat: a bot takes only a free one
            assert caught.value.code == "not_running" and "free: 1, 2" in caught.value.message

            summary = await ann.hand_seat(game_id, 2, "random")
            assert summary.status == "waiting" and summary.seats[2].bot and summary.seats[2].player == "random bot"
            assert summary.seats[2].connected  # a bot is always at the table
            with pytest.raises(VegasError) as caught:
                await ann.hand_seat(game_id, 2, "greedy")
            assert caught.value.code == "not_a_player_seat"

            b = await bob.join_game(game_id, "Bob", 1)
            await ann.reveal_due(await ann.get_game(game_id))
            await bob.reveal_due(await bob.get_game(game_id))

            async def started() -> bool:
                return (await ann.get_game(game_id)).status == "running"

            await until(started, "the game to start once its last free seat was taken")

            async def bot_played() -> bool:
                await move(ann, game_id, a.token)
                await move(bob, game_id, b.token)
                return any(r.get("seat") == 2 for r in records(data, game_id))

            await until(bot_played, "the seated bot to play its seat")
        finally:
            await ann.close()
            await bob.close()
            await server.stop(0)
    run(test())
