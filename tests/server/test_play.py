"""Several real gRPC clients play a complete game on a real server, watched by a spectator."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import create, join_all, serving, stub_for, tracked
from vegas_client import ViewTracker, client_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.bots.base import GameInfo
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.runner import SeatRunner
from vegas_table.engine import game_names, get_game
from vegas_table.engine.core.fairness import check_reveal
from vegas_table.replays.fairness import PROVEN, Reveal
from vegas_table.replays.format import parse_lines
from vegas_table.replays.verify import verify_bytes
from vegas_table.server.match import replay_match


async def _play(address: str, game_id: str, tokens: dict[int, str]) -> tuple[dict[int | None, Any], list[str]]:
    """Every seat played by its own client on its own channel, and a spectator recording every payload."""
    # A channel pool of its own per client: one TCP connection each, as on separate machines.
    clients = [client_for(address, options=[("grpc.use_local_subchannel_pool", 1)]) for _ in range(len(tokens) + 1)]
    try:
        bots = [SeatRunner(clients[seat], game_id, token, RandomBot(str(seat)), GameInfo("lords", "up", 4, (), seat))
                for seat, token in tokens.items()]
        payloads: list[str] = []

        async def watch() -> Any:
            tracker = ViewTracker()
            async for update in clients[-1].watch(game_id, "", None):
                tracker.accept(update)  # raises if a version is missing or a hash is wrong
                payloads.append(update.body)
                if tracker.status == "finished":
                    return tracker.view
            return None

        views = await asyncio.wait_for(asyncio.gather(watch(), *(bot.play() for bot in bots)), 60)
        return {None: views[0], **{bot.info.seat: view for bot, view in zip(bots, views[1:], strict=True)}}, payloads
    finally:
        for client in clients:
            await client.close()


def test_four_clients_play_a_whole_game(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        created = create(stub, players=4)
        tokens = join_all(stub, created.game_id, range(4))
        views, payloads = asyncio.run(_play(server.address, created.game_id, tokens))
        summary = stub.GetGame(pb.GetGameRequest(game_id=created.game_id))
        reveal = stub.GetReplay(pb.GetReplayRequest(game_id=created.game_id))

    assert summary.status == pb.GAME_STATUS_FINISHED
    assert check_reveal(reveal.server_seed, created.commitment, list(reveal.entropies), reveal.seed) == []
    assert list(reveal.entropies) == [f"entropy {seat}" for seat in range(4)]
    # The replay verifies record by record, and proves the seed fair with what the server revealed.
    report = verify_bytes(reveal.replay, "GetReplay", Reveal(reveal.server_seed, reveal.commitment,
                                                              tuple(reveal.entropies)))
    assert report.ok and report.finished and report.fairness.status == PROVEN, report.to_json()
    replay_file = tmp_path / "check.jsonl"
    replay_file.write_bytes(reveal.replay)
    replay = parse_lines(reveal.replay.splitlines())
    assert replay.end is not None and replay.config.seed == reveal.seed
    match = replay_match(get_game("lords"), replay_file)  # re-runs every action, checking every state hash
    assert match.over and len(match.history) == summary.version
    for viewer, view in views.items():  # every client holds exactly the view the engine gives its seat
        assert view == match.view(viewer)
    assert all(reveal.seed not in p for p in payloads[:-1])  # the seed is revealed only by the final update
    assert reveal.seed in payloads[-1]


def test_bots_of_the_server_fill_empty_seats(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        created = create(stub, players=3, bots=(0, 2))
        waiting = stub.GetGame(pb.GetGameRequest(game_id=created.game_id))
        assert [s.taken for s in waiting.seats] == [True, False, True]
        assert waiting.status == pb.GAME_STATUS_WAITING
        token = join_all(stub, created.game_id, (1,))[1]

        async def play() -> tuple[Any, int]:
            client = client_for(server.address)
            try:
                bot = SeatRunner(client, created.game_id, token, RandomBot("1"), GameInfo("lords", "up", 3, (), 1))
                return await asyncio.wait_for(bot.play(), 60), bot.actions
            finally:
                await client.close()

        final, actions = asyncio.run(play())
    assert final["result"] is not None and actions > 0


@pytest.mark.parametrize("game_name", game_names())
def test_a_game_of_bots_only_plays_itself(tmp_path: Path, game_name: str) -> None:
    game = get_game(game_name)
    rules = next(iter(game.rule_sets.values()))
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        created = stub.CreateGame(pb.CreateGameRequest(game=game_name, rules=rules.name, players=rules.min_players,
                                                       bots=[pb.BotSeat(seat=s) for s in range(rules.min_players)]))
        mirror = ViewTracker()
        for update in stub.Watch(pb.WatchRequest(game_id=created.game_id), timeout=60):
            tracked(mirror, update)
        listed = stub.ListGames(pb.ListGamesRequest(include_finished=True)).games
        running = stub.ListGames(pb.ListGamesRequest()).games
        reveal = stub.GetReplay(pb.GetReplayRequest(game_id=created.game_id))
    assert update.status == pb.GAME_STATUS_FINISHED
    assert [g.game_id for g in listed] == [created.game_id] and not running
    replay_file = tmp_path / "replay.jsonl"
    replay_file.write_bytes(reveal.replay)
    assert mirror.view == replay_match(game, replay_file).view(None)


def test_vegas_bot_plays_a_seat_from_the_command_line(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=3, bots=(0, 2)).game_id
        command = [sys.executable, "-m", "vegas_table", "bot", "--server", server.address, "--game", game_id,
                   "--seed", "5", "--log-json"]
        finished = subprocess.run(command, capture_output=True, text=True, timeout=120)
        summary = stub.GetGame(pb.GetGameRequest(game_id=game_id))
    assert finished.returncode == 0, finished.stderr
    assert summary.status == pb.GAME_STATUS_FINISHED and summary.seats[1].player == "random bot"
    assert "seat token for seat 1" in finished.stdout
    assert any(json.loads(line)["event"] == "game_over" for line in finished.stderr.splitlines())


def test_an_underworld_game_of_bots_plays_itself_and_its_replay_verifies(tmp_path: Path) -> None:
    """The `underworld` option over the API: created, played by the server's bots, watched, proven."""
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        created = stub.CreateGame(pb.CreateGameRequest(game="lords", rules="up", players=3, options=["underworld"],
                                                       bots=[pb.BotSeat(seat=s) for s in range(3)]))
        mirror = ViewTracker()
        for update in stub.Watch(pb.WatchRequest(game_id=created.game_id), timeout=60):
            tracked(mirror, update)
        reveal = stub.GetReplay(pb.GetReplayRequest(game_id=created.game_id))
    assert update.status == pb.GAME_STATUS_FINISHED and mirror.view is not None
    assert mirror.view["options"] == ["underworld"] and "line" in mirror.view["underworld"]
    assert "deck" not in mirror.view["underworld"]
    assert verify_bytes(reveal.replay).ok
    assert any(b'"card_acquired"' in line for line in reveal.replay.splitlines())
