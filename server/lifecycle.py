"""A game's life on the server as a state machine: the lobby, the reveal round, the start, play, suspension and
recovery, and the end. Pure and synchronous (no asyncio, gRPC, disk or clock), so every transition is tested
on its own (tests/server/test_lifecycle.py); docs/DEVELOPING.md has the table of transitions.

`GameSession` keeps the lock, the I/O and publishing. At each step of a game it tells its `Lifecycle` what
happened (a transition) and carries out what the machine answers: `GameEffect`s the session does itself
(clocks, bots, the game's end, recovery) and `LobbyEffect`s the lobby does (`server.seating`: the reveal
deadline, the match's start). A request the phase does not allow raises `Refused`, naming the API's refusal
and saying why; a transition the server's own code makes in the wrong phase raises `OutOfOrder` (a bug, not
a refusal). Neither changes anything.

The phase is the machine's alone; what the phase came from is elsewhere: the seats in the game's record
(`server.records`), the versions in its replay file and its `Audience`. The session tells the machine each
version it publishes (a `Moment`), so the machine knows which version the turn clocks and bots act on and
which default a late seat plays, without the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Literal, NamedTuple


class Phase(Enum):
    LOBBY = "lobby"  # seats are free
    REVEALING = "revealing"  # every seat is taken; a seat that committed to its entropy has not revealed it
    STARTING = "starting"  # every seat taken, every entropy in: the replay header is to be written (again)
    RUNNING = "running"
    SUSPENDED = "suspended"  # a record failed: the game is re-played from its replay file before anything else
    FINISHED = "finished"
    EXPIRED = "expired"  # nobody joined in time: removed from the lobby and from disk


class LobbyEffect(Enum):
    """What the lobby (`server.seating`) does after a transition of the lobby, in the order given."""

    OPEN_REVEALS = "arm the reveal round's deadline"
    CLOSE_REVEALS = "cancel the reveal round's deadline: every entropy is in"
    START_MATCH = "start the match: its replay header written, version 0 shown (GameSession.start)"


class GameEffect(Enum):
    """What the session does after a transition, in the order given."""

    RUN_CLOCKS = "restart the turn clocks of the seats the current version waits for"
    STOP_CLOCKS = "stop every turn clock"
    WAKE_BOTS = "let the server's bots look at the game"
    RESYNC = "send every subscriber a snapshot of the current version"
    END_GAME = "end the game: its viewers told, clocks and bots stopped, its match let go, the hub told"
    RECOVER = "re-play the game from its replay file in the background, until that works"
    CLOSE_STREAMS = "end every stream of the game and stop its bots: it is gone"


# The API's refusal a refused request becomes (`GameSession.refusing` makes the error a client gets)
Code = Literal["not_started", "awaiting_reveals", "suspended", "game_over", "expired", "no_free_seat",
               "not_running", "not_finished"]


class Refused(Exception):
    """A request the game's phase does not allow; nothing changed."""

    def __init__(self, code: Code, phase: Phase, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.phase = phase


class OutOfOrder(RuntimeError):
    """A transition the server's own code makes only in another phase (started twice, recovered while
    running...): a mistake of the server's, which fails the request as an internal error; nothing changed."""


class Moment(NamedTuple):
    """A version of a running game as the machine keeps it: the seats it waits for, whether it ended the
    game, and the default action of each timed seat it waits for (`server.match.Step.defaults`)."""

    version: int
    actors: tuple[int, ...]
    over: bool
    defaults: tuple[tuple[int, str], ...] = ()


# How a refusal words each phase: "the game ..."
IS = {Phase.LOBBY: "waits for players", Phase.REVEALING: "waits for its players to reveal their entropy",
      Phase.STARTING: "is starting", Phase.RUNNING: "is running",
      Phase.SUSPENDED: "is suspended until it is re-played from its replay file", Phase.FINISHED: "is over",
      Phase.EXPIRED: "was removed from the lobby: nobody joined it in time"}
WAITING = frozenset({Phase.LOBBY, Phase.STARTING})  # in the lobby, for players or a start (one that failed)


class Lifecycle:
    """One game's phase, and the version it is at once it runs; see the module docstring."""

    def __init__(self, phase: Phase = Phase.LOBBY) -> None:
        self.phase = phase
        self.version = 0  # the current version (the last, once finished); 0 before the start
        self.actors: tuple[int, ...] = ()  # the seats the current version waits for
        self.defaults: Mapping[int, str] = {}  # seat -> what it plays if its turn clock runs out
        self.unloaded = False  # finished, known from its replay file alone: its views are not loaded

    @classmethod
    def of_record(cls, full: bool, revealing: bool) -> Lifecycle:
        """A game as its saved record has it, before its replay file is read: in the lobby, in the reveal
        round, or (every seat taken) starting; `server.restoring` finds out from the file where it stands."""
        return cls(Phase.REVEALING if revealing else Phase.STARTING if full else Phase.LOBBY)

    def _refuse(self, code: Code, doing: str, allowed: str) -> Refused:
        return Refused(code, self.phase, f"cannot {doing}: the game {IS[self.phase]}; {allowed}")

    def _out_of_order(self, doing: str, allowed: str) -> OutOfOrder:
        return OutOfOrder(f"cannot {doing}: the game {IS[self.phase]}; {allowed}")

    # ------------------------------------------------------------------------------------------ reading

    @property
    def playing(self) -> bool:
        """Whether the game is played now: its seats act, its clocks run, its bots move."""
        return self.phase is Phase.RUNNING

    @property
    def suspended(self) -> bool:
        return self.phase is Phase.SUSPENDED

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def expired(self) -> bool:
        return self.phase is Phase.EXPIRED

    @property
    def waiting(self) -> bool:
        """Whether the game waits in the lobby, for players or for its start: such a game may expire."""
        return self.phase in WAITING

    @property
    def awaiting_start(self) -> bool:
        """Whether every seat is taken and the match is yet to start: what closing the reveal round starts."""
        return self.phase in (Phase.REVEALING, Phase.STARTING)

    def default_due(self, seat: int, version: int) -> str | None:
        """What `seat` plays because its turn clock ran out at `version`; None if the game is no longer
        there (a real action came first), or is not being played (suspended, over)."""
        if not self.playing or version != self.version:
            return None
        return self.defaults.get(seat)

    def check_playable(self) -> None:
        """Refused unless the game runs: what acting and asking for legal actions need."""
        if self.playing:
            return
        allowed = "actions are taken while it runs"
        if self.phase is Phase.SUSPENDED:
            raise self._refuse("suspended", "act", "try again once it is re-played")
        if self.phase is Phase.REVEALING:
            raise self._refuse("awaiting_reveals", "act", allowed)
        if self.phase is Phase.FINISHED:
            raise self._refuse("game_over", "act", "its replay has every action")
        raise self._refuse("not_started", "act", allowed)

    # -------------------------------------------------------------------------------------------- lobby

    def check_join(self) -> None:
        """Refused unless seats are free: a joiner's seat is saved before `seat_taken`."""
        if self.phase is Phase.EXPIRED:
            raise self._refuse("expired", "take a seat", "create a game or join another")
        if self.phase is not Phase.LOBBY:
            raise self._refuse("no_free_seat", "take a seat", "watch it, or join a game that waits for players")

    def seat_taken(self, full: bool, revealing: bool) -> tuple[LobbyEffect, ...]:
        """A seat was taken; `full`: every seat now is, `revealing`: some seat committed to entropy it has not
        revealed. LOBBY -> LOBBY, REVEALING or STARTING."""
        self.check_join()
        if revealing:
            self.phase = Phase.REVEALING
            return (LobbyEffect.OPEN_REVEALS,)
        if full:
            self.phase = Phase.STARTING
            return (LobbyEffect.START_MATCH,)
        return ()

    def revealed(self, revealing: bool) -> tuple[LobbyEffect, ...]:
        """A committed seat revealed its entropy; `revealing`: another has not yet. REVEALING -> REVEALING,
        or STARTING once the last is in."""
        if self.phase is not Phase.REVEALING:
            raise self._out_of_order("reveal entropy", "entropy is revealed once every seat is taken")
        if revealing:
            return ()
        self.phase = Phase.STARTING
        return LobbyEffect.CLOSE_REVEALS, LobbyEffect.START_MATCH

    def reveals_closed(self) -> tuple[LobbyEffect, ...]:
        """The reveal round's time is up (the late seats marked as having withheld): REVEALING -> STARTING;
        a start that failed before is tried again (STARTING -> STARTING)."""
        if not self.awaiting_start:
            raise self._out_of_order("close the reveal round", "it closes once, before the start")
        self.phase = Phase.STARTING
        return (LobbyEffect.START_MATCH,)

    def opened(self) -> tuple[LobbyEffect, ...]:
        """A new game entered the lobby: one whose seats are all taken (a game of bots only) starts now."""
        return (LobbyEffect.START_MATCH,) if self.phase is Phase.STARTING else ()

    def expire(self) -> tuple[GameEffect, ...]:
        """Nobody joined in time (its record removed from disk): LOBBY or STARTING -> EXPIRED."""
        if not self.waiting:
            raise self._out_of_order("expire", "only a game that waits for players expires")
        self.phase = Phase.EXPIRED
        return (GameEffect.CLOSE_STREAMS,)

    # ------------------------------------------------------------------------------------------ playing

    def _at(self, moment: Moment) -> tuple[GameEffect, ...]:
        """The game is at `moment`: it ends there, or it runs on with its clocks and bots."""
        self.version, self.actors, self.defaults = moment.version, moment.actors, dict(moment.defaults)
        self.unloaded = False
        if moment.over:
            self.phase = Phase.FINISHED
            return (GameEffect.END_GAME,)
        self.phase = Phase.RUNNING
        return GameEffect.RUN_CLOCKS, GameEffect.WAKE_BOTS

    def started(self, moment: Moment) -> tuple[GameEffect, ...]:
        """The match started (its header written, version 0 shown): STARTING -> RUNNING."""
        if self.phase is not Phase.STARTING:
            raise self._out_of_order("start", "a game starts once, when every seat and entropy is in")
        return self._at(moment)

    def moved(self, moment: Moment) -> tuple[GameEffect, ...]:
        """An action made a new version, on disk and shown: RUNNING -> RUNNING, or FINISHED if it ended the
        game."""
        self.check_playable()
        return self._at(moment)

    def suspend(self) -> tuple[GameEffect, ...]:
        """A record failed, so the state may be ahead of the replay file: RUNNING -> SUSPENDED (again: it is
        being re-played already)."""
        if self.phase not in (Phase.RUNNING, Phase.SUSPENDED):
            raise self._out_of_order("suspend", "only a running game has records to fail")
        self.phase = Phase.SUSPENDED
        return GameEffect.STOP_CLOCKS, GameEffect.RECOVER

    def recovered(self, moment: Moment) -> tuple[GameEffect, ...]:
        """The game was re-played from its replay file up to `moment`: SUSPENDED -> RUNNING (or FINISHED, if
        the file ends it), every subscriber resynced."""
        if self.phase is not Phase.SUSPENDED:
            raise self._out_of_order("recover", "only a suspended game is re-played")
        return (GameEffect.RESYNC, *self._at(moment))

    def restored(self, moment: Moment) -> tuple[GameEffect, ...]:
        """At start-up, the game was re-played from its replay file up to `moment`: STARTING -> RUNNING, its
        clocks and bots left to when the server serves (`GameHub.start`); or FINISHED, if the file ends it
        but for its end record (written by the re-play)."""
        if self.phase is not Phase.STARTING:
            raise self._out_of_order("restore", "a game is re-played at start-up once")
        effects = self._at(moment)
        return effects if moment.over else ()

    def found_finished(self, version: int) -> None:
        """The replay file ends the game at `version`: STARTING -> FINISHED, its views not loaded (read from
        the file alone, at start-up or when someone asks for a game that left memory)."""
        if self.phase is not Phase.STARTING:
            raise self._out_of_order("find it finished", "only a started game's replay file ends it")
        self.phase, self.version, self.actors, self.defaults, self.unloaded = Phase.FINISHED, version, (), {}, True

    def loaded(self) -> None:
        """A finished game's final views were rebuilt from its replay file (someone watches it)."""
        if not self.unloaded:
            raise self._out_of_order("load its final views", "they are loaded once, for a finished game")
        self.unloaded = False

    # ---------------------------------------------------------------------------- stand-ins and rematch

    def hand_seat(self) -> None:
        """The host hands a seat to a bot, or takes it back (`server.handover`): RUNNING -> RUNNING."""
        if self.playing:
            return
        if self.phase is Phase.SUSPENDED:
            raise self._refuse("suspended", "hand a seat to a bot", "try again once it is re-played")
        if self.phase is Phase.FINISHED:
            raise self._refuse("game_over", "hand a seat to a bot", "seats are handed to bots while it runs")
        raise self._refuse("not_running", "hand a seat to a bot", "seats are handed to bots while it runs")

    def rematch(self) -> None:
        """A player asks for the rematch (`server.rematch`): FINISHED -> FINISHED."""
        if not self.finished:
            raise self._refuse("not_finished", "make a rematch", "a rematch follows the game's end")
