"""Replay files, format 1: one canonical JSON record per line, each chained to the one before it.

    {"type":"header","format":1,"engine":"1","config":{...},"names":[...],"events":[...],"hash":H0,...}
    {"type":"action","seq":1,"seat":2,"action":"build A2 gold","events":[...],"hash":H1,"prev":P0}
    ...
    {"type":"end","seq":N+1,"result":{...},"hash":HN,"prev":PN}

* Every line is the canonical encoding (`engine.core.canonical`) of its record; no blank lines.
* `hash` is the SHA-256 of the game's complete canonical state after the record (the header: after set-up).
* `prev` is the SHA-256 of the previous line's bytes (without its newline), so removing, reordering or
  editing any record, the header included, breaks the chain at the next line.
* The file is valid up to its last complete line: a game still running (or whose server crashed) simply has
  no `end` record yet.

Writers flush and fsync each record before returning, so an acknowledged action survives a crash.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import ENGINE_VERSION
from engine.core.api import Event, GameConfig
from engine.core.canonical import canonical_bytes, digest

FORMAT_VERSION = 1


class ReplayFormatError(ValueError):
    """A replay file that is not well formed: says which line and what is wrong."""


def header_record(config: GameConfig, names: Sequence[str], events: Iterable[Event], state_hash: str,
                  meta: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "header", "format": FORMAT_VERSION, "engine": ENGINE_VERSION, "config": config.to_json(),
            "names": list(names), "events": [e.to_json() for e in events], "hash": state_hash,
            "meta": meta or {}}


def action_record(seq: int, seat: int, action: str, events: Iterable[Event], state_hash: str) -> dict[str, Any]:
    return {"type": "action", "seq": seq, "seat": seat, "action": action, "events": [e.to_json() for e in events],
            "hash": state_hash}


def end_record(seq: int, result: dict[str, Any], state_hash: str) -> dict[str, Any]:
    return {"type": "end", "seq": seq, "result": result, "hash": state_hash}


def line_hash(line: bytes) -> str:
    return digest(line)


class ReplayWriter:
    """Appends chained records to a replay file, flushing (and by default fsyncing) each one."""

    def __init__(self, path: Path | str, fsync: bool = True) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.last_hash: str | None = None
        self.records = 0
        if self.path.exists():
            self._resume()
        self._file = open(self.path, "ab")  # noqa: SIM115 - kept open for the life of the game

    def _resume(self) -> None:
        """Continue an existing file: drop a torn last line (a crash mid-write), remember the last hash."""
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            data = data[: data.rfind(b"\n") + 1]
            with open(self.path, "r+b") as f:
                f.truncate(len(data))
        lines = data.splitlines()
        self.records = len(lines)
        self.last_hash = line_hash(lines[-1]) if lines else None

    def append(self, record: dict[str, Any]) -> str:
        """Write one record (adding `prev` unless it is the header); return the new line's hash."""
        if self.last_hash is not None:
            record = {**record, "prev": self.last_hash}
        line = canonical_bytes(record)
        self._file.write(line + b"\n")
        self._file.flush()
        if self.fsync:
            os.fsync(self._file.fileno())
        self.last_hash = line_hash(line)
        self.records += 1
        return self.last_hash

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class Replay:
    """A replay file's records, parsed but not yet verified (see `replays.verify`)."""

    header: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    lines: list[bytes] = field(default_factory=list)

    @property
    def config(self) -> GameConfig:
        return GameConfig.from_json(self.header["config"])


def parse_lines(lines: list[bytes], source: str = "replay") -> Replay:
    """Parse records; raise ReplayFormatError naming the first line that is not a record."""
    records = []
    for number, line in enumerate(lines, 1):
        try:
            record = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ReplayFormatError(f"{source}:{number}: not a JSON record ({error})") from None
        if not isinstance(record, dict) or "type" not in record:
            raise ReplayFormatError(f"{source}:{number}: a record is a JSON object with a 'type'")
        records.append(record)
    if not records or records[0]["type"] != "header":
        raise ReplayFormatError(f"{source}:1: the first record must be the header")
    replay = Replay(records[0], lines=lines)
    for number, record in enumerate(records[1:], 2):
        if replay.end is not None:
            raise ReplayFormatError(f"{source}:{number}: a record after the end record")
        if record["type"] == "action":
            replay.actions.append(record)
        elif record["type"] == "end":
            replay.end = record
        else:
            raise ReplayFormatError(f"{source}:{number}: unknown record type {record['type']!r}")
    return replay


def read_replay(path: Path | str) -> Replay:
    data = Path(path).read_bytes()
    complete = data if data.endswith(b"\n") or not data else data[: data.rfind(b"\n") + 1]
    return parse_lines(complete.splitlines(), str(path))
