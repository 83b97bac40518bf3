"""`vegas bot`: a bot that plays one seat of a game on a server, over the API like any client.

It holds the seat's view exactly as a client must (snapshot, then RFC 6902 diffs, each checked against
the view hash; a gap or a wrong hash means asking for a snapshot again), and whenever the game waits for
its seat it asks for the legal actions and picks one. Remote bots see what a player sees, not the state,
so strategies here choose among the server's list of legal actions (the random bot: uniformly, bets
uniformly within their range), and answer trades only when the game waits for them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import structlog
from vegas.v1 import table_pb2 as pb
from vegas.v1 import table_pb2_grpc

from bots.viewpatch import PatchError, apply_patch
from cli.channels import CLIENT_KEEPALIVE, password_interceptors, read_password
from cli.logs import configure_logging
from engine.core.canonical import canonical_hash

log = structlog.get_logger("vegas.bot")

RATE_LIMIT_RETRIES = 6
RECONNECT_SECONDS = 60.0  # how long a bot keeps trying to reach a server that went away (a restart)


STATUS_BY_NUMBER = {status.value[0]: status for status in grpc.StatusCode}


class OutOfSync(Exception):
    """The view held no longer matches the server's: a gap in the versions or a wrong hash."""


class ActionRefused(Exception):
    """The server refused the bot's action for a reason retrying cannot mend (a bug in the bot, say)."""

    def __init__(self, refusal: pb.Refusal) -> None:
        status = STATUS_BY_NUMBER.get(refusal.status)
        super().__init__(f"{status.name if status else refusal.status} {refusal.code}: {refusal.message}")
        self.refusal = refusal


@dataclass
class ViewMirror:
    """A viewer's copy of its view, kept up to date from `Update`s and checked against every hash."""

    version: int | None = None
    view: Any = None

    def apply(self, update: pb.Update) -> None:
        body = update.WhichOneof("body")
        if body == "snapshot":
            self.view = json.loads(update.snapshot.view_json)
        elif body == "diff":
            if self.version is None or update.version != self.version + 1:
                raise OutOfSync(f"got the diff to version {update.version} while holding version {self.version}")
            try:
                self.view = apply_patch(self.view, json.loads(update.diff.patch_json))
            except PatchError as problem:
                raise OutOfSync(f"the diff to version {update.version} does not fit the view held: {problem}") from None
        else:
            return
        if canonical_hash(self.view) != update.view_hash:
            raise OutOfSync(f"the view after version {update.version} does not have the server's hash")
        self.version = update.version


def choose_random(actions: list[pb.LegalAction], rng: random.Random) -> str:
    """A uniformly random legal action; a range becomes a uniformly random number within it."""
    option = rng.choice(actions)
    if not option.HasField("range"):
        return str(option.text)
    words = option.text.split()
    words[-1] = str(rng.randint(option.range.low, option.range.high))
    return " ".join(words)


Policy = Callable[[list[pb.LegalAction], random.Random], str]
POLICIES: dict[str, Policy] = {"random": choose_random}


@dataclass
class RemoteBot:
    """Plays `seat` of `game_id` with `token` until the game is over; `play` returns the final view."""

    stub: table_pb2_grpc.VegasTableStub
    game_id: str
    seat: int
    token: str
    rng: random.Random = field(default_factory=random.Random)
    think: float = 0.0
    choose: Policy = choose_random
    on_update: Callable[[pb.Update], None] | None = None  # for measurements: called once an update is held
    on_submit: Callable[[int], None] | None = None  # called with the version an action is based on, just before
    mirror: ViewMirror = field(default_factory=ViewMirror)
    actors: tuple[int, ...] = ()  # whom the game waited for at the mirror's version
    actions: int = 0
    resyncs: int = 0
    acting: Any = None  # the Act stream the bot submits on: opened at its first action, again after a failure

    async def play(self) -> Any:
        """Follow and play the game to its end (reconnecting through a server restart); the final view."""
        try:
            return await self._play()
        finally:
            self._close_acting()

    def _close_acting(self) -> None:
        if self.acting is not None:
            self.acting.cancel()
            self.acting = None

    async def _play(self) -> Any:
        unreachable_since: float | None = None
        while True:
            try:
                if await self._follow():
                    return self.mirror.view
                unreachable_since = None
            except OutOfSync as problem:
                log.warning("resync", game_id=self.game_id, seat=self.seat, reason=str(problem))
                self.resyncs += 1
                self.mirror = ViewMirror()  # start again from a snapshot
            except grpc.aio.AioRpcError as error:
                self._close_acting()
                if error.code() not in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED):
                    raise
                unreachable_since = unreachable_since or time.monotonic()
                if time.monotonic() - unreachable_since > RECONNECT_SECONDS:
                    raise
                log.warning("reconnecting", game_id=self.game_id, seat=self.seat, reason=error.details())
                await asyncio.sleep(0.5)  # resumes from the version it holds

    async def _follow(self) -> bool:
        """Follow the stream, acting when asked; True once the game is over."""
        request = pb.WatchRequest(game_id=self.game_id, seat_token=self.token)
        if self.mirror.version is not None:
            request.from_version = self.mirror.version
        updates = self.stub.Watch(request)
        if self.mirror.version is not None and self.seat in self.actors:
            await self._act(self.mirror.version)  # resumed while it was our move: no update will ask again
        async for update in updates:
            self.mirror.apply(update)
            if update.WhichOneof("body") != "lobby":
                self.actors = tuple(update.actors)
            if self.on_update is not None:
                self.on_update(update)
            if update.status == pb.GAME_STATUS_FINISHED:
                return True
            if update.WhichOneof("body") != "lobby" and self.seat in self.actors:
                await self._act(update.version, list(update.legal_actions))
        return False

    async def _act(self, version: int, legal: list[pb.LegalAction] | None = None) -> None:
        """Choose and submit an action for `version`, from `legal` or (not given) from ListLegalActions."""
        if self.think:
            await asyncio.sleep(self.think)
        if not legal:
            listed = await self._call(self.stub.ListLegalActions,
                                      pb.ListLegalActionsRequest(game_id=self.game_id, seat_token=self.token))
            if listed.version != version:
                return  # the game moved on meanwhile: the updates on their way say what to do next
            legal = list(listed.actions)
        if not legal:
            return
        action = self.choose(legal, self.rng)
        if self.on_submit is not None:
            self.on_submit(version)
        request = pb.SubmitActionRequest(game_id=self.game_id, seat_token=self.token, action=action,
                                         based_on_version=version)
        for attempt in range(RATE_LIMIT_RETRIES):
            answer = await self._submit(request)
            if answer.WhichOneof("outcome") == "result":
                self.actions += 1
                return
            status = STATUS_BY_NUMBER.get(answer.refusal.status)
            if status in (grpc.StatusCode.ABORTED, grpc.StatusCode.UNAVAILABLE):
                return  # someone acted first, or the game is being re-played from its file (`suspended`): the
                # updates on their way (a snapshot, for the latter) say what to do next
            if status is not grpc.StatusCode.RESOURCE_EXHAUSTED or attempt == RATE_LIMIT_RETRIES - 1:
                raise ActionRefused(answer.refusal)
            await _rate_limit_pause(attempt)

    async def _submit(self, request: pb.SubmitActionRequest) -> pb.ActAnswer:
        """Send `request` on the bot's Act stream (one stream for all its actions: cheaper than a call each)
        and wait for its answer."""
        if self.acting is None:
            self.acting = self.stub.Act()
        await self.acting.write(request)
        answer = await self.acting.read()
        if answer is grpc.aio.EOF:
            self._close_acting()
            raise OutOfSync("the server closed the Act stream")  # follow again from the version held
        return answer

    async def _call(self, rpc: Any, request: Any) -> Any:
        """Call `rpc`, backing off and retrying while the server's rate limit refuses it."""
        for attempt in range(RATE_LIMIT_RETRIES):
            try:
                return await rpc(request)
            except grpc.aio.AioRpcError as error:
                if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED or attempt == RATE_LIMIT_RETRIES - 1:
                    raise
                await _rate_limit_pause(attempt)


