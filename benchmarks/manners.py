"""Table manners (`make bench`, suite `manners`): what the server's bots cost a person who ignores their deals.

A 4-player Lords of Vegas `up` game as `make play` seats it (three `greedy@deals` server bots, 200 ms
think), on a real `vegas serve`, with seat 0 played by a client that never answers an offer and ends each
of its own turns at once. Per round (from one of seat 0's turns to the next): the offers made to seat 0,
and the seconds the bots waited for its answers (from an offer to the proposer's next move, its think time
taken off), beside the round's wall time. Then the same with a person who refuses every offer at once, where
a bot without manners offers the next best deal after each refusal. Both on the server of `BEFORE_REF` (the last commit
before table manners, in a temporary git worktree, `benchmarks.baseline`), or `$VEGAS_BENCH_MANNERS_BASELINE`
("" for none): the rows say "before" and "after".

`python -m benchmarks.manners [--rounds N] [--baseline REF]` runs it alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.baseline import baseline_checkout
from benchmarks.rows import Row, format_value
from benchmarks.serve_process import ServeProcess
from vegas_client import Follower, NewGame, Seat, ViewUpdate, client_for

BEFORE_REF = "d8ad8b1"
THINK_MS = 200  # `make play`'s (cli/play.py LOCAL_THINK_MS)
SILENT = 0  # the seat that never answers
ROUND_LIMIT = 240.0  # seconds a round may take before the run gives up (the old bots waited 20 s an offer)


@dataclass
class Round:
    """One round as seat 0 lived it: the offers made to it, the seconds waited on it, the round's length."""

    offers: int = 0
    waited: float = 0.0
    seconds: float = 0.0


@dataclass
class Silent:
    """What the silent seat saw: rounds done, and the offers to it still awaited (trade id -> (version, time))."""

    rounds: list[Round] = field(default_factory=list)
    open: dict[int, tuple[int, float]] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    started: float | None = None  # when the current round began (seat 0's turn)
    turn: int = -1  # the game's turn number of seat 0's current turn

    def saw(self, update: ViewUpdate, now: float) -> None:
        """Count the offers to seat 0 that `update` shows first, and the waits that ended before it."""
        assert update.view is not None
        for trade, (version, since) in list(self.open.items()):
            if update.version > version:  # the proposer went on (an offer's next move is its proposer's)
                self._current().waited += max(0.0, now - since - THINK_MS / 1000)
                del self.open[trade]
        for trade in update.view.get("trades", ()):
            ident = int(trade["id"])
            if trade["proposer"] != SILENT and SILENT in trade["parties"] and ident not in self.seen:
                self.seen.add(ident)
                self.open[ident] = (update.version, now)
                self._current().offers += 1

    def turn_began(self, turn: int, now: float) -> None:
        """Seat 0's turn `turn` is on: the round before it ends."""
        if turn == self.turn:
            return
        if self.started is not None:
            self.rounds[-1].seconds = now - self.started
        self.turn, self.started = turn, now
        self.rounds.append(Round())

    def _current(self) -> Round:
        if not self.rounds:  # before seat 0's first turn: not a whole round, not counted
            self.rounds.append(Round())
            self.started = None
        return self.rounds[-1]

    def whole(self) -> list[Round]:
        """The rounds that began with a turn of seat 0 and ended with its next one."""
        return [r for r in self.rounds if r.seconds > 0]


async def silent_game(address: str, rounds: int, refuse: bool = False) -> list[Round]:
    """Play seat 0 of a new `make play` game on the server at `address` for `rounds` whole rounds, ignoring
    every offer (or, `refuse`, refusing each at once)."""
    client = client_for(address)
    try:
        created = await client.create_game(NewGame("lords", "up", 4, bots=(1, 2, 3), bot_kind="greedy@deals",
                                                   bot_think_ms=THINK_MS))
        joined = await client.join_game(created.game_id, "silent", SILENT)
        follower = Follower(client, created.game_id, joined.token)
        seat = Seat(client, created.game_id, SILENT, joined.token, follower)
        silent = Silent()
        loop = asyncio.get_running_loop()
        follower.start()
        try:
            after = None
            while len(silent.whole()) < rounds:
                update = await asyncio.wait_for(follower.newest(after), ROUND_LIMIT)
                after = update.version
                if update.view is None:
                    continue
                if update.finished:
                    break
                silent.saw(update, loop.time())
                if SILENT in update.actors:
                    await _own_turn(update, seat, silent, loop.time())
                elif refuse:
                    await _refuse(update, seat)
        finally:
            await follower.stop()
        return silent.whole()[:rounds]
    finally:
        await client.close()


