"""The `TableLink` over gRPC (`vegas.v1.VegasTable`), with grpc.aio: one channel, every RPC, errors mapped.

Every refusal arrives as a `LinkError` carrying the server's sentence and its stable `vegas-error` code,
so the screens show exactly what the server said.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import grpc
from vegas.v1 import table_pb2 as pb
from vegas.v1 import table_pb2_grpc

from cli.channels import CLIENT_KEEPALIVE, password_interceptors
from client.link import Accepted, Created, Joined, LinkError, NewGame, RawUpdate, Revealed
from client.orders import Answer, Propose, Route, Submit
from client.viewmodel import GameRow, GameTypeRow, PastVersion
from client.wire import game_row, game_type_row, link_error, raw_update

T = TypeVar("T")
ANSWERS = {"accept": pb.TRADE_ANSWER_ACCEPT, "reject": pb.TRADE_ANSWER_REJECT, "withdraw": pb.TRADE_ANSWER_WITHDRAW}
CALL_TIMEOUT = 10.0  # seconds for a unary call; the Watch stream has none
CONNECT_TIMEOUT = 5.0


def open_channel(address: str, tls: bool = False, ca_file: Path | None = None,
                 password: str | None = None) -> grpc.aio.Channel:
    """A channel to `address`: plaintext (the LAN default), or TLS with the system's or a given CA; the
    server's password (if it has one) goes with every call."""
    interceptors = password_interceptors(password)
    if not tls and ca_file is None:
        return grpc.aio.insecure_channel(address, options=CLIENT_KEEPALIVE, interceptors=interceptors)
    roots = ca_file.read_bytes() if ca_file is not None else None
    credentials = grpc.ssl_channel_credentials(root_certificates=roots)
    return grpc.aio.secure_channel(address, credentials, options=CLIENT_KEEPALIVE, interceptors=interceptors)


async def _call(rpc: Callable[[], Awaitable[T]]) -> T:
    try:
        return await rpc()
    except grpc.aio.AioRpcError as error:
        raise link_error(error) from None


class GrpcLink:
    """A client of one server."""

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self.channel = channel
        self.stub = table_pb2_grpc.VegasTableStub(channel)
        self.codes: dict[str, str] = {}

    async def game_types(self) -> list[GameTypeRow]:
        reply = await _call(lambda: self.stub.ListGameTypes(pb.ListGameTypesRequest(), timeout=CALL_TIMEOUT))
        return [game_type_row(t) for t in reply.games]

    async def list_games(self, include_finished: bool = False) -> list[GameRow]:
        request = pb.ListGamesRequest(include_finished=include_finished)
        reply = await _call(lambda: self.stub.ListGames(request, timeout=CALL_TIMEOUT))
        return [game_row(g) for g in reply.games]

    async def get_game(self, game_id: str) -> GameRow:
        request = pb.GetGameRequest(game_id=game_id, join_code=self.codes.get(game_id, ""))
        return game_row(await _call(lambda: self.stub.GetGame(request, timeout=CALL_TIMEOUT)))

    async def create_game(self, spec: NewGame) -> Created:
        request = pb.CreateGameRequest(game=spec.game, rules=spec.rules, options=list(spec.options),
                                       players=spec.players,
                                       bots=[pb.BotSeat(seat=s, kind=spec.bot_kind) for s in spec.bots],
                                       private=spec.private)
        reply = await _call(lambda: self.stub.CreateGame(request, timeout=CALL_TIMEOUT))
        if reply.join_code:
            self.codes[reply.game_id] = reply.join_code
        return Created(reply.game_id, reply.commitment, game_row(reply.game), reply.join_code)

    async def join_game(self, game_id: str, name: str, seat: int | None = None, entropy: str = "") -> Joined:
        request = pb.JoinGameRequest(game_id=game_id, name=name, entropy=entropy, join_code=self.codes.get(game_id, ""))
        if seat is not None:
            request.seat = seat
        reply = await _call(lambda: self.stub.JoinGame(request, timeout=CALL_TIMEOUT))
        return Joined(reply.seat, reply.seat_token, game_row(reply.game))

    async def watch(self, game_id: str, token: str, from_version: int | None) -> AsyncIterator[RawUpdate]:
        """The game's updates for this viewer; first a `connected` marker once the channel is up."""
        request = pb.WatchRequest(game_id=game_id, seat_token=token, join_code=self.codes.get(game_id, ""))
        if from_version is not None:
            request.from_version = from_version
        call = self.stub.Watch(request)
        try:
            try:
                await self._ready()
                yield RawUpdate(from_version or 0, "", "connected")
                async for message in call:
                    yield raw_update(message)
            except grpc.aio.AioRpcError as error:
                raise link_error(error) from None
        finally:
            call.cancel()

    async def past_versions(self, game_id: str, before_version: int) -> list[PastVersion]:
        request = pb.ListEventsRequest(game_id=game_id, before_version=before_version,
                                       join_code=self.codes.get(game_id, ""))
        reply = await _call(lambda: self.stub.ListEvents(request, timeout=CALL_TIMEOUT))
        return [PastVersion(v.version, (v.move.seat, v.move.action) if v.HasField("move") else None,
                            tuple(e.text for e in v.events)) for v in reply.versions]

    async def _ready(self) -> None:
        try:
            await asyncio.wait_for(self.channel.channel_ready(), CONNECT_TIMEOUT)
        except TimeoutError:
            raise LinkError("the server cannot be reached (no answer)", status="UNAVAILABLE",
                            retryable=True) from None

    async def send(self, game_id: str, token: str, route: Route, based_on_version: int,
                   request_id: str = "") -> Accepted:
        if isinstance(route, Submit):
            request = pb.SubmitActionRequest(game_id=game_id, seat_token=token, action=route.action,
                                             based_on_version=based_on_version)
            reply = await _call(lambda: self.stub.SubmitAction(request, timeout=CALL_TIMEOUT))
        elif isinstance(route, Propose):
            proposal = pb.ProposeTradeRequest(game_id=game_id, seat_token=token, terms=route.terms,
                                              request_id=request_id)
            reply = await _call(lambda: self.stub.ProposeTrade(proposal, timeout=CALL_TIMEOUT))
        else:
            assert isinstance(route, Answer)
            answer = pb.AnswerTradeRequest(game_id=game_id, seat_token=token, trade_id=route.trade_id,
                                           answer=ANSWERS[route.answer], removes=list(route.removes),
                                           request_id=request_id)
            reply = await _call(lambda: self.stub.AnswerTrade(answer, timeout=CALL_TIMEOUT))
        return Accepted(reply.version, reply.action, tuple(e.text for e in reply.events))

    async def replay(self, game_id: str) -> Revealed:
        request = pb.GetReplayRequest(game_id=game_id, join_code=self.codes.get(game_id, ""))
        reply = await _call(lambda: self.stub.GetReplay(request, timeout=CALL_TIMEOUT))
        return Revealed(reply.replay, reply.server_seed, reply.commitment, tuple(reply.entropies), reply.seed)

    async def close(self) -> None:
        await self.channel.close()