async def _rate_limit_pause(attempt: int) -> None:
    """Back off before retrying a request the server's rate limit refused (doubling from 50 ms)."""
    await asyncio.sleep(0.05 * 2**attempt)


async def join_and_play(address: str, game_id: str, seat: int | None, name: str, token: str | None,
                        policy: str, seed: str, think: float, code: str = "", password: str | None = None) -> Any:
    """Join (with the game's join code if it is private) or resume a seat, and play it to the end; the
    server's password, if it has one, goes with every call."""
    async with grpc.aio.insecure_channel(address, options=CLIENT_KEEPALIVE,
                                         interceptors=password_interceptors(password)) as channel:
        stub = table_pb2_grpc.VegasTableStub(channel)
        if token is None:
            request = pb.JoinGameRequest(game_id=game_id, name=name, join_code=code)
            if seat is not None:
                request.seat = seat
            joined = await stub.JoinGame(request)
            seat, token = joined.seat, joined.seat_token
            log.info("joined", game_id=game_id, seat=seat, colour=joined.game.seats[seat].colour)
            print(f"seat token for seat {seat} (reuse it with --token to resume): {token}", flush=True)
        assert seat is not None
        bot = RemoteBot(stub, game_id, seat, token, random.Random(seed), think, POLICIES[policy])
        view = await bot.play()
        log.info("game_over", game_id=game_id, seat=seat, actions=bot.actions, resyncs=bot.resyncs,
                 result=view.get("result") if isinstance(view, dict) else None)
        return view


def register(commands: Any) -> None:
    parser = commands.add_parser("bot", help="play one seat of a game on a server with a bot",
                                 description="Join a game on a server (or resume a seat with its token) and "
                                 "play it with a bot until the game is over, over the API like any client.")
    parser.add_argument("--server", default="localhost:50051", help="HOST:PORT of the server")
    parser.add_argument("--game", required=True, help="the game id (vegas play or ListGames shows it)")
    parser.add_argument("--seat", type=int, default=None, help="the seat to take (default: the lowest free one)")
    parser.add_argument("--token", default=None, help="resume a seat already taken, with its seat token")
    parser.add_argument("--name", default="random bot", help="the name the other players see")
    parser.add_argument("--bot", default="random", choices=sorted(POLICIES), help="the strategy")
    parser.add_argument("--seed", default=None, help="the bot's own random seed (default: from the clock)")
    parser.add_argument("--think-ms", type=int, default=0, help="pause before each action")
    parser.add_argument("--code", default="", help="the join code of a private game")
    parser.add_argument("--password-file", type=Path, help="a file holding the server's password (its first line)")
    parser.add_argument("--log-json", action="store_true", help="log JSON lines")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    configure_logging(json=args.log_json)
    if args.token is not None and args.seat is None:
        raise SystemExit("vegas bot: --token needs the --seat it belongs to")
    seed = args.seed if args.seed is not None else str(time.time_ns())
    password = read_password(args.password_file, "vegas bot") if args.password_file else None
    try:
        asyncio.run(join_and_play(args.server, args.game, args.seat, args.name, args.token, args.bot, seed,
                                  args.think_ms / 1000, args.code, password))
    except grpc.aio.AioRpcError as error:
        print(f"vegas bot: the server at {args.server} said {error.code().name}: {error.details()}", file=sys.stderr)
        return 1
    return 0
