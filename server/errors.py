"""Every refusal the API gives: a gRPC status, a stable code and a sentence for a person.

`api_error` is the one place that decides which status an error gets (engine errors included), so the
same mistake always gets the same status wherever it is made. Codes travel to clients in the trailing
metadata `vegas-error`; the sentence is the status details.
"""

from __future__ import annotations

import grpc

from vegas_table.engine.core.errors import ConfigError, IllegalAction, MalformedAction

ERROR_METADATA_KEY = "vegas-error"


class ApiError(Exception):
    """A request the server refuses: nothing changed, and the message says what would be right."""

    def __init__(self, status: grpc.StatusCode, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"ApiError({self.status.name}, {self.code!r}, {self.message!r})"


def set_refusal(context: grpc.aio.ServicerContext, refusal: ApiError) -> None:
    """Make `refusal` the call's status, details and error code (trailing metadata `ERROR_METADATA_KEY`); the
    handler then returns, and grpc ends the call with them. (Not `context.abort`: grpc keeps the exception it
    raises, whose traceback holds the handler's frames, and so the game they name, in a cycle that only the
    garbage collector frees.)"""
    context.set_trailing_metadata(((ERROR_METADATA_KEY, refusal.code),))
    context.set_code(refusal.status)
    context.set_details(refusal.message)


def api_error(error: BaseException) -> ApiError:
    """The status, code and sentence for any error raised while serving a request."""
    if isinstance(error, ApiError):
        return error
    if isinstance(error, MalformedAction | ConfigError):
        return ApiError(grpc.StatusCode.INVALID_ARGUMENT, error.code, error.message)
    if isinstance(error, IllegalAction):
        return ApiError(grpc.StatusCode.FAILED_PRECONDITION, error.code, error.message)
    return ApiError(grpc.StatusCode.INTERNAL, "internal",
                    "the server failed on this request (it is logged); the game is unchanged")


def unknown_game(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.NOT_FOUND, "unknown_game",
                    f"there is no game {game_id!r} on this server; ListGames shows the games there are")


def bad_request(message: str) -> ApiError:
    return ApiError(grpc.StatusCode.INVALID_ARGUMENT, "bad_request", message)


def spectator(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.UNAUTHENTICATED, "spectator",
                    f"no seat token: spectators of {game_id} cannot act; join a seat and send its seat_token")


def bad_token(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.PERMISSION_DENIED, "bad_token",
                    f"this seat token holds no seat in game {game_id}; use the token JoinGame gave you for it")


def stale_version(based_on: int, current: int) -> ApiError:
    return ApiError(grpc.StatusCode.ABORTED, "stale_version",
                    f"the action was based on version {based_on} but the game is at version {current}; "
                    "nothing was applied: decide again on the current view")


def not_started(game_id: str, free: int) -> ApiError:
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_started",
                    f"game {game_id} has not started: {free} seat(s) still free")


def game_over(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "game_over",
                    f"game {game_id} is over; GetReplay gives its replay")


def not_running(game_id: str, status: str) -> ApiError:
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_running",
                    f"game {game_id} is {status}: seats are handed to bots while it runs (or, while it waits "
                    "for people, its free seats)")


def not_finished(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_finished",
                    f"game {game_id} is not over yet; its replay (and the secret seed) come out at the end")


def seat_taken(game_id: str, seat: int) -> ApiError:
    return ApiError(grpc.StatusCode.ALREADY_EXISTS, "seat_taken",
                    f"seat {seat} of game {game_id} is taken; leave `seat` unset to get a free one")


def no_free_seat(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "no_free_seat",
                    f"every seat of game {game_id} is taken; watch it as a spectator instead")


def too_many_games(limit: int, frees: str) -> ApiError:
    return ApiError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too_many_games",
                    f"this server already hosts {limit} unfinished games (its limit, --max-games); a place frees "
                    f"when one of them finishes or {frees}; join one of them or try later")


def too_many_own_games(limit: int, frees: str) -> ApiError:
    return ApiError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too_many_own_games",
                    f"your address already has {limit} unfinished games on this server (the limit per address, "
                    f"--games-per-address); a place frees when one of them finishes or {frees}")


def too_many_waiting(limit: int, frees: str) -> ApiError:
    return ApiError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too_many_waiting",
                    f"your address already has {limit} games waiting for players (the limit per address, "
                    f"--waiting-per-address); one frees when its seats are all taken or {frees}")


def expired(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.NOT_FOUND, "expired",
                    f"game {game_id} waited for players longer than this server keeps a game nobody joins "
                    "(--waiting-expiry) and was removed; create a new one")


def too_many_streams(scope: str, limit: int) -> ApiError:
    flag = "--streams-per-connection" if scope == "connection" else "--streams-per-address"
    return ApiError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too_many_streams",
                    f"this {scope} already has {limit} open Watch and Act streams (the limit per {scope}, {flag}); "
                    "one frees as soon as one of them is closed: close the streams of games you no longer follow")


def private_game(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.PERMISSION_DENIED, "private_game",
                    f"game {game_id} is private: send the join code its creator got (join_code), or your seat token")


def password_required() -> ApiError:
    return ApiError(grpc.StatusCode.UNAUTHENTICATED, "password_required",
                    "this server wants a password: send it in the metadata `vegas-password` "
                    "(vegas play / vegas bot --password-file FILE); ask the host for it")


def suspended(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.UNAVAILABLE, "suspended",
                    f"game {game_id} is suspended: the server failed to record an action (see its log) and is "
                    "re-playing the game from its replay file; retry in a moment")


def not_saved(game_id: str, error: OSError) -> ApiError:
    return ApiError(grpc.StatusCode.UNAVAILABLE, "not_saved",
                    f"the server could not save game {game_id} ({error.strerror or error}); nothing changed: "
                    "retry in a while (the host may need to free disk space)")


def rate_limited(scope: str, rate: float) -> ApiError:
    flag = "--rate-limit" if scope == "connection" else "--address-rate-limit"
    return ApiError(grpc.StatusCode.RESOURCE_EXHAUSTED, "rate_limited",
                    f"too many requests from this {scope} (limit {rate:g} per second, {flag}); a request frees "
                    f"every {1000 / rate:.3g} ms: slow down and retry")
