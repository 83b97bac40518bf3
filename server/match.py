"""The match side of a game: its state, its replay file, and every viewer's view of each version.

This is the match's share of the server's work (the rules, the replay record, encoding and diffing the
views), kept apart from the gRPC side: a `ServedMatch` is synchronous and knows nothing of gRPC or asyncio;
what it returns (`Step`) is plain data.

Writing and syncing are separate: `play` writes the action's record, `sync` makes it durable. The caller
syncs before it acknowledges anything, and may sync several games' files at once (group commit).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from vegas_table.bots.base import Bot, Turn
from vegas_table.bots.local import choice_text, game_info, turn_for
from vegas_table.bots.registry import make_bot
from vegas_table.engine.core.api import Event, Game, GameConfig
from vegas_table.engine.core.canonical import canonical_text, digest
from vegas_table.engine.core.match import Match
from vegas_table.engine.registry import get_game
from vegas_table.replays.format import Replay, end_record, line_hash, read_replay, sync_file
from vegas_table.replays.recorder import RecordedMatch
from vegas_table.replays.rerun import MatchBuilder, rerun
from vegas_table.server.diff import CanonicalObject, encode_views, patch_texts
from vegas_table.server.reasons import Reason, told
from vegas_table.server.records import FILE_MODE
from vegas_table.server.viewers import Change, EventLine, LegalAction, Viewer, ViewState


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """Everything needed to start or resume a game's match, wherever it runs."""

    game_id: str
    config: GameConfig
    names: tuple[str, ...]  # seat names as events are told ("Blue rolled...")
    replay_path: Path
    meta: dict[str, Any] = field(default_factory=dict)  # goes into the replay header
    end_meta: dict[str, Any] = field(default_factory=dict)  # goes into the end record only (the server seed)
    bots: dict[int, str] = field(default_factory=dict)  # seat -> bot kind, for the server's own bots
    window: int = 128  # versions of diffs kept for reconnecting viewers (how far back `resume` goes)
    timed: frozenset[int] = frozenset()  # seats with a turn timer: each step names their default actions
    stand_ins: frozenset[int] = frozenset()  # seats of `bots` whose bot stands in for an absent player


class Timings(NamedTuple):
    apply_ms: float = 0.0
    views_ms: float = 0.0
    fsync_ms: float = 0.0


class Recorded(NamedTuple):
    """An action applied and written, not yet synced nor shown."""

    events: list[Event]
    state_hash: str
    apply_ms: float
    record_hash: str = ""  # of the last line written (the action's record, or the end record after it)


class Step(NamedTuple):
    """A version of a game: what made it, and every viewer's view of it."""

    change: Change
    views: dict[Viewer, ViewState]
    timings: Timings = Timings()
    defaults: tuple[tuple[int, str], ...] = ()  # (seat, action) a timed seat the game waits for plays if late


def ms(seconds: float) -> float:
    """Seconds as milliseconds, rounded for logs."""
    return round(seconds * 1000, 3)


