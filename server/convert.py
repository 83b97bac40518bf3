"""The session's plain data as `vegas.v1` messages (and nothing else: no rules, no state)."""

from __future__ import annotations

from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.server.rematch import result_json
from vegas_table.server.session import GameSession
from vegas_table.server.viewers import Change, LegalAction, Status, Viewer, WatchUpdate

STATUS = {Status.WAITING: pb.GAME_STATUS_WAITING, Status.RUNNING: pb.GAME_STATUS_RUNNING,
          Status.FINISHED: pb.GAME_STATUS_FINISHED, Status.REVEALING: pb.GAME_STATUS_REVEALING}


def summary(session: GameSession) -> pb.GameSummary:
    record = session.record
    presence = session.audience.presence
    seats = [pb.SeatInfo(seat=s.seat, colour=s.colour, taken=s.taken, player=s.player, bot=bool(s.bot),
                         connected=presence.connected(s.seat), away_since=presence.away_since.get(s.seat, ""),
                         entropy_commitment=s.committed, revealed=s.revealed, stand_in=s.stand_in)
             for s in record.seats]
    return pb.GameSummary(game_id=record.game_id, game=record.game, rules=record.rules, options=record.options,
                          players=record.players, seats=seats, status=STATUS[session.status],
                          version=session.version, commitment=record.commitment, created_at=record.created_at,
                          actors=session.actors, private=record.private, turn_timer=record.turn_timer,
                          bot_turn_timer=record.bot_turn_timer, rematch=record.rematch,
                          result_json=result_json(session))


def events(change: Change) -> list[pb.Event]:
    return [pb.Event(text=e.text, json=e.json) for e in change.events]


def update(session: GameSession, item: WatchUpdate, viewer: Viewer, with_clocks: bool = True) -> pb.Update:
    """The Watch message for `item`; without the running clocks if `with_clocks` is False (`update_bytes`
    appends them at each send)."""
    if item.kind == "lobby":
        return pb.Update(game_id=session.game_id, lobby=summary(session), status=STATUS[session.status])
    assert item.change is not None
    message = _version_part(session, item.change)
    message.MergeFrom(_viewer_part(session, item, viewer))
    if with_clocks:
        message.clocks.extend(clocks(session, item.version))
    return message


def _version_part(session: GameSession, change: Change) -> pb.Update:
    """What an update of `change`'s version says to every viewer: the version, what made it, its events."""
    message = pb.Update(game_id=session.game_id, version=change.version, events=events(change),
                        actors=change.actors, status=STATUS[change.status], record_hash=change.record_hash)
    _set_move(message.move, change)
    return message


def _viewer_part(session: GameSession, item: WatchUpdate, viewer: Viewer) -> pb.Update:
    """What an update says to `viewer` alone: its view (whole or as a diff), its hash, the seat's legal actions."""
    message = pb.Update(view_hash=item.view_hash)
    if item.kind == "snapshot":
        message.snapshot.view_json = item.payload
    else:
        message.diff.patch_json = item.payload
    if viewer is not None:
        message.legal_actions.extend(legal_action(a) for a in session.audience.logs[viewer].legal_at(item.version))
    return message


def update_bytes(session: GameSession, item: WatchUpdate, viewer: Viewer) -> bytes:
    """`update(...)` serialised, as Watch streams send it. For the current version it is put together from
    parts made once and shared (`WireCache`): what every viewer is told (serialised once per version), what
    this viewer is told (once per viewer and kind, for all its streams), and the running clocks as they
    stand now (a message's fields may come in any order, so the bytes parse as the whole `update`). An
    update of a version no longer current (a stream lagging behind), or of a suspended game, is made for its
    stream alone: its clocks and legal actions are those the stream's own moment gives."""
    change = item.change
    if change is None or change is not session.change or session.lifecycle.suspended:
        alone: bytes = update(session, item, viewer).SerializeToString()
        return alone
    wire = session.audience.wire
    data = wire.get(change, viewer, item.kind)
    if data is None:
        if wire.shared is None:
            wire.shared = _version_part(session, change).SerializeToString()
        data = wire.put(viewer, item.kind, wire.shared + _viewer_part(session, item, viewer).SerializeToString())
    running = clocks(session, item.version)
    if running:
        data += pb.Update(clocks=running).SerializeToString()
    return data


def clocks(session: GameSession, version: int) -> list[pb.Clock]:
    """The turn timers running at `version`, with the seconds left now (none once it is not current)."""
    return [pb.Clock(seat=c.seat, seconds_left=c.seconds_left, seconds=c.seconds) for c in session.clocks(version)]


def version_events(change: Change) -> pb.VersionEvents:
    message = pb.VersionEvents(version=change.version, events=events(change))
    _set_move(message.move, change)
    return message


def _set_move(move: pb.Move, change: Change) -> None:
    """The action that made the change's version (left unset for the set-up, which no seat made)."""
    if change.seat is not None:
        move.seat, move.action = change.seat, change.action


def action_result(change: Change) -> pb.ActionResult:
    return pb.ActionResult(version=change.version, action=change.action, events=events(change),
                           state_hash=change.state_hash, record_hash=change.record_hash)


def legal_action(action: LegalAction) -> pb.LegalAction:
    message = pb.LegalAction(text=action.text)
    if action.low is not None and action.high is not None:
        message.range.low, message.range.high = action.low, action.high
    return message
