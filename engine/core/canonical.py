"""Canonical encoding: one byte string per value, so hashes agree everywhere.

States, views and records are JSON-ready values made of dicts with string keys, lists, strings, whole
numbers, booleans and None: never floats, never sets. The canonical form is compact JSON with sorted keys
(by code point), UTF-8, no insignificant whitespace, and only `"`, `\\` and control characters escaped
(the short escapes where JSON has them, else `\\u00XX` in lowercase hex). Its SHA-256, in lowercase hex, is
the hash of the value.

That is exactly what `json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)` writes,
and the standard library remains the definition: the engine runs on it alone. Where orjson is installed (the
project depends on it) it is used instead: it writes the same bytes for every value within the contract
whose integers fit in 64 bits, about ten times faster, and the server encodes every viewer's view and every
client hashes its view at each version. Where orjson refuses a value (an integer beyond 64 bits, a
non-string key, nesting deeper than 254) the standard library encodes it. `tests/engine/test_canonical.py`
checks the two agree on arbitrary values.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

JSONValue = Any


def standard_canonical_bytes(value: JSONValue) -> bytes:
    """The canonical encoding as the standard library writes it: the definition `canonical_bytes` follows."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


try:
    import orjson
except ImportError:  # pragma: no cover - the project installs orjson; the engine does not need it
    def fast_canonical_bytes(value: JSONValue) -> bytes | None:
        """None: without orjson there is only the standard library's encoding."""
        return None
else:
    _ORJSON_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME

    def fast_canonical_bytes(value: JSONValue) -> bytes | None:
        """The canonical encoding as orjson writes it, or None where orjson refuses the value (or is not
        installed). Text that orjson wrote holds no integer beyond 64 bits, so orjson reads it back exactly."""
        try:
            return orjson.dumps(value, option=_ORJSON_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError: what orjson does not take, the standard library settles
            return None


def canonical_bytes(value: JSONValue) -> bytes:
    """The canonical encoding of a JSON-ready value."""
    fast = fast_canonical_bytes(value)
    return standard_canonical_bytes(value) if fast is None else fast


def canonical_text(value: JSONValue) -> str:
    """The canonical encoding as a string (for protobuf string fields and text kept in memory)."""
    return canonical_bytes(value).decode("utf-8")


def digest(data: bytes) -> str:
    """SHA-256 of `data` as lowercase hex."""
    return hashlib.sha256(data).hexdigest()


def canonical_hash(value: JSONValue) -> str:
    """SHA-256 of the canonical encoding of `value`."""
    return digest(canonical_bytes(value))
