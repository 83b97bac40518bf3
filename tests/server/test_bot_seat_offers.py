"""The server's own bot seats let a person answer their offers of trade before they go on (`bots.local.AnswerWait`)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.bots.offers import Accepting, Offering
from tests.server.harness import serving
from vegas_client import NewGame, client_for
from vegas_table.bots.base import Choice, GameInfo, Turn
from vegas_table.bots.registry import BOTS
from vegas_table.bots.runner import SeatRunner


def offer_to_a_person(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, person: Accepting, think: float,
                      seconds: float) -> Offering:
    """A Lords game of the server's `Offering` bot and a person (`person`, `think` seconds a decision, through
    the client library), until the bot has decided again after its offer, or `seconds`: the bot."""
    made: list[Offering] = []

    class Recorded(Offering):
        def __init__(self, seed: str = "0") -> None:
            super().__init__(seed)
            made.append(self)

    monkeypatch.setitem(BOTS, "offering", Recorded)

    async def play(address: str) -> None:
        client = client_for(address)
        try:
            created = await client.create_game(NewGame("lords", "classic", 2, bots=(1,), bot_kind="offering",
                                                       bot_think_ms=0))
            joined = await client.join_game(created.game_id, "ann")
            info = GameInfo("lords", "classic", 2, (), joined.seat)
            task = asyncio.create_task(SeatRunner(client, created.game_id, joined.token, person, info,
                                                  think=think).play())
            try:
                for _ in range(int(seconds * 10)):
                    if made and len(made[0].money) > 1:
                        break
                    await asyncio.sleep(0.1)
            finally:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        finally:
            await client.close()

    with serving(tmp_path) as server:
        asyncio.run(play(server.address))
    assert len(made) == 1 and len(made[0].money) > 1, "the bot offered and decided again"
    return made[0]


def test_a_server_bot_seat_waits_for_a_persons_answer_to_its_offer(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's bot offers $1m and would end its turn at once, expiring the offer; it waits, and the person
    at the other seat, half a second to read the offer, accepts it: the $1m moves."""
    person = Accepting()
    bot = offer_to_a_person(tmp_path, monkeypatch, person, think=0.5, seconds=15)
    assert person.accepted == 1
    before, after = bot.money[0], bot.money[1]
    assert sum(after) == sum(before) and after[bot.seat] - before[bot.seat] == -1


def test_a_server_bot_seat_goes_on_when_its_patience_runs_out(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A person who does not answer within the bot's patience (here 0.3 s) does not stall it: it goes on, and
    the offer expires unanswered (the person's late acceptance is refused)."""
    monkeypatch.setattr("vegas_table.server.botseats.PERSON_PATIENCE", 0.3)
    person = SlowReader()
    bot = offer_to_a_person(tmp_path, monkeypatch, person, think=0, seconds=15)
    assert bot.money[1] == bot.money[0]  # nothing moved


class SlowReader(Accepting):
    """Takes two seconds to read an offer (blocking its own client only; the server runs in a thread of its
    own), then accepts it; plays its own turns at once."""

    def choose(self, turn: Turn) -> Choice:
        if any(option.text.startswith("accept") for option in turn.legal):
            time.sleep(2)
        return super().choose(turn)
