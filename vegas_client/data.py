"""What the API's messages say, as plain frozen data: what the library hands its callers.

Nothing here is game-specific: views are JSON objects, actions are canonical texts, so a new game needs no
change in the library.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    colour: str  # the game's name for the seat
    taken: bool
    player: str
    bot: bool
    connected: bool = True  # a stream follows the game from this seat (bots: always)
    away_since: str = ""  # ISO time the seat's last stream closed ("" if not away)
    entropy_commitment: str = ""  # SHA-256 of the seat's entropy, public once the seat is taken
    revealed: bool = False  # its entropy is in (revealed, sent in plain, a bot's)
    stand_in: str = ""  # the server's bot playing this seat while its player is away (HandSeat); "" if none


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game of the server's lobby (`GameSummary`)."""

    game_id: str
    game: str
    rules: str
    options: tuple[str, ...]
    players: int
    seats: tuple[SeatInfo, ...]
    status: str  # "waiting" | "revealing" (every seat taken, entropies being revealed) | "running" | "finished"
    version: int
    commitment: str
    created_at: str = ""
    actors: tuple[int, ...] = ()  # the seats the game waits for
    turn_timer: float = 0.0  # seconds per decision of a player's seat (0: no timer)
    bot_turn_timer: float = 0.0  # the same for the server's own bot seats
    rematch: str = ""  # a finished game's rematch, once one of its players asked for it
    result: dict[str, Any] | None = None  # a finished game's {"winners", "standings", "reason"}

    @property
    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if not s.taken]


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str
    min_players: int
    max_players: int
    description: str


@dataclass(frozen=True, slots=True)
class GameType:
    name: str
    title: str
    rule_sets: tuple[RuleSet, ...]
    options: tuple[str, ...]
    bots: tuple[str, ...] = ()  # the bots the server seats in this game (CreateGame, HandSeat)


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game to create: `bots` are the seats the server's own bots play, each as `bot_kind`."""

    game: str
    rules: str
    players: int
    bots: tuple[int, ...] = ()
    options: tuple[str, ...] = ()
    bot_kind: str = "random"
    bot_think_ms: int | None = None  # the server's default when None
    private: bool = False  # unlisted; joining, watching and reading it need the join code the server gives
    turn_timer: float | None = None  # seconds per decision of a player's seat (0: none); None: the server's
    bot_turn_timer: float | None = None  # the same for the server's bot seats; None: the server's default


@dataclass(frozen=True, slots=True)
class Created:
    game_id: str
    commitment: str
    game: GameSummary
    join_code: str = ""  # a private game's code (secret: give it only to your players); "" if public
    host_token: str = ""  # proves the game's host (hand_seat); secret. "" for a rematch another player made


@dataclass(frozen=True, slots=True)
class Joined:
    """A seat taken: `token` is its only proof, a secret (never log it, never show it)."""

    seat: int
    token: str
    game: GameSummary
    entropy: str = ""  # what the seat committed to (secret until revealed): keep it with the token


@dataclass(frozen=True, slots=True)
class ActionResult:
    """An action the server applied: the version it made, its canonical text, what happened."""

    version: int
    action: str
    events: tuple[str, ...] = ()
    state_hash: str = ""
    record_hash: str = ""  # SHA-256 of the replay's last line once this action was written


@dataclass(frozen=True, slots=True)
class Revealed:
    """A finished game's replay file and the revealed secrets (GetReplay)."""

    replay: bytes
    server_seed: str
    commitment: str
    entropies: tuple[str, ...]
    seed: str


@dataclass(frozen=True, slots=True)
class VersionEvents:
    """What happened at one of a running game's recent versions (ListEvents)."""

    version: int
    move: tuple[int, str] | None  # (seat, action) that made it; None for the set-up
    events: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One of a seat's legal actions as the server lists them: canonical text, and `low`..`high` when its last
    word is a number to choose (then the text shows the range, e.g. `gamble A2 1..40`)."""

    text: str
    low: int | None = None
    high: int | None = None

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None

    def at(self, amount: int) -> str:
        """A range's concrete action text with `amount` as its last word; ValueError outside low..high."""
        if self.low is None or self.high is None:
            raise ValueError(f"{self.text!r} is not a range of amounts")
        if not self.low <= amount <= self.high:
            raise ValueError(f"{amount} is outside {self.low}..{self.high} for {self.text!r}")
        return " ".join([*self.text.split()[:-1], str(amount)])


@dataclass(frozen=True, slots=True)
class Clock:
    """A seat's turn timer as an update brought it: `seconds_left` when the server sent it, which this machine
    counts down from `received` (its `time.monotonic()` then: no clock sync needed), and the whole timer."""

    seat: int
    seconds_left: float
    seconds: float
    received: float

    def left(self, now: float | None = None) -> float:
        """The seconds left now (`now`: a `time.monotonic()` reading) before the server plays the default."""
        return max(0.0, self.seconds_left - ((time.monotonic() if now is None else now) - self.received))


@dataclass(frozen=True, slots=True)
class Update:
    """One message of a Watch stream as plain data, not yet applied to a view.

    `kind` is "snapshot" (`body`: the view's JSON), "diff" (`body`: the RFC 6902 patch), "lobby" (`lobby`:
    who sits where while the game waits), or "connected": no data, yielded as soon as a stream is up (a
    viewer that resumes at the current version gets its first real update only with the next action).
    """

    version: int
    view_hash: str
    kind: str
    body: str = ""
    lobby: GameSummary | None = None
    events: tuple[str, ...] = ()
    status: str = "running"
    move: tuple[int, str] | None = None
    actors: tuple[int, ...] = ()
    legal: tuple[LegalAction, ...] = ()
    record_hash: str = ""  # SHA-256 of the replay's last line once `version` was written (docs/API.md)
    clocks: tuple[Clock, ...] = ()  # the turn timers running at `version`


@dataclass(frozen=True, slots=True)
class ViewUpdate:
    """One step of a game as the follower hands it over: the whole view at `version`, what happened, whom
    the game waits for and (for a seat) that seat's legal actions, as the server sent them with it.

    `view` is the tracker's own object, changed in place by the next diff: copy it to keep it."""

    version: int
    view: dict[str, Any] | None  # None while the game waits for players
    events: tuple[str, ...] = ()
    status: str = "running"
    lobby: GameSummary | None = None
    move: tuple[int, str] | None = None
    actors: tuple[int, ...] = ()
    legal: tuple[LegalAction, ...] = ()
    record_hash: str = ""  # of the replay line written for `version`: keep the last for the end-of-game proof
    clocks: tuple[Clock, ...] = ()  # the turn timers running at `version` (of the seats in `actors`)

    def clock(self, seat: int) -> Clock | None:
        """`seat`'s running turn timer, if it has one."""
        return next((c for c in self.clocks if c.seat == seat), None)

    @property
    def finished(self) -> bool:
        return self.status == "finished" and self.view is not None