class ServedMatch:
    """One game's match while it is played: see the module docstring."""

    def __init__(self, spec: MatchSpec, match: Match, recorded: RecordedMatch | None) -> None:
        self.spec = spec
        self.game: Game[Any] = match.game
        self.match = match
        self.recorded = recorded
        self.viewers: list[Viewer] = [None, *range(spec.config.players)]
        self.encoded: dict[Viewer, CanonicalObject] = {}
        # the names were checked when the game was created (entry points only where the host allowed them)
        self.bots: dict[int, Bot] = {seat: make_bot(kind, f"{spec.game_id}:{seat}", plugins=True, imports=False)
                                     for seat, kind in spec.bots.items()}
        for seat, bot in self.bots.items():
            bot.on_game_start(game_info(spec.config, seat))
        self.stand_ins = {seat: spec.bots[seat] for seat in spec.stand_ins}  # seat -> its stand-in's kind
        self.reasons: dict[int, Reason] = {}  # each bot seat's reason for its last choice (`server.reasons`)

    # ------------------------------------------------------------------------------------ beginnings

    @classmethod
    def start(cls, spec: MatchSpec) -> tuple[ServedMatch, Step]:
        """A new match: its replay header written (not yet synced) and everyone's first view."""
        match = Match(get_game(spec.config.game), spec.config)
        recorded = RecordedMatch(match, spec.replay_path, fsync=False, meta=spec.meta, end_meta=spec.end_meta,
                                 mode=FILE_MODE)
        served = cls(spec, match, recorded)
        return served, served._step(match.opening, recorded.state_hash, fresh=True,
                                record_hash=recorded.writer.last_hash or "")

    @classmethod
    def resume(cls, spec: MatchSpec) -> tuple[ServedMatch, list[Step]]:
        """An unfinished match from its replay file, every state hash checked; the steps of its last
        `window` versions (the first a fresh view, the rest diffs; only the last with the whole views)."""
        steps: list[Step] = []
        replay = read_replay(spec.replay_path)
        keep_from = max(0, len(replay.actions) - spec.window)
        served: ServedMatch | None = None

        def on_move(match: Match, events: list[Event], state_hash: str) -> None:
            nonlocal served
            version = len(match.history)
            if served is None:
                served = cls(spec, match, None)
            if version >= keep_from:
                steps.append(served._step(events, state_hash, fresh=version == keep_from, texts=False,
                                        record_hash=line_hash(replay.lines[version])))

        match = replay_match(get_game(spec.config.game), spec.replay_path, on_move, replay)
        assert served is not None
        served.recorded = RecordedMatch(match, spec.replay_path, fsync=False, end_meta=spec.end_meta, mode=FILE_MODE)
        if match.over:  # the server stopped between the last action record and the end record
            served._write_missing_end()
        steps[-1] = steps[-1]._replace(views={v: s._replace(text=served.encoded[v].text)
                                              for v, s in steps[-1].views.items()})
        return served, steps

    @staticmethod
    def final(spec: MatchSpec) -> Step:
        """A finished game's last version, re-played from its replay file: everyone's final view."""
        replay = read_replay(spec.replay_path)
        match = replay_match(get_game(spec.config.game), spec.replay_path, replay=replay)
        return ServedMatch(spec, match, None)._step([], match.state_hash(), fresh=True,
                                                  record_hash=line_hash(replay.lines[-1]))

    def _write_missing_end(self) -> None:
        assert self.recorded is not None and self.match.result is not None
        self.recorded.writer.append(end_record(len(self.match.history) + 1, self.match.result.to_json(),
                                               self.match.state_hash(), self.game.encode(self.match.state),
                                               self.spec.end_meta))
        self.sync()
        self.close()

    # ------------------------------------------------------------------------------------------ playing

    @property
    def version(self) -> int:
        return len(self.match.history)

    def playing_at(self, version: int) -> bool:
        """Whether the match is still being played and at `version` (a bot's choice for it still counts)."""
        return self.recorded is not None and self.version == version

    def play(self, seat: int, action: str) -> Step:
        """Apply `seat`'s action, write its record, and give everyone's view of the new version (EngineError,
        and nothing changes, if refused)."""
        return self.views_after(self.record(seat, action))

    def record(self, seat: int, action: str) -> Recorded:
        """Apply `seat`'s action and write its record (EngineError, and nothing changes, if refused). The
        record can then be synced while `views_after` works out the views."""
        assert self.recorded is not None, "the game is over"
        started = time.perf_counter()
        events = self.recorded.play(seat, action, self.stand_ins.get(seat, ""))
        state_hash, record_hash = self.recorded.state_hash, self.recorded.writer.last_hash or ""
        if self.match.over:
            self.close()  # the end is written too
            for seat, bot in self.bots.items():
                bot.on_game_end(self.game.view(self.match.state, seat))
        return Recorded(events, state_hash, ms(time.perf_counter() - started), record_hash)

    def views_after(self, recorded: Recorded) -> Step:
        started = time.perf_counter()
        step = self._step(recorded.events, recorded.state_hash, record_hash=recorded.record_hash)
        return step._replace(timings=Timings(recorded.apply_ms, ms(time.perf_counter() - started)))

    def seat_bot(self, seat: int, kind: str) -> None:
        """Let the server's bot `kind` stand in for `seat`'s absent player from the next action on (its actions
        marked `by` in the replay); "" gives the seat back to its player (server.handover)."""
        self.reasons.pop(seat, None)  # a reason held for the seat's last bot is not its player's
        if not kind:
            self.bots.pop(seat, None)
            self.stand_ins.pop(seat, None)
            return
        bot = make_bot(kind, f"{self.spec.game_id}:{seat}:{self.version}", plugins=True, imports=False)
        bot.on_game_start(game_info(self.spec.config, seat))
        self.bots[seat], self.stand_ins[seat] = bot, kind

    def bot_action(self, seat: int, time_limit: float | None = None) -> str:
        """What the server's bot at `seat` does now (it sees its seat's view of a copy of the state)."""
        return self.bot_choice(seat, self.bot_turn(seat, time_limit))

    def bot_choice(self, seat: int, turn: Turn) -> str:
        """The text of the choice of `seat`'s bot for `turn` (a `bot_turn`; this may run in a thread), with its
        reason held for the events of that action, should it be played (`server.reasons`)."""
        bot = self.bots[seat]
        action = choice_text(bot.choose(turn))
        self.reasons[seat] = Reason(turn.version, action, bot.reason())
        return action

    def bot_turn(self, seat: int, time_limit: float | None = None) -> Turn:
        """The bot at `seat`'s decision now, on its own copy of the state (so it can be made in a thread);
        `time_limit`: the seconds left on its turn timer, if it has one. It is told which seats people play,
        the seats without a server bot now (`GameInfo.people`), so it keeps table manners with them."""
        people = frozenset(s for s in range(self.spec.config.players) if s not in self.bots)
        info = game_info(self.spec.config, seat, people)
        return turn_for(self.game, self.game.clone(self.match.state), info, self.version, time_limit)

    def sync(self) -> None:
        """Make everything written to the replay file durable (the header, the last action's record, the end)."""
        sync_file(self.spec.replay_path)

    def close(self) -> None:
        if self.recorded is not None:
            self.recorded.close()
            self.recorded = None

    # ------------------------------------------------------------------------------------------- views

    def _step(self, events: list[Event], state_hash: str, fresh: bool = False, texts: bool = True,
              record_hash: str = "") -> Step:
        """The version the match is at (made by its last move, if any, which caused `events`): its change,
        and every viewer's view (a diff unless `fresh`); `record_hash` is the replay's last line's hash."""
        match = self.match
        seat, action = (match.history[-1].seat, match.history[-1].action) if match.history else (None, "")
        if seat is not None and self.reasons.get(seat, Reason(-1, "", ""))[:2] == (len(match.history) - 1, action):
            events = told(events, self.reasons.pop(seat).why)  # the bot's own reason, on the log only
        lines = tuple(EventLine(self.game.describe(e, self.spec.names), canonical_text(e.to_json()))
                      for e in events)
        change = Change(len(match.history), seat, action, lines, match.actors(), match.over, state_hash, record_hash)
        views = self.game.views(match.state, self.viewers)
        # the spectators' view encoded whole, the seats' only where they differ from it; each patch likewise
        encoded = encode_views(views)
        patches = [None] * len(views) if fresh else patch_texts([self.encoded[v] for v in self.viewers], views, encoded)
        hashes: dict[str, str] = {}  # view text -> its hash: viewers shown the very same view share it
        states = {}
        for viewer, new, patch in zip(self.viewers, encoded, patches, strict=True):
            self.encoded[viewer] = new
            legal = () if viewer is None or match.over else tuple(
                LegalAction.of(option) for option in match.legal_actions(viewer))
            view_hash = hashes.get(new.text) or hashes.setdefault(new.text, digest(new.text.encode("utf-8")))
            states[viewer] = ViewState(view_hash, patch, new.text if texts else None, legal)
        return Step(change, states, defaults=self._defaults(change.actors))

    def _defaults(self, actors: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
        """The default action of each seat with a turn timer the game waits for (`server.turntimer`)."""
        state, defaults = self.match.state, []
        for seat in actors:
            action = self.game.default_action(state, seat) if seat in self.spec.timed else None
            if action is not None:
                defaults.append((seat, str(action.text())))
        return tuple(defaults)


def replay_match(game: Game[Any], path: Path, on_move: Callable[[Match, list[Event], str], None] | None = None,
                 replay: Replay | None = None) -> Match:
    """The match a replay file records, re-run by `replays.rerun` (every record checked against the rules,
    `ReplayMismatch` naming the first that is not); `on_move` sees the match after its set-up and after each
    action, with the events and the state hash. `replay` is the file already read, if it is."""
    replay = replay or read_replay(path)
    if replay.header["config"].get("game") != game.name:
        raise ValueError(f"{path}: not a replay of {game.title}")
    return rerun(replay, MatchBuilder(on_move))
