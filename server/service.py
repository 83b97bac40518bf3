"""The `vegas.v1.VegasTable` service: checks each request, hands it to the game's session, maps the reply.

Each RPC logs one line (rpc, game, seat, status, milliseconds; never a token) and refuses with the
status, code and sentence that `server.errors.api_error` gives; each request on an `Act` stream is logged
and answered the same way, inside the stream. Requests are rate-limited per connection.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
import structlog

from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.bots.registry import seat_bots
from vegas_table.engine.registry import game_names, get_game
from vegas_table.server import convert, errors, handover, seating, validate
from vegas_table.server.hub import GameHub
from vegas_table.server.limits import StreamCounter, address_of
from vegas_table.server.match import Timings
from vegas_table.server.ratelimit import RateLimiter
from vegas_table.server.records import new_token, token_hash
from vegas_table.server.rematch import Rematches
from vegas_table.server.session import GameSession
from vegas_table.server.turntimer import MAX_TURN_TIMER
from vegas_table.server.viewers import Change, Status, Subscriber, Viewer, WatchUpdate

log = structlog.get_logger("vegas.server")

Request = TypeVar("Request")
Response = TypeVar("Response")
Handler = Callable[[Any, Request, grpc.aio.ServicerContext], Awaitable[Response]]

DEFAULT_PAGE = 100  # games per ListGames page when the request does not say
MAX_PAGE = 1000
TRADE_VERBS = {pb.TRADE_ANSWER_ACCEPT: "accept", pb.TRADE_ANSWER_REJECT: "reject", pb.TRADE_ANSWER_WITHDRAW: "withdraw"}


@dataclass(frozen=True, slots=True)
class MalformedRequest:
    """Bytes that are not a message of the expected type: refused with INVALID_ARGUMENT, not grpc's UNKNOWN."""

    type_name: str
    problem: str


def _decoder(message_class: Any) -> Callable[[bytes], Any]:
    def decode(data: bytes) -> Any:
        try:
            return message_class.FromString(data)
        except Exception as error:  # protobuf's DecodeError, or anything else the bytes provoke
            return MalformedRequest(message_class.DESCRIPTOR.full_name, str(error))

    return decode


def _check_decoded(request: Any) -> None:
    if isinstance(request, MalformedRequest):
        raise errors.bad_request(f"the request is not a well-formed {request.type_name} ({request.problem}); "
                                 "send the message proto/vegas/v1/table.proto defines")


def _serializer(message_class: Any) -> Callable[[Any], bytes]:
    """The message's serialiser, passing bytes through: a Watch stream sends updates serialised once for
    all the streams of a viewer (`convert.update_bytes`)."""
    serialize = message_class.SerializeToString

    def encode(message: Any) -> bytes:
        return message if isinstance(message, bytes) else serialize(message)

    return encode


def add_to_server(servicer: VegasTable, server: grpc.aio.Server) -> None:
    """Register the service like the generated `add_VegasTableServicer_to_server`, but decode requests
    ourselves, so that corrupt bytes get INVALID_ARGUMENT and a sentence, and let Watch send bytes."""
    service = pb.DESCRIPTOR.services_by_name["VegasTable"]
    handlers = {}
    for method in service.methods:
        if method.client_streaming:
            make = grpc.stream_stream_rpc_method_handler
        elif method.server_streaming:
            make = grpc.unary_stream_rpc_method_handler
        else:
            make = grpc.unary_unary_rpc_method_handler
        handlers[method.name] = make(getattr(servicer, method.name),
                                     request_deserializer=_decoder(getattr(pb, method.input_type.name)),
                                     response_serializer=_serializer(getattr(pb, method.output_type.name)))
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service.full_name, handlers),))
    server.add_registered_method_handlers(service.full_name, handlers)


def refuse(context: grpc.aio.ServicerContext, error: BaseException, **fields: Any) -> None:
    """Log the refusal and make it the RPC's status (`errors.set_refusal`): the handler then returns."""
    errors.set_refusal(context, logged_refusal(error, **fields))


