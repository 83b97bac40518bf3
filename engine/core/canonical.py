"""Canonical encoding: one byte string per value, so hashes agree everywhere.

States, views and records are JSON-ready values made of dicts with string keys, lists, strings, whole
numbers, booleans and None: never floats, never sets. The canonical form is compact JSON with sorted keys,
UTF-8, no insignificant whitespace. Its SHA-256, in lowercase hex, is the hash of the value.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

JSONValue = Any


def canonical_bytes(value: JSONValue) -> bytes:
    """The canonical encoding of a JSON-ready value."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest(data: bytes) -> str:
    """SHA-256 of `data` as lowercase hex."""
    return hashlib.sha256(data).hexdigest()


def canonical_hash(value: JSONValue) -> str:
    """SHA-256 of the canonical encoding of `value`."""
    return digest(canonical_bytes(value))
