"""No bot can learn what its seat may not see, on every path a bot plays (issue 35): in-process (`vegas
simulate`, tournaments, their worker processes and Ray workers), the server's own seats and `vegas bot`.

Each path plays `tests.bots.snoop.Snoop`, a bot that walks everything it is handed and tries to rebuild the
game from it (see there); it finds nothing. A control shows it would: handed the game's seed as its own, as
in-process bots once were, it rebuilds the game at its first decision.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.bots.snoop import Rebuilt, Snoop
from tests.server.harness import serving, stub_for
from vegas_client import NewGame, client_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.arena.play import GameSpec, play_one, play_spec
from vegas_table.bots import registry
from vegas_table.bots.base import GameInfo
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import built_in, turn_for
from vegas_table.bots.runner import SeatRunner
from vegas_table.engine import GameConfig, get_game

CONFIGS = [GameConfig("lasvegas", "base", 3, "honest", ("kickers", "slot")),
           GameConfig("lords", "underworld", 3, "honest", ("layoff",))]
SNOOP = Path(__file__).parent / "snoop.py"


@pytest.fixture(autouse=True)
def fresh_snoops() -> Iterator[None]:
    Snoop.findings, Snoop.decisions = [], 0
    yield


def test_the_snoop_rebuilds_a_game_whose_seed_it_is_handed() -> None:
    """The control: a bot seeded with the game's own seed (or a string holding it) learns the whole game."""
    for config in CONFIGS:
        with pytest.raises(Rebuilt, match="rebuilt from the seed 'honest'"):
            play_one(config, [Snoop(f"{config.seed}/{seat}") for seat in range(config.players)])


def test_the_snoop_finds_the_state_an_unsealed_turn_would_hand_it() -> None:
    """The control for what a Turn holds: one made from the real state (not `Game.sealed`) hands it over."""
    game = get_game("lords")
    state, _ = game.new(CONFIGS[1])
    turn = turn_for(game, state, GameInfo("lords", "underworld", 3, ("layoff",), 0), 0)
    turn._view = lambda: game.view(state, 0)
    with pytest.raises(Rebuilt, match="generator seeded 'honest'"):
        Snoop("x").choose(turn)


class SnoopingGreedy(GreedyBot, Snoop):
    """A bot written outside the project on one of its own: it is not trusted as the project's bots are."""

    def choose(self, turn):  # type: ignore[no-untyped-def]
        return Snoop.choose(self, turn)


def test_only_the_projects_own_bots_are_handed_unsealed_turns() -> None:
    """In-process games hand the project's own bots (`vegas_table.bots`) the live state's view, unsealed; any
    other bot, a subclass of one of them included, gets sealed turns and learns nothing."""
    assert built_in(registry.make_bot("greedy", "x")) and built_in(registry.make_bot("hard", "x"))
    assert not built_in(Snoop("x")) and not built_in(SnoopingGreedy("x"))
    config = CONFIGS[0]
    play_one(config, [SnoopingGreedy(str(seat)) for seat in range(config.players)])
    assert Snoop.decisions > 0 and Snoop.findings == []


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.game)
def test_in_process_bots_learn_nothing_they_may_not_see(config: GameConfig) -> None:
    """`vegas simulate` and `vegas tournament` play each game as `play_spec` does (a worker process and a Ray
    worker too: `test_vegas_simulate_elsewhere_hands_bots_nothing_secret`)."""
    play_spec(GameSpec(0, config, ("tests.bots.snoop:Snoop",) * config.players))
    assert Snoop.decisions > 3 and Snoop.findings == []


@pytest.mark.parametrize("where", [["--jobs", "2"], ["--ray"]], ids=["processes", "ray"])
def test_vegas_simulate_elsewhere_hands_bots_nothing_secret(tmp_path: Path, where: list[str]) -> None:
    """Worker processes and Ray workers make their bots as one process does: the snoop, shipped as a plugin
    module from the current directory, would fail the run if it learned anything."""
    if where == ["--ray"]:
        pytest.importorskip("ray")
    (tmp_path / "snoop.py").write_text(SNOOP.read_text(encoding="utf-8"), encoding="utf-8")
    args = ["simulate", "--game", "lasvegas", "--players", "3", "--games", "4", "--seed", "honest", "--bots",
            "snoop:Snoop", *where]
    done = subprocess.run([sys.executable, "-m", "vegas_table", *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_servers_own_bot_seats_learn_nothing_they_may_not_see(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BOTS, "snoop", Snoop)
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        created = stub.CreateGame(pb.CreateGameRequest(game="lasvegas", rules="base", players=2, bot_think_ms=0,
                                                       bots=[pb.BotSeat(seat=s, kind="snoop") for s in (0, 1)]))
        final = list(stub.Watch(pb.WatchRequest(game_id=created.game_id), timeout=120))[-1]
    assert final.status == pb.GAME_STATUS_FINISHED
    assert Snoop.decisions > 3 and Snoop.findings == []


def test_a_remote_bot_learns_nothing_it_may_not_see(tmp_path: Path) -> None:
    """`vegas bot`: a `SeatRunner` hands its bot what the server streams to the seat."""
    bots = [Snoop("remote:0"), Snoop("remote:1")]

    async def play(address: str) -> None:
        client = client_for(address)
        try:
            created = await client.create_game(NewGame("lasvegas", "base", 2))
            joined = [await client.join_game(created.game_id, f"snoop {k}") for k in range(2)]
            runners = [SeatRunner(client, created.game_id, j.token, bot, GameInfo("lasvegas", "base", 2, (), j.seat))
                       for j, bot in zip(joined, bots, strict=True)]
            await asyncio.wait_for(asyncio.gather(*(runner.play() for runner in runners)), 120)
        finally:
            await client.close()

    with serving(tmp_path) as server:
        asyncio.run(play(server.address))
    assert Snoop.decisions > 3 and Snoop.findings == []
