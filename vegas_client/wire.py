"""`vegas.v1` messages to the library's plain data (data.py), in one place (the gRPC examples' habit)."""

from __future__ import annotations

import json
import time
from typing import Any

from vegas_client.data import (
    ActionResult,
    Clock,
    GameSummary,
    GameType,
    LegalAction,
    RuleSet,
    SeatInfo,
    Update,
    VersionEvents,
)
from vegas_table.api.v1 import table_pb2 as pb

STATUS_NAMES = {pb.GAME_STATUS_WAITING: "waiting", pb.GAME_STATUS_RUNNING: "running",
                pb.GAME_STATUS_FINISHED: "finished", pb.GAME_STATUS_REVEALING: "revealing",
                pb.GAME_STATUS_UNSPECIFIED: ""}
TRADE_ANSWERS = {"accept": pb.TRADE_ANSWER_ACCEPT, "reject": pb.TRADE_ANSWER_REJECT,
                 "withdraw": pb.TRADE_ANSWER_WITHDRAW}


def game_summary(message: pb.GameSummary) -> GameSummary:
    seats = tuple(SeatInfo(s.seat, s.colour, s.taken, s.player, s.bot, s.connected, s.away_since,
                           s.entropy_commitment, s.revealed, s.stand_in)
                  for s in message.seats)
    return GameSummary(message.game_id, message.game, message.rules, tuple(message.options), message.players, seats,
                       STATUS_NAMES.get(message.status, ""), message.version, message.commitment, message.created_at,
                       tuple(message.actors), message.turn_timer, message.bot_turn_timer, message.rematch,
                       _result(message.result_json))


def _result(text: str) -> dict[str, Any] | None:
    """A finished game's result from its JSON (None if absent or not an object)."""
    try:
        result = json.loads(text) if text else None
    except ValueError:
        return None
    return result if isinstance(result, dict) else None


def game_type(message: pb.GameType) -> GameType:
    rules = tuple(RuleSet(r.name, r.min_players, r.max_players, r.description) for r in message.rule_sets)
    return GameType(message.name, message.title, rules, tuple(message.options), tuple(message.bots))


def legal_action(message: pb.LegalAction) -> LegalAction:
    if message.HasField("range"):
        return LegalAction(message.text, message.range.low, message.range.high)
    return LegalAction(message.text)


def move(message: pb.Update | pb.VersionEvents) -> tuple[int, str] | None:
    return (message.move.seat, message.move.action) if message.HasField("move") else None


def update(message: pb.Update) -> Update:
    body = message.WhichOneof("body")
    events = tuple(e.text for e in message.events)
    status = STATUS_NAMES.get(message.status, "")
    if body == "lobby":
        return Update(message.version, "", "lobby", lobby=game_summary(message.lobby), events=events, status=status)
    payload = message.snapshot.view_json if body == "snapshot" else message.diff.patch_json
    return Update(message.version, message.view_hash, body or "", payload, None, events, status, move(message),
                  tuple(message.actors), tuple(legal_action(a) for a in message.legal_actions), message.record_hash,
                  clocks(message))


def clocks(message: pb.Update) -> tuple[Clock, ...]:
    """The update's turn timers, counted down on this machine from now (when it arrived)."""
    received = time.monotonic()
    return tuple(Clock(c.seat, c.seconds_left, c.seconds, received) for c in message.clocks)


def action_result(message: pb.ActionResult) -> ActionResult:
    return ActionResult(message.version, message.action, tuple(e.text for e in message.events), message.state_hash,
                        message.record_hash)


def version_events(message: pb.VersionEvents) -> VersionEvents:
    return VersionEvents(message.version, move(message), tuple(e.text for e in message.events))
