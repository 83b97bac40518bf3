"""What the server keeps on disk for each game, so a restarted server carries on where it stopped.

    DATA_DIR/games/<game_id>/game.json     the lobby record: config, server seed, seats, token hashes
    DATA_DIR/games/<game_id>/replay.jsonl  the replay file, once the game has started (replays.format)

`game.json` is replaced atomically (write, fsync, rename, fsync the directory) each time a seat is taken;
the replay file is appended to for every accepted action and synced before the action is acknowledged
(`server.matches`). Tokens are stored as SHA-256 hashes only: the disk never holds a secret
that lets someone act for a seat, but it does hold the server seed, which is secret until the game ends:
the data directory is the server's alone. Its folders are created 0700 and its files 0600 whatever the
umask; an existing directory open to others is left as the host made it (`open_to_others` names it).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import secrets
import shutil
import stat
from collections.abc import AsyncIterator
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson
import structlog

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.fairness import commitment, game_seed
from vegas_table.server import errors

log = structlog.get_logger("vegas.server")

RECORD_VERSION = 1
DIR_MODE = 0o700  # the data directory and every folder in it: the server's user only
FILE_MODE = 0o600  # every file in it (the seeds of running games are secret)
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: ids are read aloud across a room
ID_LENGTH = 6


def well_formed_id(game_id: str) -> bool:
    """Whether `game_id` could be one this server made, and so is safe to look for in the data directory."""
    return len(game_id) == ID_LENGTH and all(c in ID_ALPHABET for c in game_id)


def new_token() -> str:
    """A fresh secret token, a seat's or a host's: 32 URL-safe characters (192 random bits). Never one that
    begins with "-", which a command line (`vegas bot --token T`) would take for an option."""
    while True:
        token = secrets.token_urlsafe(24)
        if not token.startswith("-"):
            return token


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class SeatRecord:
    """One seat: free until `player` is set; `bot` names the server's bot that plays it ("" for a person)."""

    seat: int
    colour: str
    player: str = ""
    bot: str = ""
    token_hash: str = ""
    entropy: str = ""  # "" until a committed seat reveals it (and for good if it withheld it)
    entropy_commitment: str = ""  # SHA-256 of the entropy, as the joiner sent it ("" for bots and plaintext joins)
    hidden: bool = False  # committed, not revealed yet
    withheld: bool = False  # committed, and not revealed in time: its entropy is ""
    stand_in: str = ""  # the server's bot playing this player's seat while they are away (server.handover)

    @property
    def taken(self) -> bool:
        return bool(self.player)

    @property
    def committed(self) -> str:
        """The seat's commitment to its entropy, public once it is taken: the one it sent, or that of the
        entropy it sent in plain (a bot's: of "")."""
        if not self.taken:
            return ""
        return self.entropy_commitment or commitment(self.entropy)

    @property
    def revealed(self) -> bool:
        return self.taken and not self.hidden and not self.withheld

    def holds(self, token: str) -> bool:
        """Whether `token` is this seat's token (compared in constant time)."""
        return bool(self.token_hash) and hmac.compare_digest(self.token_hash, token_hash(token))


