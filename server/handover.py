"""Stand-ins: the host hands an absent player's seat to one of the server's bots, and gives it back.

A missing person must not stall a table. The game's host (who holds the host token CreateGame gave) may let
one of the server's bots play a player's seat (`hand_seat`); the seat keeps its token, and its player gets
it back either by the host's word (`hand_seat` with no bot) or simply by acting again (`reclaim`, called
before every action and trade of a seat): someone who acts is evidently back, and a host who is away too
cannot keep a returning player out of their own seat. Every action a stand-in plays carries `by` in the
replay (`server.match.ServedMatch.seat_bot`), so the viewer and the audit tell the bot's moves from the
player's. The stand-in is kept in the game's record, so a restarted server carries on with it.

The same request on a game still waiting for people seats the bot in a free seat for the whole game
(`server.seating.seat_bot`, once `check_request` passed), as `CreateGame`'s `bots` would have: a host
waiting for friends who do not come fills the table without starting over.

Everything happens under the game's lock, between two versions: the bot's choice on its way when the seat
goes back is refused as stale (`GameSession.submit(bot=True)`), never recorded as the player's.
"""

from __future__ import annotations

import grpc
import structlog

from vegas_table.bots.registry import seat_problem
from vegas_table.server import errors
from vegas_table.server.records import saved_change
from vegas_table.server.session import GameSession
from vegas_table.server.viewers import Status

log = structlog.get_logger("vegas.server")


def not_host(game_id: str) -> errors.ApiError:
    return errors.ApiError(grpc.StatusCode.PERMISSION_DENIED, "not_host",
                           f"only the host of game {game_id} may hand its seats to a bot: send the host_token "
                           "CreateGame gave its creator")


def not_a_player_seat(game_id: str, seat: int, why: str) -> errors.ApiError:
    return errors.ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_a_player_seat",
                           f"seat {seat} of game {game_id} {why}; a bot can stand in only for a player's seat")


def check_request(session: GameSession, host_token: str, seat: int, bot: str, plugins: bool) -> None:
    """Refuse anything but the host handing a player's seat of a running game to a bot the server offers
    (or back), or a free seat of a waiting game to one: the checks that need no lock, in the order a caller
    would fix them."""
    record = session.record
    if not record.is_host(host_token):
        raise not_host(session.game_id)
    if not 0 <= seat < record.players:
        raise errors.bad_request(f"seat {seat} does not exist: game {session.game_id} has seats "
                                 f"0..{record.players - 1}")
    problem = seat_problem(bot, record.game, plugins) if bot else None
    if problem:
        raise errors.bad_request(f"{problem} (or \"\" to give the seat back)")
    if session.status is Status.WAITING:
        _check_free(session, seat, bot)
        return
    if record.seats[seat].bot:
        raise not_a_player_seat(session.game_id, seat, f"is the server's own {record.seats[seat].bot} bot")
    if session.status is not Status.RUNNING:
        raise errors.not_running(session.game_id, session.status.name.lower())
    if not bot and not record.seats[seat].stand_in:
        raise not_a_player_seat(session.game_id, seat, "is played by its player already (no bot stands in)")


def _check_free(session: GameSession, seat: int, bot: str) -> None:
    """A waiting game: a bot takes a free seat, for the whole game; no one has a seat to stand in for yet."""
    record = session.record
    free = ", ".join(str(s.seat) for s in record.seats if not s.taken) or "none"
    if record.seats[seat].bot:
        raise not_a_player_seat(session.game_id, seat, f"is the server's own {record.seats[seat].bot} bot")
    if not bot or record.seats[seat].taken:
        what = "no bot stands in for anyone yet" if not bot else f"seat {seat} is {record.seats[seat].player}'s"
        raise errors.ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_running",
                              f"game {session.game_id} is waiting for people and {what}; a bot stands in for a "
                              f"player once it runs, and takes a free seat for the whole game now (free: {free})")


async def hand_seat(session: GameSession, host_token: str, seat: int, bot: str, plugins: bool) -> None:
    """The host lets `bot` play `seat` for its absent player, or ("" ) gives it back; ApiError if refused (a
    waiting game's free seat is `server.seating.seat_bot`'s)."""
    check_request(session, host_token, seat, bot, plugins)
    if session.status is Status.WAITING:
        raise errors.ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_running",
                              f"game {session.game_id} is waiting for people: its free seats take bots for good")
    async with session.lock:
        with session.refusing():
            session.lifecycle.hand_seat()
        await _set(session, seat, bot, "host")


async def reclaim(session: GameSession, seat: int) -> None:
    """`seat`'s player acts: if a bot stood in for them, the seat is theirs again first."""
    if not session.record.seats[seat].stand_in:
        return  # the usual case: one look, no lock
    async with session.lock:
        if session.record.seats[seat].stand_in and session.lifecycle.playing:
            await _set(session, seat, "", "player_acted")


async def _set(session: GameSession, seat: int, bot: str, why: str) -> None:
    """Record the seat's stand-in (saved first: a failed save changes nothing), then tell the match, the
    bots and everyone watching. Called with the game's lock held."""
    record = session.record.seats[seat]
    before = record.stand_in
    if before == bot:
        return
    async with saved_change(session.store, session.record):
        record.stand_in = bot
    session.bot_seats.stand_in(seat, bool(bot))
    await session.matches.seat_bot(session.game_id, seat, bot)
    session.log.info("seat_handed" if bot else "seat_given_back", seat=seat, bot=bot or before, by=why,
                     version=session.version)
    session.audience.publish_lobby()  # every viewer's seat list shows the stand-in