def logged_refusal(error: BaseException, **fields: Any) -> errors.ApiError:
    """The refusal for `error`, logged as the request's one line (with the traceback if it is a bug)."""
    refusal = errors.api_error(error)
    if refusal.code == "internal":
        log.error("request", status=refusal.status.name, exc_info=error, **fields)
    else:
        log.info("request", status=refusal.status.name, code=refusal.code, error=refusal.message, **fields)
    return refusal


def refusal_answer(refusal: errors.ApiError) -> pb.ActAnswer:
    """The Act stream's answer for a refused request. (Made here, so that the stream's frame holds no
    refusal: the error, whose traceback holds that frame, would make a cycle while the stream lives on.)"""
    return pb.ActAnswer(refusal=pb.Refusal(status=refusal.status.value[0], message=refusal.message, code=refusal.code))


def unary(handler: Handler[Request, Response]) -> Handler[Request, Response | None]:
    """Rate limit, one log line, and every error mapped to its status."""

    @functools.wraps(handler)
    async def serve(self: VegasTable, request: Request, context: grpc.aio.ServicerContext) -> Response | None:
        started = time.perf_counter()
        structlog.contextvars.bind_contextvars(rpc=handler.__name__, game_id=_logged_id(request), peer=context.peer())
        try:
            self.check_rate(context)
            _check_decoded(request)
            response = await handler(self, request, context)
        except Exception as error:  # every refusal, and any bug: the server stays up
            refuse(context, error, ms=_ms(started))
            return None  # the status set is the answer
        log.info("request", status="OK", ms=_ms(started))
        return response

    return serve


PLAYED = ("version", "action", *Timings._fields)  # what an applied action adds to its request's line


def played(change: Change, timings: Timings | None) -> Change:
    """`change`, with what made it added to the request's log line: its one line (see `GameSession.submit`)."""
    fields = {"version": change.version, "action": change.action}
    if timings is not None:
        fields.update(timings._asdict())
    structlog.contextvars.bind_contextvars(**fields)
    return change


def _logged_id(request: Any) -> str | None:
    """The request's game id as logs show it: cut short, as it is not checked yet."""
    game_id = getattr(request, "game_id", None)
    return game_id[:validate.MAX_ID] if isinstance(game_id, str) else None


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


