"""A tournament's games played on a server (`vegas tournament --server HOST:PORT`), by real bot clients.

Each `GameSpec` becomes a game created on the server with the spec's rules and options; every seat is
joined by a bot client (bots.runner.SeatRunner over vegas_client, as `vegas bot` plays) made from the spec's
bot name and seed, and the game is played to its end over the API. The record is read from what a client
sees at the end: the final view's result, and the standings and turn count of the state that view shows
(`Game.determinize` of it: the end is public, so any sample gives the same standings).

What cannot be the same as in-process: the deals. A server draws each game's seed itself, from its own
entropy and every seat's revealed entropy (docs/API.md, Fairness), so a spec's seed cannot be imposed and
the rotations of a line-up do not replay one deal: each game is a fresh deal. The results are still
comparable; they are noisier than duplicate deals for the same number of games.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

from vegas_client import BOTS, NewGame, Table, client_for
from vegas_table.arena.fanout import Progress
from vegas_table.arena.play import GameRecord, GameSpec
from vegas_table.bots.base import GameInfo
from vegas_table.bots.registry import make_bot
from vegas_table.bots.runner import SeatRunner
from vegas_table.bots.seeds import seat_seed
from vegas_table.engine import get_game


async def play_on_server(specs: Sequence[GameSpec], address: str, *, games_at_once: int = 1,
                         password: str | None = None, progress: Progress | None = None,
                         table: Table | None = None) -> list[GameRecord]:
    """Every game of `specs` on the server at `address` (or on `table`, a client already open), at most
    `games_at_once` at a time; the records in the specs' order."""
    done = progress or (lambda n: None)
    client = table or client_for(address, password=password, retry=BOTS)
    limit = asyncio.Semaphore(max(1, games_at_once))

    async def one(spec: GameSpec) -> GameRecord:
        async with limit:
            record = await play_spec_remote(client, spec)
        done(1)
        return record

    try:
        return list(await asyncio.gather(*(one(spec) for spec in specs)))
    finally:
        if table is None:
            await client.close()


async def play_spec_remote(table: Table, spec: GameSpec) -> GameRecord:
    """One game of the tournament on the server: created there, each seat played by a bot client."""
    config = spec.config
    created = await table.create_game(NewGame(config.game, config.rules, config.players, options=config.options))
    runners = []
    for seat, name in enumerate(spec.seats):
        joined = await table.join_game(created.game_id, f"{name} {seat}", seat)
        info = GameInfo(config.game, config.rules, config.players, config.options, seat)
        bot = make_bot(name, seat_seed(config.seed, seat), plugins=True)
        runners.append(SeatRunner(table, created.game_id, joined.token, bot, info))
    views = await asyncio.gather(*(runner.play() for runner in runners))
    game = get_game(config.game)
    state = game.determinize(views[0], 0, random.Random(0))
    result = game.result(state)
    if result is None:
        raise RuntimeError(f"game {created.game_id} ended without a result in its final view")
    return GameRecord(spec.index, spec.seats, result.winners, tuple(dict(s) for s in result.standings),
                      game.turn_number(state), sum(runner.actions for runner in runners))
