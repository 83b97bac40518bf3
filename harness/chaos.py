"""`make chaos`: SIGKILL a real `vegas serve` again and again while bots play, and check nothing is lost.

A `vegas serve` runs on a free loopback port with a data directory of its own (`benchmarks.server.ServeProcess`).
Games are played back to back in a few slots at once, each game with two of the server's own bots (no
pause), one seat played by this harness (which records every action the server acknowledged) and one
played either by the harness too or by a `vegas bot` process. Meanwhile the server is SIGKILLed at random
moments, each time just as an action is on its way (sent, not yet answered: mid-write), and restarted on
the same port and data directory. When the kills are done the games in play are finished, and then:

* every acknowledged action is in its game's replay, at the version the server answered, with the same
  seat, action and state hash (lost: 0), and no version is in a replay twice nor acknowledged twice
  (duplicated: 0);
* every game finished, and its replay (GetReplay) verifies, the revealed seed included;
* no `vegas bot` process died (each exits 0 at the end of its game, having ridden out every restart).

Lobby work (create, join) is kept out of the kills' way (a lock): a join whose answer is lost leaves a seat
taken with a token nobody has, which no server can mend, and is not what this harness is about.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

import grpc

from benchmarks.serve_process import ServeProcess
from harness.report import Rows, markdown_table, print_table, write_section
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.bots.runner import random_action
from vegas_table.common import loops
from vegas_table.common.children import Child
from vegas_table.replays.fairness import PROVEN, Reveal
from vegas_table.replays.format import parse_lines, split_complete
from vegas_table.replays.verify import verify_bytes

Stub: TypeAlias = table_pb2_grpc.VegasTableStub
RETRIED = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, grpc.StatusCode.DEADLINE_EXCEEDED)
# gRPC waits up to 2 minutes between reconnection attempts after repeated failures: far longer than a restart
RECONNECT = [("grpc.initial_reconnect_backoff_ms", 100), ("grpc.min_reconnect_backoff_ms", 100),
             ("grpc.max_reconnect_backoff_ms", 1000)]
FINISH_SECONDS = 600.0  # after the last kill, how long the games in play may take to end before they count as hung


@dataclass(frozen=True)
class Plan:
    """What one chaos run does."""

    kills: int = 20
    slots: int = 6  # games played at once (each slot plays games back to back until the kills are done)
    bot_process_every: int = 2  # every n-th game has a `vegas bot` process in a seat (0: none)
    gap: tuple[float, float] = (0.5, 2.0)  # seconds between a restart and the next kill, at random
    seed: int = 1


@dataclass(frozen=True)
class Ack:
    """What the server told a client: the action it applied, the version it made and the state hash after."""

    game_id: str
    version: int
    seat: int
    action: str
    state_hash: str


@dataclass
class Outcome:
    """What a chaos run found; `ok` when every check passed."""

    kills: int = 0
    kills_mid_write: int = 0  # kills while an action was sent and not yet answered
    acked: int = 0
    lost: int = 0
    duplicated: int = 0
    games: int = 0
    finished: int = 0
    verified: int = 0
    bot_processes: int = 0
    bots_died: int = 0
    client_errors: list[str] = field(default_factory=list)  # failures of the harness's own seats

    @property
    def ok(self) -> bool:
        return (self.lost == 0 and self.duplicated == 0 and self.finished == self.games == self.verified
                and self.bots_died == 0 and not self.client_errors and self.kills_mid_write > 0)

    def rows(self) -> Rows:
        return [
            ("SIGKILLs of the server (each followed by a restart)", f"{self.kills}", ""),
            ("of which with an action sent and not yet answered", f"{self.kills_mid_write}", "> 0"),
            ("actions acknowledged to clients", f"{self.acked:,}", ""),
            ("acknowledged actions missing from their replay (lost)", f"{self.lost}", "0"),
            ("versions recorded or acknowledged twice (duplicated)", f"{self.duplicated}", "0"),
            ("games finished", f"{self.finished} of {self.games}", "all"),
            ("replays verified (GetReplay, seed revealed and proven)", f"{self.verified} of {self.games}", "all"),
            ("vegas bot processes that died", f"{self.bots_died} of {self.bot_processes}", "0"),
            ("harness clients that failed", f"{len(self.client_errors)}", "0"),
        ]


class Chaos:
    """One chaos run against a server in `directory` (its data dir, its log, the bots' logs)."""

    def __init__(self, directory: Path, plan: Plan) -> None:
        self.directory = directory
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.server = self.serve()
        self.acks: list[Ack] = []
        self.games: list[str] = []
        self.bots: list[Child] = []
        self.in_flight = 0  # actions sent by the harness's seats and not yet answered
        self.lobby = asyncio.Lock()  # held while games are set up and while the server is down
        self.killing = True
        self.outcome = Outcome()

    def serve(self, port: int = 0) -> ServeProcess:
        """The server on `port` (0: a free one), its data and its log in the run's directory."""
        return ServeProcess(self.directory / "data", self.directory / "serve.log", port=port)

    async def run(self) -> Outcome:
        channel = grpc.aio.insecure_channel(self.server.address, options=RECONNECT)
        try:
            stub = Stub(channel)
            slots = [asyncio.create_task(self._slot(stub, k)) for k in range(self.plan.slots)]
            try:
                await self._kill_repeatedly()
                self.killing = False
                _, hung = await asyncio.wait(slots, timeout=FINISH_SECONDS)
                for task in hung:
                    task.cancel()
                await asyncio.gather(*slots, return_exceptions=True)
            finally:
                for bot in self.bots:
                    if bot.returncode is None:
                        bot.kill()
                        await bot.wait()
            await self._check(stub)
        finally:
            await channel.close()
            self.server.stop()
        return self.outcome

    # ---------------------------------------------------------------------------------------------- kills

    async def _kill_repeatedly(self) -> None:
        for _ in range(self.plan.kills):
            await asyncio.sleep(self.rng.uniform(*self.plan.gap))
            deadline = time.monotonic() + 2.0
            while self.in_flight == 0 and time.monotonic() < deadline:
                await asyncio.sleep(0.001)  # wait for an action on its way: the kill lands mid-write
            async with self.lobby:
                if self.in_flight:
                    self.outcome.kills_mid_write += 1
                self.server.kill()
                self.outcome.kills += 1
                self.server = await asyncio.to_thread(self.serve, self.server.port)  # the same address

    # ---------------------------------------------------------------------------------------------- games

    async def _slot(self, stub: Stub, slot: int) -> None:
        """Play games one after another until the kills are done and the last one has ended."""
        number = 0
        while self.killing:
            index = slot + self.plan.slots * number
            number += 1
            await self._game(stub, index)

    async def _game(self, stub: Stub, index: int) -> None:
        with_bot = bool(self.plan.bot_process_every) and index % self.plan.bot_process_every == 0
        async with self.lobby:
            created = await stub.CreateGame(pb.CreateGameRequest(
                game="lords", rules="up", players=4, bot_think_ms=0,
                bots=[pb.BotSeat(seat=0, kind="random"), pb.BotSeat(seat=1, kind="random")]))
            game_id = created.game_id
            self.games.append(game_id)
            self.outcome.games += 1
            tokens = {}
            for seat in (2, 3):
                joined = await stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=seat, name=f"chaos {seat}",
                                                                entropy=f"chaos {index}/{seat}"))
                tokens[seat] = joined.seat_token
        players = [self._seat(stub, game_id, 2, tokens[2], random.Random(f"{self.plan.seed}/{index}/2"))]
        if with_bot:
            players.append(self._bot_process(game_id, 3, tokens[3], index))
        else:
            players.append(self._seat(stub, game_id, 3, tokens[3], random.Random(f"{self.plan.seed}/{index}/3")))
        await asyncio.gather(*players)

    async def _seat(self, stub: Stub, game_id: str, seat: int, token: str, rng: random.Random) -> None:
        """Play a seat to the end of its game, following its stream again after every outage, and record
        every action the server acknowledged."""
        try:
            while not await self._follow(stub, game_id, seat, token, rng):
                await asyncio.sleep(0.05)
        except Exception as error:  # recorded: a harness seat must never fail
            self.outcome.client_errors.append(f"{game_id} seat {seat}: {error!r}")

    async def _follow(self, stub: Stub, game_id: str, seat: int, token: str, rng: random.Random) -> bool:
        """Follow the seat's stream, acting when asked; True once the game is over, False after an outage."""
        try:
            async for update in stub.Watch(pb.WatchRequest(game_id=game_id, seat_token=token)):
                if update.status == pb.GAME_STATUS_FINISHED:
                    return True
                if update.WhichOneof("body") != "lobby" and seat in update.actors and update.legal_actions:
                    await self._act(stub, game_id, seat, token, update.version,
                                    random_action(update.legal_actions, rng))
        except grpc.aio.AioRpcError as error:
            if error.code() not in RETRIED:
                raise
        return False

    async def _act(self, stub: Stub, game_id: str, seat: int, token: str, version: int, action: str) -> None:
        request = pb.SubmitActionRequest(game_id=game_id, seat_token=token, action=action, based_on_version=version)
        self.in_flight += 1
        try:
            result = await stub.SubmitAction(request)
        except grpc.aio.AioRpcError as error:
            if error.code() in (*RETRIED, grpc.StatusCode.ABORTED):
                return  # not acknowledged (the server went, or someone acted first): the stream says what next
            raise
        finally:
            self.in_flight -= 1
        self.acks.append(Ack(game_id, result.version, seat, result.action, result.state_hash))

    async def _bot_process(self, game_id: str, seat: int, token: str, index: int) -> None:
        """`vegas bot` resuming the seat the harness took for it; it must ride out every kill and exit 0."""
        log = open(self.directory / f"bot-{index}.log", "w")  # noqa: SIM115 - closed below
        try:
            bot = await Child.start(
                [sys.executable, "-m", "vegas_table", "bot", "--server", self.server.address, "--game", game_id,
                 "--seat", str(seat), f"--token={token}", "--seed", f"{self.plan.seed}/{index}", "--log-json"],
                stdout=subprocess.DEVNULL, stderr=log)
            self.bots.append(bot)
            self.outcome.bot_processes += 1
            if await bot.wait() != 0:
                self.outcome.bots_died += 1
        finally:
            log.close()

    # --------------------------------------------------------------------------------------------- checks

    async def _check(self, stub: Stub) -> None:
        """Hold every game's replay against the acknowledgements, and verify it."""
        acked: dict[str, list[Ack]] = {}
        for ack in self.acks:
            acked.setdefault(ack.game_id, []).append(ack)
        outcome = self.outcome
        outcome.acked = len(self.acks)
        for game_id in self.games:
            mine = acked.get(game_id, [])
            versions = [ack.version for ack in mine]
            outcome.duplicated += len(versions) - len(set(versions))
            summary = await stub.GetGame(pb.GetGameRequest(game_id=game_id))
            if summary.status != pb.GAME_STATUS_FINISHED:
                outcome.lost += sum(1 for ack in mine if ack.version > summary.version)
                continue
            outcome.finished += 1
            reply = await stub.GetReplay(pb.GetReplayRequest(game_id=game_id))
            records = parse_lines(split_complete(reply.replay)[0], game_id).actions
            seqs = [record["seq"] for record in records]
            outcome.duplicated += len(seqs) - len(set(seqs))
            by_seq = {record["seq"]: record for record in records}
            for ack in mine:
                record = by_seq.get(ack.version)
                if record is None or (record["seat"], record["action"], record["hash"]) != (
                        ack.seat, ack.action, ack.state_hash):
                    outcome.lost += 1
            report = verify_bytes(reply.replay, game_id, Reveal(reply.server_seed, reply.commitment,
                                                                 tuple(reply.entropies)))
            if report.ok and report.finished and report.fairness.status == PROVEN:
                outcome.verified += 1


