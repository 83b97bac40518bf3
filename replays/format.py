"""Replay files, format 1: one canonical JSON record per line, each chained to the one before it.

    {"type":"header","format":1,"engine":"1","config":{...},"names":[...],"events":[...],"hash":H0,...}
    {"type":"action","seq":1,"seat":2,"action":"build A2 gold","events":[...],"hash":H1,"prev":P0}
    ...
    {"type":"end","seq":N+1,"result":{...},"hash":HN,"prev":PN}

* Every line is the canonical encoding (`engine.core.canonical`) of its record; no blank lines.
* `hash` is the SHA-256 of the game's complete canonical state after the record (the header: after set-up).
  The header and the end record may also carry that state itself (`state`), so a verifier can show what
  differs rather than only that something does.
* `prev` is the SHA-256 of the previous line's bytes (without its newline), so removing, reordering or
  editing any record, the header included, breaks the chain at the next line.
* The file is valid up to its last complete line: a game still running (or whose server crashed) simply has
  no `end` record yet.

Writers write each record with one `write` and (unless told otherwise) fsync it before returning, so an
acknowledged action survives a crash.
`docs/REPLAY_FORMAT.md` is the full specification; this module writes and parses, `replays.verify` proves.
"""

from __future__ import annotations

import ctypes
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vegas_table.engine import ENGINE_VERSION
from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.core.canonical import canonical_bytes, digest

FORMAT_VERSION = 1

# The fields of each record type and the JSON type of each. Required fields first; `meta` and `state` are
# optional. Any other field is an error in format 1: a reader that tolerated unknown fields would let a
# changed key name (say, in the last line, which no `prev` covers) pass unnoticed.
REQUIRED_FIELDS: dict[str, dict[str, type]] = {
    "header": {"type": str, "format": int, "engine": str, "config": dict, "names": list, "events": list,
               "hash": str},
    "action": {"type": str, "seq": int, "seat": int, "action": str, "events": list, "hash": str, "prev": str},
    "end": {"type": str, "seq": int, "result": dict, "hash": str, "prev": str},
}
OPTIONAL_FIELDS: dict[str, dict[str, type]] = {
    "header": {"meta": dict, "state": dict},
    "action": {"by": str},
    "end": {"meta": dict, "state": dict},
}


class ReplayFormatError(ValueError):
    """A replay file that is not well formed: says which line (`line`, from 1) and what is wrong."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def header_record(config: GameConfig, names: Sequence[str], events: Iterable[Event], state_hash: str,
                  meta: dict[str, Any] | None = None, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """The first record: how the game was created, what set-up did, and (optionally) the state after it."""
    record = {"type": "header", "format": FORMAT_VERSION, "engine": ENGINE_VERSION, "config": config.to_json(),
              "names": list(names), "events": [e.to_json() for e in events], "hash": state_hash,
              "meta": meta or {}}
    if state is not None:
        record["state"] = state
    return record


def action_record(seq: int, seat: int, action: str, events: Iterable[Event], state_hash: str,
                  by: str = "") -> dict[str, Any]:
    """An accepted action; `by` names the server's bot that chose it for the seat's absent player (a stand-in,
    docs/REPLAY_FORMAT.md), and is left out when the seat's own player or bot did."""
    record = {"type": "action", "seq": seq, "seat": seat, "action": action, "events": [e.to_json() for e in events],
              "hash": state_hash}
    if by:
        record["by"] = by
    return record


