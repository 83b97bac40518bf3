"""Checks on request fields, before anything is looked up: a malformed request is INVALID_ARGUMENT."""

from __future__ import annotations

import base64
import binascii

from vegas_table.server import errors

MAX_ID = 64
MAX_NAME = 32
MAX_ENTROPY_BYTES = 256
MAX_ACTION = 1000
MAX_OPTIONS = 16
MAX_TOKEN = 128


def game_id(value: str) -> str:
    if not value:
        raise errors.bad_request("game_id is empty; ListGames shows the ids of the games on this server")
    if len(value) > MAX_ID or not value.isascii() or not value.isprintable():
        raise errors.bad_request(f"game_id {value[:MAX_ID]!r}… is not a game id (short, printable ASCII)")
    return value


def request_id(value: str) -> str:
    """A client's id for a request it may retry: empty (none), or short printable ASCII."""
    if len(value) > MAX_ID or not value.isascii() or not value.isprintable():
        raise errors.bad_request(f"request_id {value[:MAX_ID]!r}… must be at most {MAX_ID} printable ASCII "
                                 "characters (a uuid4 hex, say)")
    return value


def token(value: str, field: str = "seat_token") -> str:
    """A seat token or a join code: a secret, so never echoed back."""
    if len(value) > MAX_TOKEN:
        raise errors.bad_request(f"{field} has {len(value)} characters; it has at most {MAX_TOKEN}")
    return value


def name(value: str) -> str:
    value = value.strip()
    if not 1 <= len(value) <= MAX_NAME or not value.isprintable():
        raise errors.bad_request(f"name must be 1 to {MAX_NAME} printable characters, not {value[:40]!r}")
    return value


def entropy(value: str) -> str:
    size = len(value.encode("utf-8"))
    if size > MAX_ENTROPY_BYTES:
        raise errors.bad_request(f"entropy has {size} bytes; at most {MAX_ENTROPY_BYTES} are mixed into the seed")
    return value


def entropy_commitment(value: str, entropy: str) -> str:
    """A commitment to an entropy: "" (none), or 64 lowercase hex digits; never with a plaintext entropy."""
    if not value:
        return value
    if entropy:
        raise errors.bad_request("send entropy_commitment alone (and the entropy later, with RevealEntropy), or "
                                 "entropy alone (old clients: revealed at once), not both")
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise errors.bad_request(f"entropy_commitment {value[:64]!r} is not a SHA-256 in hex (64 lowercase hex "
                                 "digits): send hashlib.sha256(entropy.encode()).hexdigest()")
    return value


def text(field: str, value: str, example: str) -> str:
    value = value.strip()
    if not value:
        raise errors.bad_request(f"{field} is empty; send an action's text, e.g. {example!r}")
    if len(value) > MAX_ACTION:
        raise errors.bad_request(f"{field} has {len(value)} characters; at most {MAX_ACTION}")
    return value


def options(values: list[str]) -> list[str]:
    if len(values) > MAX_OPTIONS or any(not v or len(v) > MAX_ID for v in values):
        raise errors.bad_request(f"options: at most {MAX_OPTIONS} names, each 1 to {MAX_ID} characters")
    return values


def players(value: int) -> int:
    if value < 1:
        raise errors.bad_request(f"players is {value}; a game has at least one seat")
    return value


def page_token(value: str) -> tuple[str, str] | None:
    """ListGames' page token: where the previous page stopped (creation time and id of its last game)."""
    if not value:
        return None
    try:
        created_at, game_id = base64.urlsafe_b64decode(value.encode("ascii")).decode("ascii").split("/")
    except (ValueError, UnicodeError, binascii.Error):
        raise errors.bad_request("page_token is not one this server gave; send the last next_page_token, or "
                                 "none for the first page") from None
    return created_at, game_id


def next_page_token(after: tuple[str, str] | None) -> str:
    """The token `page_token` reads back ("" at the last page)."""
    return "" if after is None else base64.urlsafe_b64encode("/".join(after).encode("ascii")).decode("ascii")
