"""What every game's audit offers, whatever the game: tables for people, JSON for programs, a timeline to
plot, and the reconciliation of its totals with the final state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Table:
    """One section of an audit as a person reads it: a title, columns, rows of text, and a note under it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass
class Timeline:
    """Each seat's money (and score, in games that keep one) at the end of every turn."""

    money_unit: str
    turns: list[int] = field(default_factory=list)
    money: list[list[int]] = field(default_factory=list)  # [seat][i]: money at the end of turns[i]
    score: list[list[int]] | None = None  # [seat][i], or None in a game without points

    def sample(self, turn: int, money: list[int], score: list[int] | None) -> None:
        """Record the values at `turn`; a later sample of the same turn replaces it (the turn's end wins)."""
        if self.turns and self.turns[-1] == turn:
            self.turns.pop()
            for series in self.money:
                series.pop()
            for series in self.score or ():
                series.pop()
        self.turns.append(turn)
        if not self.money:
            self.money = [[] for _ in money]
        for seat, value in enumerate(money):
            self.money[seat].append(value)
        if score is not None:
            if self.score is None:
                self.score = [[] for _ in score]
            for seat, value in enumerate(score):
                self.score[seat].append(value)

    def to_json(self) -> dict[str, Any]:
        return {"money_unit": self.money_unit, "turns": self.turns, "money": self.money, "score": self.score}


@dataclass
class StandIns:
    """The actions the server's bots played for absent players (action records with `by`), seat by seat:
    who played what, so an audit never credits a player with a bot's moves."""

    names: list[str] = field(default_factory=list)
    played: list[tuple[int, int, str]] = field(default_factory=list)  # (seq, seat, bot) of each such action

    def table(self) -> Table | None:
        """Each seat a bot stood in for: how many of its actions which bot played, and from which record to
        which; None if no bot ever stood in."""
        if not self.played:
            return None
        rows = []
        for seat, bot in sorted({(seat, bot) for _, seat, bot in self.played}):
            seqs = [seq for seq, s, b in self.played if (s, b) == (seat, bot)]
            rows.append((self.names[seat], f"{bot} bot", str(len(seqs)), f"{seqs[0]}-{seqs[-1]}"))
        return Table("Stand-ins: bots that played for absent players", ("seat", "played by", "actions", "records"),
                     tuple(rows), "the host handed these seats to the server's bots while their players were away")

    def tables(self) -> list[Table]:
        table = self.table()
        return [table] if table is not None else []

    def to_json(self) -> list[dict[str, Any]]:
        return [{"seq": seq, "seat": seat, "by": bot} for seq, seat, bot in self.played]


class Audit(Protocol):
    """A game's audit: see `replays.audit.lords` for what one holds."""

    title: str
    names: list[str]
    timeline: Timeline
    reconciliation: list[str]  # empty when every total derived from the events equals the final state
    stand_ins: StandIns  # the actions bots played for absent players

    def tables(self) -> list[Table]: ...

    def to_json(self) -> dict[str, Any]: ...

