"""The library commits to a seat's entropy when joining and reveals it when the game asks, once it has seen
every seat's commitment; a restarted client given the saved entropy still reveals."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.server.harness import serving
from vegas_client import Follower, GameSummary, NewGame, SeatInfo, client_for
from vegas_client.entropy import Entropies, reveal_due
from vegas_table.engine.core.fairness import commitment
from vegas_table.server.session import Settings

NO_DEADLINE = Settings(reveal_timeout=0, bot_think_ms=0)


def header_meta(data_dir: Path, game_id: str) -> dict[str, Any]:
    with open(data_dir / "games" / game_id / "replay.jsonl", "rb") as replay:
        meta: dict[str, Any] = json.loads(replay.readline())["meta"]
    return meta


async def first_view(address: str, game_id: str, token: str, entropies: Entropies | None = None) -> int:
    """Follow as the seat of `token` until the game has started (revealing when asked); its version."""
    client = client_for(address)
    if entropies is not None:
        client.entropies = entropies
    try:
        async with Follower(client, game_id, token) as follower:
            return (await follower.newest()).version
    finally:
        await client.close()


def test_two_clients_commit_then_reveal_and_the_game_starts_with_their_entropy(tmp_path: Path) -> None:
    async def scenario(address: str) -> dict[str, Any]:
        ann, bob = client_for(address), client_for(address)
        try:
            created = await ann.create_game(NewGame("lasvegas", "base", 2))
            first = await ann.join_game(created.game_id, "Ann")
            following = asyncio.ensure_future(first_view(address, created.game_id, first.token, ann.entropies))
            second = await bob.join_game(created.game_id, "Bob")  # the last seat: Bob reveals at once
            await following  # Ann's follower saw the round open and revealed
            return {"game_id": created.game_id, "joined": (first, second), "ann": ann.entropies.seen,
                    "bob": bob.entropies.seen, "waiting": first.game, "after": await bob.get_game(created.game_id)}
        finally:
            await ann.close()
            await bob.close()

    with serving(tmp_path, settings=NO_DEADLINE) as server:
        got = asyncio.run(scenario(server.address))
    first, second = got["joined"]
    meta = header_meta(tmp_path, got["game_id"])
    assert len(first.entropy) == 64 and first.entropy != second.entropy  # 256 fresh random bits each
    assert got["waiting"].seats[0].entropy_commitment == commitment(first.entropy)
    assert meta["entropies"] == [first.entropy, second.entropy] and meta["withheld"] == []
    promised = (commitment(first.entropy), commitment(second.entropy))
    assert meta["entropy_commitments"] == list(promised)
    assert got["ann"][got["game_id"]] == got["bob"][got["game_id"]] == promised  # seen before revealing
    # Bob's summary after his reveal is the revealing round or, if Ann's reveal came first, the running game
    assert second.game.status in ("revealing", "running") and got["after"].status == "running"


def test_a_restarted_client_reveals_the_entropy_saved_with_its_seat(tmp_path: Path) -> None:
    async def scenario(address: str) -> tuple[str, str, int]:
        ann = client_for(address)
        created = await ann.create_game(NewGame("lasvegas", "base", 2, bots=(1,)))
        crashed = client_for(address)
        # Ann's client joins the last seat and dies before revealing: its entropy is only in the saved seat
        crashed.entropies.due = lambda summary: []  # type: ignore[method-assign]
        joined = await crashed.join_game(created.game_id, "Ann")
        await crashed.close()
        await ann.close()
        restarted = Entropies()
        restarted.hold(created.game_id, joined.seat, joined.token, joined.entropy)
        version = await first_view(address, created.game_id, joined.token, restarted)
        return created.game_id, joined.entropy, version

    with serving(tmp_path, settings=NO_DEADLINE) as server:
        game_id, entropy, version = asyncio.run(scenario(server.address))
    assert version >= 0 and header_meta(tmp_path, game_id)["entropies"][0] == entropy


def summary(status: str, seats: list[tuple[str, bool]]) -> GameSummary:
    infos = tuple(SeatInfo(n, "Red", bool(c), "p", False, entropy_commitment=c, revealed=r)
                  for n, (c, r) in enumerate(seats))
    return GameSummary("g1", "lords", "up", (), len(seats), infos, status, 0, "c")


def test_a_seat_reveals_only_once_every_commitment_is_shown_and_the_game_asks() -> None:
    assert reveal_due(summary("revealing", [("a", False), ("b", True)]), 0)
    assert not reveal_due(summary("waiting", [("a", False), ("", False)]), 0)  # a seat still free
    assert not reveal_due(summary("revealing", [("a", False), ("", False)]), 0)  # a commitment not shown
    assert not reveal_due(summary("revealing", [("a", True), ("b", False)]), 0)  # ours is in already
    assert not reveal_due(summary("running", [("a", False), ("b", True)]), 0)  # too late: withheld