class VegasTable:
    """The service's methods, registered by `add_to_server` (one per RPC of the proto, same names)."""

    def __init__(self, hub: GameHub, limiter: RateLimiter, streams: StreamCounter | None = None) -> None:
        self.hub = hub
        self.limiter = limiter
        self.streams = streams or StreamCounter(0, 0)
        self.rematches = Rematches(hub)

    def check_rate(self, context: grpc.aio.ServicerContext) -> None:
        scope = self.limiter.refused(context.peer())
        if scope is not None:
            raise errors.rate_limited(scope, self.limiter.rate if scope == "connection" else self.limiter.address_rate)

    def session(self, game_id: str) -> GameSession:
        """An unfinished game (what acting needs): one dict lookup."""
        return self.hub.get(validate.game_id(game_id))

    async def readable(self, game_id: str, code: str) -> GameSession:
        """Any game, finished ones read from disk; a private one only with its join code."""
        session = await self.hub.find(validate.game_id(game_id))
        session.check_code(validate.token(code, "join_code"))
        return session

    def seat(self, session: GameSession, token: str) -> int:
        seat = session.seat_of(validate.token(token))
        structlog.contextvars.bind_contextvars(seat=seat)
        return seat

    # ------------------------------------------------------------------------------------------- lobby

    @unary
    async def ListGameTypes(self, request: pb.ListGameTypesRequest, context: Any) -> pb.ListGameTypesResponse:
        types = []
        for name in game_names():
            game = get_game(name)
            rule_sets = [pb.RuleSet(name=r.name, min_players=r.min_players, max_players=r.max_players,
                                    description=r.description) for r in game.rule_sets.values()]
            types.append(pb.GameType(name=name, title=game.title, rule_sets=rule_sets, options=list(game.options),
                                     bots=seat_bots(name, self.hub.settings.plugin_bots)))
        settings = self.hub.settings
        timers = pb.TurnTimers(turn_timer=settings.turn_timer, bot_turn_timer=settings.bot_turn_timer,
                               max_turn_timer=MAX_TURN_TIMER)
        return pb.ListGameTypesResponse(games=types, turn_timers=timers)

    @unary
    async def CreateGame(self, request: pb.CreateGameRequest, context: Any) -> pb.CreateGameResponse:
        if request.rematch_of:
            return await self.rematch(request, context)
        bots: dict[int, str] = {}
        for bot in request.bots:
            if bot.seat in bots:
                raise errors.bad_request(f"seat {bot.seat} is listed twice in bots")
            bots[bot.seat] = bot.kind or "random"
        think = request.bot_think_ms if request.HasField("bot_think_ms") else None
        timer = request.turn_timer if request.HasField("turn_timer") else None
        bot_timer = request.bot_turn_timer if request.HasField("bot_turn_timer") else None
        host = new_token()
        session, code = await self.hub.create(request.game, request.rules, validate.options(list(request.options)),
                                              validate.players(request.players), bots, think,
                                              owner=address_of(context.peer()), private=request.private,
                                              turn_timer=timer, bot_turn_timer=bot_timer, host_hash=token_hash(host))
        structlog.contextvars.bind_contextvars(game_id=session.game_id)
        return pb.CreateGameResponse(game_id=session.game_id, commitment=session.record.commitment,
                                     game=convert.summary(session), join_code=code, host_token=host)

    async def rematch(self, request: pb.CreateGameRequest, context: Any) -> pb.CreateGameResponse:
        """CreateGame with `rematch_of`: the finished game's rematch, made by the first of its players to ask."""
        old = await self.hub.find(validate.game_id(request.rematch_of))
        token = validate.token(request.rematch_token)
        session, host = await self.rematches.rematch(old, token, address_of(context.peer()))
        structlog.contextvars.bind_contextvars(game_id=session.game_id)
        return pb.CreateGameResponse(game_id=session.game_id, commitment=session.record.commitment,
                                     game=convert.summary(session), host_token=host)

    @unary
    async def ListGames(self, request: pb.ListGamesRequest, context: Any) -> pb.ListGamesResponse:
        size = min(request.page_size or DEFAULT_PAGE, MAX_PAGE)
        sessions, after = await self.hub.page(request.include_finished, size, validate.page_token(request.page_token))
        return pb.ListGamesResponse(games=[convert.summary(s) for s in sessions],
                                    next_page_token=validate.next_page_token(after))

    @unary
    async def GetGame(self, request: pb.GetGameRequest, context: Any) -> pb.GameSummary:
        return convert.summary(await self.readable(request.game_id, request.join_code))

    @unary
    async def JoinGame(self, request: pb.JoinGameRequest, context: Any) -> pb.JoinGameResponse:
        session = await self.readable(request.game_id, request.join_code)
        wanted = request.seat if request.HasField("seat") else None
        entropy = validate.entropy(request.entropy)
        promised = validate.entropy_commitment(request.entropy_commitment, entropy)
        seat, token = await seating.join(session, validate.name(request.name), wanted, entropy, promised)
        structlog.contextvars.bind_contextvars(seat=seat)
        return pb.JoinGameResponse(seat=seat, seat_token=token, game=convert.summary(session))

    @unary
    async def RevealEntropy(self, request: pb.RevealEntropyRequest, context: Any) -> pb.RevealEntropyResponse:
        session = self.session(request.game_id)
        await seating.reveal(session, self.seat(session, request.seat_token), validate.entropy(request.entropy))
        return pb.RevealEntropyResponse(game=convert.summary(session))

    # ------------------------------------------------------------------------------------------ acting

    @unary
    async def SubmitAction(self, request: pb.SubmitActionRequest, context: Any) -> pb.ActionResult:
        return await self.submit_action(request)

    async def Act(self, requests: AsyncIterator[Any], context: grpc.aio.ServicerContext) -> AsyncIterator[pb.ActAnswer]:
        """SubmitAction request by request on one stream: each answered in order, with its result or its
        refusal (which leaves the stream open). Each request is logged as a SubmitAction call is."""
        peer = context.peer()  # asked once: grpc may crash asking a call that has ended (the finally below)
        structlog.contextvars.bind_contextvars(rpc="Act", peer=peer)
        opened, answers = time.perf_counter(), 0
        status = "OK"
        try:
            self.streams.open(peer)
        except errors.ApiError as error:
            refuse(context, error, ms=_ms(opened))
            return
        try:
            async for request in requests:
                started = time.perf_counter()
                structlog.contextvars.unbind_contextvars("seat", *PLAYED)
                structlog.contextvars.bind_contextvars(game_id=_logged_id(request))
                try:
                    self.check_rate(context)
                    _check_decoded(request)
                    result = await self.submit_action(request)
                except Exception as error:  # every refusal, and any bug: answered, and the stream goes on
                    answer = refusal_answer(logged_refusal(error, ms=_ms(started)))
                else:
                    log.info("request", status="OK", ms=_ms(started))
                    answer = pb.ActAnswer(result=result)
                yield answer
                answers += 1
        except asyncio.CancelledError:
            status = "CANCELLED"  # the client hung up: normal for clients that come and go
            raise
        finally:
            self.streams.close(peer)
            structlog.contextvars.unbind_contextvars("game_id", "seat", *PLAYED)
            log.info("stream_closed", status=status, answers=answers, ms=_ms(opened))

    async def submit_action(self, request: pb.SubmitActionRequest) -> pb.ActionResult:
        """The action applied; the request's log line (logged by the caller) says what it made."""
        session = self.session(request.game_id)
        seat = self.seat(session, request.seat_token)
        action = validate.text("action", request.action, "end")
        await handover.reclaim(session, seat)
        return convert.action_result(played(*await session.submit_request(seat, action, request.based_on_version)))

    @unary
    async def ProposeTrade(self, request: pb.ProposeTradeRequest, context: Any) -> pb.ActionResult:
        session = self.session(request.game_id)
        seat = self.seat(session, request.seat_token)
        terms = validate.text("terms", request.terms, "blue>red $5, red>blue lot A3")
        request_id = validate.request_id(request.request_id)
        await handover.reclaim(session, seat)
        return convert.action_result(played(*await session.submit_request(seat, f"trade {terms}", None, request_id)))

    @unary
    async def AnswerTrade(self, request: pb.AnswerTradeRequest, context: Any) -> pb.ActionResult:
        session = self.session(request.game_id)
        seat = self.seat(session, request.seat_token)
        verb = TRADE_VERBS.get(request.answer)
        if verb is None:
            raise errors.bad_request("answer must be TRADE_ANSWER_ACCEPT, TRADE_ANSWER_REJECT or "
                                     "TRADE_ANSWER_WITHDRAW")
        if request.removes and verb != "accept":
            raise errors.bad_request(f"removes go with accepting a trade, not with {verb}")
        removes = [validate.text("removes", lot, "A1") for lot in request.removes]
        text = " ".join([verb, str(request.trade_id), *(["remove", *removes] if removes else [])])
        request_id = validate.request_id(request.request_id)
        await handover.reclaim(session, seat)
        return convert.action_result(played(*await session.submit_request(seat, text, None, request_id)))

    @unary
    async def ListEvents(self, request: pb.ListEventsRequest, context: Any) -> pb.ListEventsResponse:
        session = await self.readable(request.game_id, request.join_code)
        before = request.before_version if request.HasField("before_version") else None
        return pb.ListEventsResponse(versions=[convert.version_events(c) for c in session.recent_changes(before)])

    @unary
    async def ListLegalActions(self, request: pb.ListLegalActionsRequest,
                               context: Any) -> pb.ListLegalActionsResponse:
        session = self.session(request.game_id)
        version, actions = session.legal_actions(self.seat(session, request.seat_token))
        return pb.ListLegalActionsResponse(version=version, actions=[convert.legal_action(a) for a in actions])

    @unary
    async def GetReplay(self, request: pb.GetReplayRequest, context: Any) -> pb.GetReplayResponse:
        session = await self.readable(request.game_id, request.join_code)
        if session.status is not Status.FINISHED:
            raise errors.not_finished(session.game_id)
        record = session.record
        replay = session.store.replay_path(session.game_id).read_bytes()
        return pb.GetReplayResponse(replay=replay, server_seed=record.server_seed, commitment=record.commitment,
                                    entropies=record.entropies, seed=record.config().seed)

    @unary
    async def HandSeat(self, request: pb.HandSeatRequest, context: Any) -> pb.GameSummary:
        session = self.session(request.game_id)
        structlog.contextvars.bind_contextvars(seat=request.seat, bot=request.bot[:validate.MAX_ID])
        host, plugins = validate.token(request.host_token, "host_token"), self.hub.settings.plugin_bots
        handover.check_request(session, host, request.seat, request.bot, plugins)
        if session.status is Status.WAITING:  # a free seat of the lobby takes the bot for the whole game
            await seating.seat_bot(session, request.seat, request.bot)
        else:
            await handover.hand_seat(session, host, request.seat, request.bot, plugins)
        return convert.summary(session)

    # ------------------------------------------------------------------------------------------ watching

    async def Watch(self, request: pb.WatchRequest, context: grpc.aio.ServicerContext) -> None:
        started = time.perf_counter()
        peer = context.peer()  # asked once: grpc may crash asking a call that has ended (the finally below)
        structlog.contextvars.bind_contextvars(rpc="Watch", game_id=_logged_id(request), peer=peer)
        try:
            self.check_rate(context)
            _check_decoded(request)
            session = await self.hub.find(validate.game_id(request.game_id))
            code = validate.token(request.join_code, "join_code")
            viewer = session.check_viewer(validate.token(request.seat_token), code)
            structlog.contextvars.bind_contextvars(seat=viewer)
            from_version = request.from_version if request.HasField("from_version") else None
            self.streams.open(peer)
        except Exception as error:
            refuse(context, error, ms=_ms(started))
            return
        try:
            await self._watch(context, session, viewer, from_version, started)
        finally:
            self.streams.close(peer)

    async def _watch(self, context: grpc.aio.ServicerContext, session: GameSession, viewer: int | None,
                     from_version: int | None, started: float) -> None:
        """Watch once its stream is counted: the updates until the game ends, the viewer leaves or the
        game expires in the lobby (then the stream ends with NOT_FOUND `expired`)."""
        sent = 0
        try:
            subscriber, first = await session.subscribe(viewer, from_version)
        except Exception as error:
            refuse(context, error, ms=_ms(started))
            return
        held = from_version if not first or first[0].kind == "diff" else None
        status = "OK"
        try:
            await context.send_initial_metadata(())  # the stream is open now, even with nothing new to send yet
            async for update in stream(session, subscriber, first, held, convert.update_bytes):
                await context.write(update)
                sent += 1
                del update  # not held while the stream waits: the collector would walk it at every pause
        except asyncio.CancelledError:
            status = "CANCELLED"  # the viewer hung up: normal for clients that come and go
            raise
        finally:
            session.unsubscribe(subscriber)
            if not session.lifecycle.expired:
                log.info("request", status=status, updates=sent, overflows=subscriber.overflows, ms=_ms(started))
        if session.lifecycle.expired:
            refuse(context, errors.expired(session.game_id), updates=sent, ms=_ms(started))


Sent = TypeVar("Sent")


async def stream(session: GameSession, subscriber: Subscriber, first: list[WatchUpdate], held: int | None,
                 encode: Callable[[GameSession, WatchUpdate, Viewer], Sent] = convert.update) -> AsyncIterator[Sent]:
    """The updates of one subscriber, as `encode` makes them: `first`, then its queue; versions strictly
    one by one.

    `held` is the version the viewer holds (None: none yet). A diff is sent only if it brings the viewer
    from `held` to the next version; an update it already has is skipped; anything else (an overflow, a
    gap) is answered with a snapshot of the current version."""
    pending = list(first)
    while True:
        item = pending.pop(0) if pending else await subscriber.queue.get()
        if session.lifecycle.expired:
            return
        if subscriber.overflowed:
            subscriber.overflowed, pending = False, []
            item = session.snapshot(subscriber.viewer)
        if item is None:
            continue
        if item.kind == "diff":
            if held is not None and item.version <= held:
                continue
            if held is None or item.version != held + 1:
                item = session.snapshot(subscriber.viewer)
        if item.kind != "lobby":
            held = item.version
        yield encode(session, item, subscriber.viewer)
        if item.change is not None and item.change.finished:
            return
        del item  # not held while the next is awaited (see Watch)
