"""Every refusal the API gives: a gRPC status, a stable code and a sentence for a person.

`api_error` is the one place that decides which status an error gets (engine errors included), so the
same mistake always gets the same status wherever it is made. Codes travel to clients in the trailing
metadata `vegas-error`; the sentence is the status details.
"""

from __future__ import annotations

import grpc

from engine.core.errors import ConfigError, IllegalAction, MalformedAction

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


def not_finished(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "not_finished",
                    f"game {game_id} is not over yet; its replay (and the secret seed) come out at the end")


def seat_taken(game_id: str, seat: int) -> ApiError:
    return ApiError(grpc.StatusCode.ALREADY_EXISTS, "seat_taken",
                    f"seat {seat} of game {game_id} is taken; leave `seat` unset to get a free one")


def no_free_seat(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.FAILED_PRECONDITION, "no_free_seat",
                    f"every seat of game {game_id} is taken; watch it as a spectator instead")


def too_many_games(limit: int) -> ApiError:
    return ApiError(grpc.StatusCode.RESOURCE_EXHAUSTED, "too_many_games",
                    f"this server already hosts {limit} unfinished games; join one of them or try later")


def suspended(game_id: str) -> ApiError:
    return ApiError(grpc.StatusCode.UNAVAILABLE, "suspended",
                    f"game {game_id} is suspended: the server failed to record an action (see its log) and is "
                    "re-playing the game from its replay file; retry in a moment")


def rate_limited(rate: float) -> ApiError:
    return ApiError(grpc.StatusCode.RESOURCE_EXHAUSTED, "rate_limited",
                    f"too many requests from this connection (limit {rate:g} per second); slow down and retry")
