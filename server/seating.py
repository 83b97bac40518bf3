"""Seating: one game's lobby, from its first free seat to its start.

Players take the free seats (`join`); once every seat is taken the game starts (`GameSession.start`), unless
some seat committed to its entropy: then the reveal round opens (`server.reveals`), and the game starts when
the last committed seat reveals (`reveal`) or when the round's time is up (`close_reveals`). A game of bots
only starts as soon as it is opened (`open_game`). The host may seat one of the server's bots in a free seat
while the game waits (`seat_bot`, through `HandSeat`): it is then a bot seat as if made at create. Each
step is saved to the game's record before anyone is shown it, under the game's lock, so a restarted server
finds the lobby as its players last saw it.

These are functions over a session, as `server.handover`'s are: the lobby is a stage of the session's game,
with no state of its own beyond the record. Which step comes next is the session's `Lifecycle`'s to say
(`server.lifecycle`); what the lobby's transitions call for (`LobbyEffect`) is done here.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterable
from typing import assert_never

from vegas_table.server import errors
from vegas_table.server.lifecycle import LobbyEffect
from vegas_table.server.records import new_token, saved_change, token_hash
from vegas_table.server.reveals import reveal_refusal
from vegas_table.server.session import GameSession


async def join(session: GameSession, name: str, seat: int | None, entropy: str,
               entropy_commitment: str = "") -> tuple[int, str]:
    """Give `name` a seat and its token; with every seat taken, open the reveal round (some seat committed to
    its entropy) or start the game. `entropy` is a plaintext joiner's, `entropy_commitment` the SHA-256 of the
    entropy a committed joiner will reveal.

    Shielded: a joiner who hangs up cannot interrupt a seat half saved or a start half made."""
    return await asyncio.shield(_join(session, name, seat, entropy, entropy_commitment))


async def _join(session: GameSession, name: str, seat: int | None, entropy: str,
                entropy_commitment: str) -> tuple[int, str]:
    async with session.lock:
        chosen = _free_seat(session, seat)
        token = new_token()
        async with saved_change(session.store, session.record) as game:
            record = game.seats[chosen]
            record.player, record.token_hash, record.entropy = name, token_hash(token), entropy
            record.entropy_commitment, record.hidden = entropy_commitment, bool(entropy_commitment)
            game.joined_at = session.now().isoformat(timespec="milliseconds")
        session.log.info("seat_taken", seat=chosen, player=name, committed=record.hidden)
        session.audience.publish_lobby()
        await _carry_out(session, session.lifecycle.seat_taken(session.record.full, session.record.revealing))
    return chosen, token


async def seat_bot(session: GameSession, seat: int, kind: str) -> None:
    """Seat the server's `kind` bot in the free `seat` of a waiting game, for the whole game, as `CreateGame`'s
    bots are seated (its entropy ""); start the game if that was the last free seat. ApiError if the seat is
    no longer free (`_free_seat`). Shielded, as `join`."""
    await asyncio.shield(_seat_bot(session, seat, kind))


async def _seat_bot(session: GameSession, seat: int, kind: str) -> None:
    async with session.lock:
        chosen = _free_seat(session, seat)
        async with saved_change(session.store, session.record) as game:
            record = game.seats[chosen]
            record.player, record.bot = f"{kind} bot", kind
            game.joined_at = session.now().isoformat(timespec="milliseconds")
        # What the session worked out from the seats when it was made: a bot is always present, keeps the
        # bots' turn timer, and is played by the game's bots.
        session.audience.presence.bots |= {chosen}
        if session.record.bot_turn_timer > 0:
            session.timer.seconds[chosen] = session.record.bot_turn_timer
        else:
            session.timer.seconds.pop(chosen, None)
        session.bot_seats.stand_in(chosen, True)
        session.log.info("bot_seated", seat=chosen, bot=kind)
        session.audience.publish_lobby()
        await _carry_out(session, session.lifecycle.seat_taken(session.record.full, session.record.revealing))


def _free_seat(session: GameSession, seat: int | None) -> int:
    """The seat a joiner gets: `seat` if it is free, the first free one if None; ApiError if there is none to
    take (the game expired, started, or that seat is taken or does not exist)."""
    with session.refusing():
        session.lifecycle.check_join()
    record = session.record
    if seat is None:
        return next(s.seat for s in record.seats if not s.taken)
    if not 0 <= seat < record.players:
        raise errors.bad_request(f"seat {seat} does not exist: game {session.game_id} has seats "
                                 f"0..{record.players - 1}")
    if record.seats[seat].taken:
        raise errors.seat_taken(session.game_id, seat)
    return seat


async def reveal(session: GameSession, seat: int, entropy: str) -> None:
    """Take the entropy `seat` committed to (ApiError if it is not that one, or not the time); start the game
    if it was the last one missing. Revealing again what is in already changes nothing. Shielded, as `join`."""
    await asyncio.shield(_reveal(session, seat, entropy))


async def _reveal(session: GameSession, seat: int, entropy: str) -> None:
    async with session.lock:
        record = session.record.seats[seat]
        refusal = reveal_refusal(session.record, record, entropy, session.settings.reveal_timeout)
        if refusal is not None:
            raise refusal
        if not record.hidden:
            return
        async with saved_change(session.store, session.record):
            record.entropy, record.hidden = entropy, False
        session.log.info("entropy_revealed", seat=seat)
        session.audience.publish_lobby()
        await _carry_out(session, session.lifecycle.revealed(session.record.revealing))


def arm_reveals(session: GameSession) -> None:
    """Close the reveal round when its time, counted from the last join, is up (at once if it is already)."""
    session.reveals.arm(session.record.lobby_changed(), session.now(), functools.partial(close_reveals, session))


async def close_reveals(session: GameSession) -> bool:
    """The reveal time is up: the seats that have not revealed get "" (named in the replay header as having
    withheld it), and the game starts. False if that failed (the deadline tries again)."""
    async with session.lock:
        if not session.lifecycle.awaiting_start:
            return True
        late = [s for s in session.record.seats if s.hidden]
        try:
            async with saved_change(session.store, session.record):
                for seat in late:
                    seat.hidden, seat.withheld = False, True
        except Exception:
            session.log.exception("reveal_close_failed")
            return False
        if late:
            session.log.warning("entropy_withheld", seats=[s.seat for s in late],
                                timeout_s=session.settings.reveal_timeout)
            session.audience.publish_lobby()
        try:
            await _carry_out(session, session.lifecycle.reveals_closed())
        except Exception:
            session.log.exception("game_start_failed")
            return False
        return True


async def open_game(session: GameSession) -> None:
    """A new game enters the lobby: start it if its seats are all taken already (a game of bots only), and
    its bots."""
    async with session.lock:
        await _carry_out(session, session.lifecycle.opened())
    session.start_bots()


async def _carry_out(session: GameSession, effects: Iterable[LobbyEffect]) -> None:
    """Do what the lifecycle answered a transition of the lobby with, in its order. Called with the lock held."""
    for effect in effects:
        match effect:
            case LobbyEffect.OPEN_REVEALS:
                arm_reveals(session)
            case LobbyEffect.CLOSE_REVEALS:
                session.reveals.cancel()
            case LobbyEffect.START_MATCH:
                await session.start()
            case _:
                assert_never(effect)
