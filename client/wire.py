"""`vegas.v1` messages to the client's plain data and back, in one place (the gRPC examples' habit)."""

from __future__ import annotations

import grpc
from vegas.v1 import table_pb2 as pb

from client.link import LinkError, RawUpdate
from client.viewmodel import GameRow, GameTypeRow, RuleSetRow, SeatRow

ERROR_METADATA_KEY = "vegas-error"
STATUS_NAMES = {pb.GAME_STATUS_WAITING: "waiting", pb.GAME_STATUS_RUNNING: "running",
                pb.GAME_STATUS_FINISHED: "finished", pb.GAME_STATUS_UNSPECIFIED: ""}
# Statuses after which the same request may succeed later: the server restarting, a dropped connection,
# a rate limit. Everything else is an answer (wrong token, unknown game, illegal action...).
RETRYABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNKNOWN,
                       grpc.StatusCode.INTERNAL, grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.CANCELLED})


def game_row(message: pb.GameSummary) -> GameRow:
    seats = tuple(SeatRow(s.seat, s.colour, s.taken, s.player, s.bot, s.connected, s.away_since)
                  for s in message.seats)
    return GameRow(message.game_id, message.game, message.rules, tuple(message.options), message.players, seats,
                   STATUS_NAMES.get(message.status, ""), message.version, message.commitment, message.created_at,
                   tuple(message.actors))


def game_type_row(message: pb.GameType) -> GameTypeRow:
    rules = tuple(RuleSetRow(r.name, r.min_players, r.max_players, r.description) for r in message.rule_sets)
    return GameTypeRow(message.name, message.title, rules, tuple(message.options))


def raw_update(message: pb.Update) -> RawUpdate:
    body = message.WhichOneof("body")
    events = tuple(e.text for e in message.events)
    status = STATUS_NAMES.get(message.status, "")
    move = (message.move.seat, message.move.action) if message.HasField("move") else None
    if body == "lobby":
        return RawUpdate(message.version, "", "lobby", lobby=game_row(message.lobby), events=events, status=status)
    payload = message.snapshot.view_json if body == "snapshot" else message.diff.patch_json
    return RawUpdate(message.version, message.view_hash, body or "", payload, None, events, status, move)


def link_error(error: grpc.aio.AioRpcError) -> LinkError:
    """The server's refusal (its sentence and `vegas-error` code), or what went wrong with the connection."""
    code = ""
    for key, value in error.trailing_metadata() or ():
        if key == ERROR_METADATA_KEY:
            code = str(value)
    status = error.code()
    message = error.details() or status.name.lower()
    if status == grpc.StatusCode.UNAVAILABLE:
        message = f"the server cannot be reached ({message})"
    return LinkError(message, code, status.name, status in RETRYABLE)
