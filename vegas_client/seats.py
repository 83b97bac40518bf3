"""Seat tokens kept between runs, so a client (or a bot) that was killed and restarted rejoins its own seat.

One small JSON file under the user's state directory (`$XDG_STATE_HOME/vegas-table/seats.json`, by default
`~/.local/state/vegas-table/`), readable only by its owner, keyed by server and game. A token is a secret:
it is never logged and never shown on screen.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import structlog

log = structlog.get_logger("vegas_client.seats")


def state_dir() -> Path:
    """Where the client keeps its files: `$XDG_STATE_HOME/vegas-table`, else `~/.local/state/vegas-table`."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "vegas-table"


@dataclass(frozen=True, slots=True)
class SavedSeat:
    game_id: str
    seat: int
    token: str
    name: str
    entropy: str = ""  # what this seat committed to: revealed when the game asks, checked against the reveal at the end
    code: str = ""  # a private game's join code (the client reads the game with it when it comes back)
    commitments: tuple[str, ...] = ()  # every seat's commitment to its entropy, as seen before revealing ours
    host: str = ""  # the game's host token, if this client created the game (HandSeat): a secret too


class SeatStore:
    """Saved seats by `server/game_id`; writes are atomic (a temporary file renamed into place)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or state_dir() / "seats.json"

    @staticmethod
    def key(server: str, game_id: str) -> str:
        return f"{server}/{game_id}"

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            log.warning("seat_file_unreadable", path=str(self.path), error=str(error))
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, server: str, game_id: str) -> SavedSeat | None:
        entry = self._load().get(self.key(server, game_id))
        if not isinstance(entry, dict):
            return None
        try:
            return SavedSeat(str(entry["game_id"]), int(entry["seat"]), str(entry["token"]), str(entry["name"]),
                             str(entry.get("entropy", "")), str(entry.get("code", "")),
                             tuple(str(c) for c in entry.get("commitments", ())), str(entry.get("host", "")))
        except (KeyError, TypeError, ValueError):
            return None

    def games(self, server: str) -> dict[str, SavedSeat]:
        """Every game of `server` this user holds a seat in, by game id."""
        prefix = f"{server}/"
        out = {}
        for key in self._load():
            if key.startswith(prefix):
                saved = self.get(server, key[len(prefix):])
                if saved is not None:
                    out[saved.game_id] = saved
        return out

    def put(self, server: str, saved: SavedSeat) -> None:
        data = self._load()
        data[self.key(server, saved.game_id)] = asdict(saved)
        self._write(data)

    def forget(self, server: str, game_id: str) -> None:
        data = self._load()
        if data.pop(self.key(server, game_id), None) is not None:
            self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".seats-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, sort_keys=True)
            os.chmod(temporary, 0o600)
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