def end_record(seq: int, result: dict[str, Any], state_hash: str, state: dict[str, Any] | None = None,
               meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The closing record: the result, the final state's hash and (optionally) the state and late metadata
    such as the revealed server seed (`meta`, see docs/REPLAY_FORMAT.md)."""
    record: dict[str, Any] = {"type": "end", "seq": seq, "result": result, "hash": state_hash}
    if state is not None:
        record["state"] = state
    if meta:
        record["meta"] = meta
    return record


def line_hash(line: bytes) -> str:
    """What the next record's `prev` must be: the SHA-256 of this line's bytes, newline excluded."""
    return digest(line)


class ReplayWriter:
    """Appends chained records to a replay file, each with one `write` (and by default an fsync).

    The file is opened for each record and closed after it, so a server with a thousand games running
    holds no descriptor for those not writing this instant (an `open` costs microseconds; the fsync that
    follows, milliseconds). `sync` makes what was written durable through a descriptor of its own. A new
    file gets `mode` (less the umask): a server's replays are its user's only.
    """

    def __init__(self, path: Path | str, fsync: bool = True, mode: int = 0o666) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.mode = mode
        self.last_hash: str | None = None
        self.records = 0
        self.closed = False
        if self.path.exists():
            self._resume()

    def _resume(self) -> None:
        """Continue an existing file: drop a torn last line (a crash mid-write), remember the last hash."""
        lines, torn = split_complete(self.path.read_bytes())
        if torn:
            with open(self.path, "r+b") as f:
                f.truncate(sum(len(line) + 1 for line in lines))
        self.records = len(lines)
        self.last_hash = line_hash(lines[-1]) if lines else None

    def append(self, record: dict[str, Any]) -> str:
        """Write one record (adding `prev` unless it is the header); return the new line's hash."""
        if self.closed:
            raise ValueError(f"{self.path}: the replay is closed (its game is over)")
        if self.last_hash is not None:
            record = {**record, "prev": self.last_hash}
        line = canonical_bytes(record)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, self.mode)
        try:
            _write_all(fd, line + b"\n")
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        self.last_hash = line_hash(line)
        self.records += 1
        return self.last_hash

    def sync(self) -> None:
        """Make every record written so far durable."""
        sync_file(self.path)

    def close(self) -> None:
        """No more records (the file is not held open between them: nothing else to let go of)."""
        self.closed = True

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _write_all(fd: int, data: bytes) -> None:
    """Write all of `data` (a `write` may take less than it was given, as when the disk fills up)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def sync_file(path: Path | str) -> None:
    """fdatasync a file through a descriptor of its own: what any descriptor wrote to it becomes durable."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fdatasync(fd)
    finally:
        os.close(fd)


def sync_files(paths: Iterable[Path | str]) -> None:
    """Make what was written to every file of `paths` durable, with one sync per filesystem where Linux's
    `syncfs` is there: each fdatasync waits for a journal commit of its own, one `syncfs` commits them all
    at once, so a batch of many games' records costs about what one costs. A lone file (or a system without
    `syncfs`) is fdatasynced. OSError if the disk failed to write any of them."""
    by_device: dict[int, list[Path | str]] = {}
    for path in dict.fromkeys(paths):
        by_device.setdefault(os.stat(path).st_dev, []).append(path)
    for group in by_device.values():
        if len(group) == 1 or _SYNCFS is None:
            for path in group:
                sync_file(path)
            continue
        fd = os.open(group[0], os.O_RDONLY | os.O_CLOEXEC)
        try:
            if _SYNCFS(fd) != 0:
                number = ctypes.get_errno()
                raise OSError(number, f"syncfs: {os.strerror(number)}", str(group[0]))
        finally:
            os.close(fd)


def _syncfs() -> Callable[[int], int] | None:
    """libc's `syncfs(fd)` (Linux), or None where there is none."""
    try:
        function = ctypes.CDLL(None, use_errno=True).syncfs
    except (AttributeError, OSError):
        return None
    function.argtypes, function.restype = [ctypes.c_int], ctypes.c_int
    return function


_SYNCFS = _syncfs()


@dataclass
class Replay:
    """A replay file's records, parsed but not yet verified (see `replays.verify`).

    `lines` are the exact bytes of each record (the chain is over bytes, not over parsed values);
    `torn_tail` is how many bytes after the last newline were ignored (a write cut short by a crash).
    """

    header: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    lines: list[bytes] = field(default_factory=list)
    source: str = "replay"
    torn_tail: int = 0

    @property
    def config(self) -> GameConfig:
        return GameConfig.from_json(self.header["config"])

    @property
    def names(self) -> list[str]:
        return [str(name) for name in self.header["names"]]

    @property
    def meta(self) -> dict[str, Any]:
        """Metadata of the game: the header's `meta`, updated by the end record's (the revealed seed)."""
        merged = dict(self.header.get("meta") or {})
        if self.end is not None:
            merged.update(self.end.get("meta") or {})
        return merged



