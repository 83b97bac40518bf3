"""`Client`: the `Table` over gRPC (`vegas.v1.VegasTable`, grpc.aio): one channel, every RPC, errors mapped.

    async with vegas_client.connect("192.168.1.20:50051") as client:
        games = await client.list_games()

Lobby calls are retried with the client's policy (retry.py); every request carries the server's password as
metadata `vegas-password` when one is given. Actions go on one `Act` stream per seat, opened at its first
action and again after a failure: a request and its answer at a time, so answers come back in order. It is
closed once the seat's Watch stream shows the game over.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import grpc
import structlog

from vegas_client import wire
from vegas_client.channels import open_channel
from vegas_client.data import (
    ActionResult,
    Created,
    GameSummary,
    GameType,
    Joined,
    LegalAction,
    NewGame,
    Revealed,
    Update,
    VersionEvents,
)
from vegas_client.entropy import Entropies, entropy_commitment, fresh_entropy
from vegas_client.errors import VegasError, connection_lost, from_refusal, from_rpc_error
from vegas_client.retry import FOREVER, RetryPolicy
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.common.password import PASSWORD_METADATA

T = TypeVar("T")
log = structlog.get_logger("vegas_client")
CALL_TIMEOUT = 10.0  # seconds for one try of a unary call (no answer by then: a dropped connection, retried)


class ActStream:
    """One seat's `Act` stream: each request written, then its answer read, under a lock (in order)."""

    def __init__(self, open_call: Callable[[], Any]) -> None:
        self.open_call = open_call
        self.call: Any = None
        self.lock = asyncio.Lock()

    async def submit(self, request: pb.SubmitActionRequest) -> pb.ActAnswer:
        async with self.lock:
            if self.call is None:
                self.call = self.open_call()
            try:
                await self.call.write(request)
                answer: pb.ActAnswer = await self.call.read()
            except grpc.aio.AioRpcError as error:
                self.close()
                raise from_rpc_error(error) from None
            except (asyncio.InvalidStateError, grpc.aio.UsageError) as error:
                # The call ended under us (the server went away between two actions): "RPC already finished".
                self.close()
                raise connection_lost(f"the Act stream ended: {error}") from None
            if answer is grpc.aio.EOF:
                self.close()
                raise connection_lost("the server closed the Act stream")
            return answer

    def close(self) -> None:
        if self.call is not None:
            self.call.cancel()
            self.call = None

    async def close_when_idle(self) -> None:
        """Close the stream once no request on it awaits its answer."""
        async with self.lock:
            self.close()