@dataclass
class GameRecord:
    """A game as created in the lobby; with every seat taken it determines the game's config."""

    game_id: str
    game: str
    rules: str
    options: tuple[str, ...]
    players: int
    created_at: str
    server_seed: str
    bot_think_ms: int
    seats: list[SeatRecord] = field(default_factory=list)
    joined_at: str = ""  # when a seat was last taken (RFC 3339): a waiting game expires counting from here
    code_hash: str = ""  # a private game's join code, as SHA-256 (hex); "" for a public game
    turn_timer: float = 0.0  # seconds per decision of a player's seat before its default is played (0: no timer)
    bot_turn_timer: float = 0.0  # the same for the server's own bot seats (records made before timers: none)
    host_hash: str = ""  # SHA-256 of the host's token (HandSeat); "" for games made before hosts
    rematch: str = ""  # the id of this finished game's rematch, once a player asked for one

    def is_host(self, token: str) -> bool:
        """Whether `token` is this game's host token (compared in constant time)."""
        return bool(self.host_hash) and hmac.compare_digest(self.host_hash, token_hash(token))

    def timer_of(self, seat: int) -> float:
        """The turn timer of `seat` (server.turntimer): the bots' for the server's bot seats."""
        return self.bot_turn_timer if self.seats[seat].bot else self.turn_timer

    @property
    def private(self) -> bool:
        return bool(self.code_hash)

    def opens_with(self, code: str) -> bool:
        """Whether `code` is this private game's join code (compared in constant time)."""
        return self.private and hmac.compare_digest(self.code_hash, token_hash(code))

    def lobby_changed(self) -> datetime:
        """When the lobby last changed: the game's creation, or the last seat taken."""
        return datetime.fromisoformat(self.joined_at or self.created_at)

    @property
    def commitment(self) -> str:
        return commitment(self.server_seed)

    @property
    def full(self) -> bool:
        return all(s.taken for s in self.seats)

    @property
    def revealing(self) -> bool:
        """Every seat is taken, and some committed seat has not revealed its entropy yet."""
        return self.full and any(s.hidden for s in self.seats)

    @property
    def entropies(self) -> list[str]:
        return [s.entropy for s in self.seats]

    def fairness_meta(self) -> dict[str, Any]:
        """What the replay header keeps to prove the seed (docs/REPLAY_FORMAT.md, "Provably fair seeds")."""
        return {"commitment": self.commitment, "entropies": self.entropies,
                "entropy_commitments": [s.committed for s in self.seats],
                "withheld": [s.seat for s in self.seats if s.withheld]}

    def config(self) -> GameConfig:
        """The game's config, its seed mixed from the server seed and every seat's entropy."""
        seed = game_seed(self.server_seed, self.entropies)
        return GameConfig(self.game, self.rules, self.players, seed, self.options)

    def to_json(self) -> dict[str, Any]:
        return {"record": RECORD_VERSION, **asdict(self), "options": list(self.options)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        if data.get("record") != RECORD_VERSION:
            raise ValueError(f"game record version {data.get('record')!r}, expected {RECORD_VERSION}")
        fields = {k: v for k, v in data.items() if k not in {"record", "seats", "options"}}
        return cls(**fields, options=tuple(data["options"]), seats=[SeatRecord(**s) for s in data["seats"]])



@contextlib.asynccontextmanager
async def saved_change(store: GameStore, record: GameRecord) -> AsyncIterator[GameRecord]:
    """Change `record` in the block; it is then saved (in a thread). If the block or the save fails, the
    fields the block changed (of the record and of its seats) are put back, and the error goes on (a disk
    that refuses: `GameStore.save`'s `errors.not_saved`): what the server holds never claims what its disk does
    not (a seat taken, an entropy revealed, a stand-in, a rematch). A field someone else changed while the
    save was under way is left as they made it."""
    before = _fields(record)
    try:
        yield record
    except BaseException:
        _put_back(record, before, _fields(record))
        raise
    after = _fields(record)
    try:
        await asyncio.to_thread(store.save, record)
    except BaseException:
        _put_back(record, before, after)
        raise


Fields = dict[tuple[int, str], Any]  # (seat, or -1 for the record itself; field name) -> value


def _fields(record: GameRecord) -> Fields:
    fields: Fields = {(-1, name): value for name, value in vars(record).items() if name != "seats"}
    for seat in record.seats:
        fields.update({(seat.seat, name): value for name, value in vars(seat).items()})
    return fields


def _put_back(record: GameRecord, before: Fields, after: Fields) -> None:
    """Each field that went from its `before` value to its `after` value and still has it gets `before`'s."""
    for (seat, name), value in after.items():
        if before.get((seat, name), value) != value:
            holder: Any = record if seat < 0 else record.seats[seat]
            if getattr(holder, name) == value:
                setattr(holder, name, before[seat, name])

class GameStore:
    """The data directory: one directory per game."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.root.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
        (self.root / "games").mkdir(mode=DIR_MODE, exist_ok=True)

    def open_to_others(self) -> list[tuple[Path, int]]:
        """The data directory and its games folder, with their modes, if other users may enter or read them."""
        folders = [(path, stat.S_IMODE(path.stat().st_mode)) for path in (self.root, self.root / "games")]
        return [(path, mode) for path, mode in folders if mode & 0o077]

    def game_dir(self, game_id: str) -> Path:
        return self.root / "games" / game_id

    def replay_path(self, game_id: str) -> Path:
        return self.game_dir(game_id) / "replay.jsonl"

    def exists(self, game_id: str) -> bool:
        return self.game_dir(game_id).exists()

    def save(self, record: GameRecord) -> None:
        """Write the record durably: a crash leaves either the old or the new file, never a torn one. A disk
        that refuses is `errors.not_saved` (UNAVAILABLE, with a sentence for the client; the host's log
        keeps the disk's error)."""
        try:
            self._write(record)
        except OSError as error:
            log.warning("record_not_saved", game_id=record.game_id, exc_info=error)
            raise errors.not_saved(record.game_id, error) from error

    def _write(self, record: GameRecord) -> None:
        directory = self.game_dir(record.game_id)
        directory.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
        target, temporary = directory / "game.json", directory / "game.json.tmp"
        with open(temporary, "wb", opener=private_opener) as f:
            os.fchmod(f.fileno(), FILE_MODE)  # a temporary file left by a crash keeps its mode otherwise
            f.write(record_bytes(record))
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, target)
        self.sync_entries(record.game_id)

    def sync_entries(self, game_id: str) -> None:
        """Make the game's directory and the files created in it durable (a new file needs its entry synced)."""
        _fsync_directory(self.game_dir(game_id))
        _fsync_directory(self.root / "games")

    def load(self, game_id: str) -> GameRecord:
        return GameRecord.from_json(json.loads((self.game_dir(game_id) / "game.json").read_bytes()))

    def load_all(self) -> list[GameRecord]:
        """Every game record in the data directory, oldest first."""
        records = [self.load(path.parent.name) for path in (self.root / "games").glob("*/game.json")]
        return sorted(records, key=lambda r: (r.created_at, r.game_id))

    def remove(self, game_id: str) -> None:
        """Delete a game that never started (an expired lobby game): it has no replay, nobody played it."""
        shutil.rmtree(self.game_dir(game_id))
        _fsync_directory(self.root / "games")


def record_bytes(record: GameRecord) -> bytes:
    """The record as `game.json` holds it: sorted keys, indented for the host's eyes. orjson, not the standard
    library: `json.dumps` with an indent builds its encoder from closures that refer to each other, garbage
    only a full collection finds, and a busy server saves records all the time (`server.tuning`)."""
    return orjson.dumps(record.to_json(), option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2)


def private_opener(path: str, flags: int) -> int:
    """`open(..., opener=private_opener)`: a new file is the server's user's only (0600), whatever the umask."""
    return os.open(path, flags, FILE_MODE)


def _fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
