"""`vegas tournament --server`: the same tournament played over the network, on a real server on loopback,
by real bot clients (bots.runner.SeatRunner), every game created on that server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import structlog

from tests.server.harness import serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.cli.main import main
from vegas_table.common.logs import configure_logging, flush_logs


@pytest.fixture(autouse=True)
def quiet_server_logs() -> Iterator[None]:
    """The in-process server logs only warnings, so that stdout holds the tournament's JSON alone."""
    configure_logging(level="warning")
    yield
    flush_logs()
    structlog.reset_defaults()


def test_a_tournament_on_a_server_creates_and_plays_every_game_there(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with serving(tmp_path / "data") as server, stub_for(server.address) as stub:
        assert main(["tournament", "--game", "lasvegas", "--players", "2", "--bots", "greedy,random",
                     "--deals", "2", "--seed", "net", "--json", "--jobs", "2", "--server", server.address]) == 0
        games = stub.ListGames(pb.ListGamesRequest(include_finished=True)).games
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 == len(games)  # one line-up, 2 deals, 2 rotations
    assert all(g.status == pb.GAME_STATUS_FINISHED for g in games)
    assert sorted(sorted(s.player for s in g.seats) for g in games) == [["greedy 0", "random 1"]] * 2 + \
        [["greedy 1", "random 0"]] * 2
    shares = {row["bot"]: row["share"] for row in data["lineups"][0]["standings"]}
    assert sum(shares.values()) == pytest.approx(1.0)


def test_server_and_ray_together_are_refused_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "lasvegas", "--players", "2", "--bots", "greedy,random",
                 "--deals", "1", "--server", "127.0.0.1:1", "--ray"]) == 2
    assert "give one" in capsys.readouterr().out