_ALL_FIELDS = {kind: REQUIRED_FIELDS[kind] | OPTIONAL_FIELDS[kind] for kind in REQUIRED_FIELDS}


def _check_fields(record: dict[str, Any], source: str, number: int) -> None:
    kind = record["type"]
    required, fields = REQUIRED_FIELDS[kind], _ALL_FIELDS[kind]
    for name, expected in fields.items():
        value = record.get(name)
        if value is None:
            if name in required:
                raise ReplayFormatError(f"{source}:{number}: the {kind} record has no {name!r}", number)
        elif not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ReplayFormatError(f"{source}:{number}: {name!r} of the {kind} record must be "
                                    f"{_JSON_TYPES[expected]}, not {json.dumps(value)[:40]}", number)
    if len(record) > len(fields) or not fields.keys() >= record.keys():
        unknown = sorted(set(record) - set(fields))[0]
        raise ReplayFormatError(f"{source}:{number}: the {kind} record has an unknown field {unknown!r} "
                                f"(fields: {', '.join(fields)})", number)


_JSON_TYPES = {int: "a whole number", str: "a string", dict: "an object", list: "a list"}


def parse_lines(lines: list[bytes], source: str = "replay") -> Replay:
    """Parse records; raise ReplayFormatError naming the first line that is not a well-formed record."""
    records = []
    for number, line in enumerate(lines, 1):
        try:
            record = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ReplayFormatError(f"{source}:{number}: not a JSON record ({error})", number) from None
        if not isinstance(record, dict) or "type" not in record:
            raise ReplayFormatError(f"{source}:{number}: a record is a JSON object with a 'type'", number)
        records.append(record)
    if not records or records[0]["type"] != "header":
        raise ReplayFormatError(f"{source}:1: the first record must be the header", 1)
    replay = Replay(records[0], lines=lines, source=source)
    _check_fields(records[0], source, 1)
    for number, record in enumerate(records[1:], 2):
        if replay.end is not None:
            raise ReplayFormatError(f"{source}:{number}: a record after the end record", number)
        if record["type"] not in ("action", "end"):
            raise ReplayFormatError(f"{source}:{number}: a record of type {record['type']!r} here (after "
                                    "the header come action records, then an end record)", number)
        _check_fields(record, source, number)
        if record["type"] == "action":
            replay.actions.append(record)
        else:
            replay.end = record
    return replay


def split_complete(data: bytes) -> tuple[list[bytes], int]:
    """The complete lines of `data` and how many bytes of a torn last line (no newline yet) were left out."""
    end = data.rfind(b"\n") + 1
    return data[:end].split(b"\n")[:-1], len(data) - end


@dataclass(frozen=True)
class Tail:
    """The end of a replay file: its last complete record (parsed; None if it has none), how many complete
    records it has, and how many bytes of a torn record follow them (a write cut short by a crash)."""

    last: dict[str, Any] | None
    records: int
    torn: int


def read_tail(path: Path | str) -> Tail:
    """The file's `Tail`, parsing only its last complete record: a server starting up tells its finished
    games (an end record last) from the ones to re-play, and re-plays only those (which reads, parses and
    checks every record)."""
    lines, torn = split_complete(Path(path).read_bytes())
    if not lines:
        return Tail(None, 0, torn)
    try:
        record = json.loads(lines[-1])
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ReplayFormatError(f"{path}:{len(lines)}: not a JSON record ({error})", len(lines)) from None
    if not isinstance(record, dict):
        raise ReplayFormatError(f"{path}:{len(lines)}: a record is a JSON object with a 'type'", len(lines))
    return Tail(record, len(lines), torn)


def last_record(path: Path | str) -> dict[str, Any] | None:
    """The last complete record of a replay file (None if it has none); see `read_tail`."""
    return read_tail(path).last


def read_replay(path: Path | str) -> Replay:
    """Read and parse a replay file, ignoring a torn last line (see `Replay.torn_tail`)."""
    lines, torn = split_complete(Path(path).read_bytes())
    replay = parse_lines(lines, str(path))
    replay.torn_tail = torn
    return replay
