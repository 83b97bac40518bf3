"""Playing a match while writing its replay: every accepted action is on disk before `play` returns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vegas_table.engine.core.api import Event
from vegas_table.engine.core.match import Match
from vegas_table.replays.format import ReplayWriter, action_record, end_record, header_record


class RecordedMatch:
    """A `Match` whose header, accepted actions and end are appended to a replay file as they happen.

    `meta` goes into the header (say, the seed commitment and the players' entropies); `end_meta` into the
    end record only, so a secret kept there (the server seed) is written once the game is over and not before.
    `mode` is a new file's (see `ReplayWriter`). The header and the end record also carry the complete
    state, so a failed verification can show the difference in the set-up or the final position rather
    than only a hash.
    """

    def __init__(self, match: Match, path: Path | str, fsync: bool = True, meta: dict[str, Any] | None = None,
                 end_meta: dict[str, Any] | None = None, mode: int = 0o666) -> None:
        self.match = match
        self.end_meta = end_meta
        self.writer = ReplayWriter(path, fsync=fsync, mode=mode)
        self.state_hash = match.state_hash()  # of the current state: the last one recorded
        if self.writer.records == 0:
            game, state = match.game, match.state
            names = game.seat_names(match.config)
            self.writer.append(header_record(match.config, names, match.opening, self.state_hash, meta,
                                             game.encode(state)))

    def play(self, seat: int, action: Any, by: str = "") -> list[Event]:
        """Apply the action (refusals raise, nothing is written), then record it durably; `by`: the stand-in
        bot that chose it for the seat's absent player, if one did."""
        events = self.match.play(seat, action)
        move = self.match.history[-1]
        state_hash = self.state_hash = self.match.state_hash()
        self.writer.append(action_record(len(self.match.history), move.seat, move.action, events, state_hash,
                                         by))
        if self.match.over:
            result = self.match.result
            assert result is not None
            self.writer.append(end_record(len(self.match.history) + 1, result.to_json(), state_hash,
                                          self.match.game.encode(self.match.state), self.end_meta))
            self.writer.close()
        return events

    def close(self) -> None:
        self.writer.close()