async def _own_turn(update: ViewUpdate, seat: Seat, silent: Silent, now: float) -> None:
    """Seat 0's decision: its turn ends at once (a decision the rules ask first takes its first answer)."""
    assert update.view is not None
    if int(update.view["current"]) == SILENT:
        silent.turn_began(int(update.view["turn"]), now)
    texts = [option.text for option in update.legal]
    plain = [t for t in texts if not t.startswith(("accept", "reject", "withdraw"))]
    action = "end" if "end" in texts else (plain or texts)[0]
    with contextlib.suppress(Exception):  # stale: a bot moved first; the next view decides again
        option = next(o for o in update.legal if o.text == action)
        await seat.act(option.at(option.low) if option.low is not None else action, update.version)


async def _refuse(update: ViewUpdate, seat: Seat) -> None:
    """Refuse the first offer seat 0 may answer, if any."""
    refusals = [option.text for option in update.legal if option.text.startswith("reject")]
    if refusals:
        with contextlib.suppress(Exception):  # stale: the next view decides again
            await seat.act(refusals[0], update.version)


async def measured(checkout: Path | None, rounds: int, refuse: bool = False) -> list[Round]:
    """`silent_game` on a server of its own (`checkout`'s, or this code's). Every run in one event loop: gRPC's
    poller outlives a loop closed under it, and says so."""
    with tempfile.TemporaryDirectory(prefix="vegas-manners-") as directory:
        data = Path(directory) / "data"
        data.mkdir()
        server = ServeProcess(data, Path(directory) / "serve.log", checkout=checkout)
        try:
            return await silent_game(server.address, rounds, refuse)
        finally:
            server.stop()


def manners_rows(rounds: list[Round], label: str) -> list[Row]:
    """The rows of a silent person's rounds."""
    waits = [r.waited for r in rounds] or [0.0]
    return [
        Row("manners", f"offers to a silent person per round ({label})",
            statistics.fmean(r.offers for r in rounds) if rounds else 0.0, "offers", "<= 3 (one a bot)"),
        Row("manners", f"seconds waited on the silent person per round, mean ({label})", statistics.fmean(waits), "s",
            "a few"),
        Row("manners", f"seconds waited on the silent person per round, max ({label})", max(waits), "s"),
        Row("manners", f"a round's wall time with a silent person, mean ({label})",
            statistics.fmean(r.seconds for r in rounds) if rounds else 0.0, "s"),
    ]


def refused_rows(rounds: list[Round], label: str) -> list[Row]:
    """The rows of a refusing person's rounds: refusals cost no waiting, so only the offers tell."""
    offers = [r.offers for r in rounds] or [0]
    return [
        Row("manners", f"offers to a person who refuses each, per round, mean ({label})", statistics.fmean(offers),
            "offers", "<= 3 (one a bot)"),
        Row("manners", f"offers to a person who refuses each, per round, max ({label})", max(offers), "offers"),
    ]


def compared(rounds: int, baseline: str) -> list[Row]:
    """The rows of this code's runs, each after the baseline's (if it is given and found)."""
    with baseline_checkout(baseline, generate=True) if baseline else contextlib.nullcontext() as checkout:
        return asyncio.run(_compared(rounds, checkout, f"before, {baseline}"))


async def _compared(rounds: int, checkout: Path | None, label: str) -> list[Row]:
    rows: list[Row] = []
    if checkout is not None:
        rows += manners_rows(await measured(checkout, rounds), label)
    rows += manners_rows(await measured(None, rounds), "after")
    if checkout is not None:
        rows += refused_rows(await measured(checkout, rounds, refuse=True), label)
    return rows + refused_rows(await measured(None, rounds, refuse=True), "after")


def manners_suite(quick: bool) -> list[Row]:
    return compared(2 if quick else 6, os.environ.get("VEGAS_BENCH_MANNERS_BASELINE", BEFORE_REF))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.manners", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=6, help="whole rounds of the silent seat to measure")
    parser.add_argument("--baseline", default=BEFORE_REF, metavar="REF", help="the commit to compare with")
    args = parser.parse_args(argv)
    for row in compared(args.rounds, args.baseline):
        print(f"{row.measure}: {format_value(row.value)} {row.unit}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