def run(directory: Path, plan: Plan) -> Outcome:
    return loops.run(Chaos(directory, plan).run())


def report_body(plan: Plan, outcome: Outcome, seconds: float) -> str:
    return (f"## make chaos\n\n`python -m harness.chaos --kills {plan.kills} --slots {plan.slots}`: a `vegas serve` "
            f"SIGKILLed {outcome.kills} times at random moments (each just as an action was on its way) and "
            f"restarted on the same port and data directory, while {plan.slots} games at a time were played "
            "back to back: two server bots, a harness seat recording every acknowledged action, and either a "
            f"second harness seat or a `vegas bot` process (every {plan.bot_process_every} games). "
            f"{seconds:.0f} s in all. {'Every check passed.' if outcome.ok else 'SOME CHECKS FAILED.'}\n\n"
            + markdown_table(outcome.rows()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="SIGKILL vegas serve while bots play; check nothing is lost")
    parser.add_argument("--kills", type=int, default=Plan.kills)
    parser.add_argument("--slots", type=int, default=Plan.slots, help="games played at once")
    parser.add_argument("--bot-every", type=int, default=Plan.bot_process_every,
                        help="every n-th game has a vegas bot process in a seat (0: none)")
    parser.add_argument("--seed", type=int, default=Plan.seed)
    parser.add_argument("--write", action="store_true", help="write the table into docs/RELIABILITY.md")
    args = parser.parse_args(argv)
    plan = Plan(kills=args.kills, slots=args.slots, bot_process_every=args.bot_every, seed=args.seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="vegas-chaos-") as directory:
        outcome = run(Path(directory), plan)
        if outcome.client_errors or not outcome.ok:
            for error in outcome.client_errors[:10]:
                print(error, file=sys.stderr)
            with contextlib.suppress(OSError):
                print((Path(directory) / "serve.log").read_text()[-3000:], file=sys.stderr)
    print_table("make chaos", outcome.rows())
    if args.write:
        write_section("chaos", report_body(plan, outcome, time.monotonic() - started))
    return 0 if outcome.ok else 1


if __name__ == "__main__":
    sys.exit(main())