class Client:
    """A client of one server (see the module's docstring). `retry` is the policy of the lobby calls."""

    def __init__(self, channel: grpc.aio.Channel, *, password: str | None = None,
                 retry: RetryPolicy = FOREVER) -> None:
        self.channel = channel
        self.stub = table_pb2_grpc.VegasTableStub(channel)
        self.metadata: tuple[tuple[str, str], ...] = ((PASSWORD_METADATA, password),) if password else ()
        self.retry = retry
        self.streams: dict[tuple[str, str], ActStream] = {}
        # Join codes of the private games this client knows, by game id: sent with every request about them.
        # create_game keeps the code it gets; give others' codes here (`vegas play --code`).
        self.codes: dict[str, str] = {}
        self.hosts: dict[str, str] = {}  # host tokens of the games this client created (or was given), by game id
        self.entropies = Entropies()  # of the seats this client holds; the commitments seen before revealing

    async def _call(self, rpc: Callable[..., Awaitable[T]], request: Any) -> T:
        """One unary call, retried by the client's policy."""
        return await self.retry.call(lambda: self._once(rpc, request))

    async def _once(self, rpc: Callable[..., Awaitable[T]], request: Any) -> T:
        """One try of a unary call; a refusal or a lost connection as VegasError."""
        try:
            return await rpc(request, timeout=CALL_TIMEOUT, metadata=self.metadata)
        except grpc.aio.AioRpcError as error:
            raise from_rpc_error(error) from None

    # ---- lobby

    async def game_types(self) -> list[GameType]:
        reply = await self._call(self.stub.ListGameTypes, pb.ListGameTypesRequest())
        return [wire.game_type(t) for t in reply.games]

    async def list_games(self, include_finished: bool = False) -> list[GameSummary]:
        """The public games, newest first: every page of them."""
        games: list[GameSummary] = []
        page = ""
        while True:
            reply = await self._call(self.stub.ListGames, pb.ListGamesRequest(include_finished=include_finished,
                                                                              page_token=page))
            games += [wire.game_summary(g) for g in reply.games]
            page = reply.next_page_token
            if not page:
                return games

    async def get_game(self, game_id: str) -> GameSummary:
        request = pb.GetGameRequest(game_id=game_id, join_code=self.codes.get(game_id, ""))
        return wire.game_summary(await self._call(self.stub.GetGame, request))

    async def create_game(self, spec: NewGame) -> Created:
        """Create a game (a retry after a lost answer may leave a second, empty one in the lobby)."""
        request = pb.CreateGameRequest(game=spec.game, rules=spec.rules, options=list(spec.options),
                                       players=spec.players,
                                       bots=[pb.BotSeat(seat=s, kind=spec.bot_kind) for s in spec.bots],
                                       private=spec.private)
        if spec.bot_think_ms is not None:
            request.bot_think_ms = spec.bot_think_ms
        if spec.turn_timer is not None:
            request.turn_timer = spec.turn_timer
        if spec.bot_turn_timer is not None:
            request.bot_turn_timer = spec.bot_turn_timer
        return self._created(await self._call(self.stub.CreateGame, request))

    def _created(self, reply: pb.CreateGameResponse) -> Created:
        if reply.join_code:
            self.codes[reply.game_id] = reply.join_code
        if reply.host_token:
            self.hosts[reply.game_id] = reply.host_token
        return Created(reply.game_id, reply.commitment, wire.game_summary(reply.game), reply.join_code,
                       reply.host_token)

    async def rematch(self, game_id: str, token: str) -> Created:
        """The rematch of the finished game `game_id` (`token`: a seat of it): made now, with this client as its
        host, or the one another player made first. A private game's rematch opens with the same join code."""
        request = pb.CreateGameRequest(rematch_of=game_id, rematch_token=token)
        created = self._created(await self._call(self.stub.CreateGame, request))
        if game_id in self.codes:
            self.codes.setdefault(created.game_id, self.codes[game_id])
        return created

    async def hand_seat(self, game_id: str, seat: int, bot: str) -> GameSummary:
        """As the game's host (its token in `hosts`), let the server's `bot` play `seat` for its absent player,
        or ("") give the seat back."""
        request = pb.HandSeatRequest(game_id=game_id, host_token=self.hosts.get(game_id, ""), seat=seat, bot=bot)
        return wire.game_summary(await self._call(self.stub.HandSeat, request))

    async def join_game(self, game_id: str, name: str, seat: int | None = None, entropy: str | None = None
                        ) -> Joined:
        """Take a seat, committed to `entropy` (None: 256 fresh random bits), which this client reveals when
        the game asks (`reveal_due`): keep `Joined.entropy` with the token, and give both to `entropies.hold`
        after a restart. Retried like every lobby call: a retry after a lost answer may take a second seat,
        or be refused as `seat_taken` when asking for one seat."""
        entropy = fresh_entropy() if entropy is None else entropy
        request = pb.JoinGameRequest(game_id=game_id, name=name, entropy_commitment=entropy_commitment(entropy),
                                     join_code=self.codes.get(game_id, ""))
        if seat is not None:
            request.seat = seat
        reply = await self._call(self.stub.JoinGame, request)
        joined = Joined(reply.seat, reply.seat_token, wire.game_summary(reply.game), entropy)
        self.entropies.hold(game_id, joined.seat, joined.token, entropy)
        after = await self.reveal_due(joined.game)  # the last seat taken: everyone's commitment is in the reply
        return joined if after is None else replace(joined, game=after)

    async def reveal_due(self, summary: GameSummary) -> GameSummary | None:
        """Reveal the entropy of every seat this client holds in the game once the game asks and every seat's
        commitment is shown (`vegas_client.entropy.reveal_due`); the game's summary after the last reveal
        (None if none was due). A refusal is logged, not raised: the game then starts with "" for that seat,
        and says so."""
        after = None
        for token, entropy in self.entropies.due(summary):
            try:
                after = await self.reveal_entropy(summary.game_id, token, entropy)
            except VegasError as error:
                log.warning("reveal_refused", game_id=summary.game_id, code=error.code, reason=error.message)
        return after

    async def reveal_entropy(self, game_id: str, token: str, entropy: str) -> GameSummary:
        """RevealEntropy: the entropy the seat of `token` committed to (the server checks it)."""
        request = pb.RevealEntropyRequest(game_id=game_id, seat_token=token, entropy=entropy)
        return wire.game_summary((await self._call(self.stub.RevealEntropy, request)).game)

    async def list_events(self, game_id: str, before_version: int | None = None) -> list[VersionEvents]:
        request = pb.ListEventsRequest(game_id=game_id, join_code=self.codes.get(game_id, ""))
        if before_version is not None:
            request.before_version = before_version
        reply = await self._call(self.stub.ListEvents, request)
        return [wire.version_events(v) for v in reply.versions]

    async def legal_actions(self, game_id: str, token: str) -> tuple[int, tuple[LegalAction, ...]]:
        """The seat's legal actions and the version they are for (the updates carry them too)."""
        reply = await self._call(self.stub.ListLegalActions,
                                 pb.ListLegalActionsRequest(game_id=game_id, seat_token=token))
        return reply.version, tuple(wire.legal_action(a) for a in reply.actions)

    async def replay(self, game_id: str) -> Revealed:
        reply = await self._call(self.stub.GetReplay,
                                 pb.GetReplayRequest(game_id=game_id, join_code=self.codes.get(game_id, "")))
        return Revealed(reply.replay, reply.server_seed, reply.commitment, tuple(reply.entropies), reply.seed)

    # ---- one attempt each: Follower and Seat retry these

    async def watch(self, game_id: str, token: str, from_version: int | None) -> AsyncIterator[Update]:
        """One Watch stream: first a `connected` marker once the server has opened it, then its updates."""
        request = pb.WatchRequest(game_id=game_id, seat_token=token, join_code=self.codes.get(game_id, ""))
        if from_version is not None:
            request.from_version = from_version
        call = self.stub.Watch(request, metadata=self.metadata)
        try:
            try:
                await call.initial_metadata()  # the server sends it as soon as the stream is open
                if not call.done():
                    yield Update(from_version or 0, "", "connected")
                async for message in call:
                    update = wire.update(message)
                    if update.status == "finished":
                        await self.end_acting(game_id, token)
                    yield update
            except grpc.aio.AioRpcError as error:
                raise from_rpc_error(error) from None
            raise connection_lost("the server ended the stream before the game did")
        finally:
            call.cancel()

    async def submit(self, game_id: str, token: str, action: str, based_on_version: int) -> ActionResult:
        """Act for a seat on its `Act` stream: `action` (canonical text) chosen on `based_on_version`."""
        stream = self.streams.get((game_id, token))
        if stream is None:
            stream = self.streams[(game_id, token)] = ActStream(lambda: self.stub.Act(metadata=self.metadata))
        answer = await stream.submit(pb.SubmitActionRequest(game_id=game_id, seat_token=token, action=action,
                                                            based_on_version=based_on_version))
        if answer.WhichOneof("outcome") == "result":
            return wire.action_result(answer.result)
        raise from_refusal(answer.refusal.status, answer.refusal.code, answer.refusal.message)

    async def propose_trade(self, game_id: str, token: str, terms: str, request_id: str = "") -> ActionResult:
        request = pb.ProposeTradeRequest(game_id=game_id, seat_token=token, terms=terms, request_id=request_id)
        return wire.action_result(await self._once(self.stub.ProposeTrade, request))

    async def answer_trade(self, game_id: str, token: str, trade_id: int, answer: str,
                           removes: Sequence[str] = (), request_id: str = "") -> ActionResult:
        if answer not in wire.TRADE_ANSWERS:
            raise ValueError(f"a trade answer is accept, reject or withdraw, not {answer!r}")
        request = pb.AnswerTradeRequest(game_id=game_id, seat_token=token, trade_id=trade_id,
                                        answer=wire.TRADE_ANSWERS[answer], removes=list(removes),
                                        request_id=request_id)
        return wire.action_result(await self._once(self.stub.AnswerTrade, request))

    async def end_acting(self, game_id: str, token: str) -> None:
        """Close the seat's Act stream, if it has one, once the answer it awaits (the game's last action,
        say) has come: the game is over, and nothing more will go on it. (Every open stream counts against the
        server's limit per connection: a client that plays game after game would otherwise reach it.) An
        action sent later opens a new stream, which the server refuses as any action on a finished game."""
        stream = self.streams.pop((game_id, token), None)
        if stream is not None:
            await stream.close_when_idle()

    async def close(self) -> None:
        for stream in self.streams.values():
            stream.close()
        self.streams.clear()
        await self.channel.close()


def client_for(address: str, *, tls: bool = False, ca_file: Path | None = None, password: str | None = None,
               retry: RetryPolicy = FOREVER, options: list[tuple[str, int]] | None = None) -> Client:
    """A Client of the server at `address` (HOST:PORT); close it with `await client.close()`."""
    return Client(open_channel(address, tls, ca_file, options), password=password, retry=retry)


@contextlib.asynccontextmanager
async def connect(address: str, *, tls: bool = False, ca_file: Path | None = None, password: str | None = None,
                  retry: RetryPolicy = FOREVER) -> AsyncIterator[Client]:
    """`async with connect("HOST:PORT") as client:` a Client, closed at the end of the block."""
    client = client_for(address, tls=tls, ca_file=ca_file, password=password, retry=retry)
    try:
        yield client
    finally:
        await client.close()
