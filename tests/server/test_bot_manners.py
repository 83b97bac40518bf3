"""The server's bot seats with a person at the table, over real loopback gRPC: each bot is told which seats
people play (`GameInfo.people`), and a bot's refusal of the person's offer says why on the log the person
follows, while the replay keeps the engine's own events (`server.reasons`)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from tests.server.harness import serving
from vegas_client import Follower, NewGame, Seat, client_for
from vegas_table.bots.base import Bot, Choice, Turn
from vegas_table.bots.registry import BOTS

REASON = "not today"


class Refusing(Bot):
    """Refuses every offer, saying why; ends its turns. Records the people it was told of."""

    name = "refusing"
    told: list[frozenset[int]] = []

    def choose(self, turn: Turn) -> Choice:
        self.told.append(turn.info.people)
        texts = [option.text for option in turn.legal]
        refusals = [t for t in texts if t.startswith("reject")]
        self.said = REASON if refusals else ""
        return refusals[0] if refusals else ("end" if "end" in texts else turn.legal[0])

    def reason(self) -> str:
        return self.said


async def offer_and_read_the_log(address: str) -> list[str]:
    """A person at seat 0 of a 2-player game with the server's refusing bot offers it $1m for nothing; the
    event lines the person's Watch shows until the refusal."""
    client = client_for(address)
    try:
        created = await client.create_game(NewGame("lords", "classic", 2, bots=(1,), bot_kind="refusing",
                                                   bot_think_ms=0))
        joined = await client.join_game(created.game_id, "ann", 0)
        follower = Follower(client, created.game_id, joined.token)
        seat = Seat(client, created.game_id, 0, joined.token, follower)
        follower.start()
        lines: list[str] = []
        try:
            update = await follower.newest()
            while update.view is None:
                update = await follower.newest(update.version)
            colours = [s["colour"] for s in update.view["seats"]]
            await seat.propose(f"{colours[0]}>{colours[1]} $1")
            while not any("rejected" in line for line in lines):
                update = await asyncio.wait_for(follower.newest(update.version), 15)
                lines += update.events
        finally:
            await follower.stop()
        return lines
    finally:
        await client.close()


def test_a_server_bots_refusal_says_why_on_the_log_and_not_in_the_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "refusing", Refusing)
    monkeypatch.setattr(Refusing, "told", [])
    with serving(tmp_path) as server:
        lines = asyncio.run(offer_and_read_the_log(server.address))
    refusals = [line for line in lines if "rejected" in line]
    assert refusals and refusals[0].endswith(f": {REASON}"), lines
    records = [json.loads(line) for replay in tmp_path.rglob("*.jsonl") for line in replay.read_text().splitlines()]
    closed = [e for r in records for e in r.get("events", ()) if e["kind"] == "trade_closed"]
    assert closed and all(e["reason"] == "" for e in closed)  # the replay: the engine's events, as before


def test_the_servers_bots_are_told_which_seats_people_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "refusing", Refusing)
    monkeypatch.setattr(Refusing, "told", [])
    with serving(tmp_path) as server:
        asyncio.run(offer_and_read_the_log(server.address))
    assert Refusing.told and set(Refusing.told) == {frozenset({0})}
