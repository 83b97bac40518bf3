"""The "Strength" section of docs/BENCHMARKS.md: one row per match, written by `vegas tournament --record`.

`make bench` rewrites the rest of the file (its figures take minutes); the strength of the bots takes hours
of games, so its rows are kept from run to run: `section` finds the section for the bench to keep, and
`record` replaces (or adds) the row of one match and leaves the others alone. A match is its game, rules,
players and line-up (bots counted, in the order first seen); its row says the first bot's share of the
wins, the interval, par, the target the project set for it (if any), and the command that measured it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from vegas_table.arena.tournament import Lineup, Standing

HEADING = "## Strength"
INTRO = ("Win rates of the first bot of a line-up, measured by `vegas tournament ... --record docs/BENCHMARKS.md`"
         " (seats rotated over duplicate deals; the 95% interval takes the deal as the unit). `make bench` keeps"
         " this section; each run of a match replaces that match's row.")
COLUMNS = "| match | games | win % | 95% interval | par % | target | command |"
RULE = "| --- | --- | ---: | --- | ---: | --- | --- |"

# The targets of issue 14, by match (see `match_name`).
TARGETS: dict[str, str] = {
    "lords up 4p: greedy vs 3x random": ">= 60%",
    "lords up 4p: search vs 3x greedy": ">= 40%",
    "lords classic 2p: search vs greedy": ">= 65%",
    "lasvegas base 2p: search vs greedy": ">= 60%",
    "lasvegas base 4p: search vs 3x greedy": ">= 35%",
}


@dataclass(frozen=True, slots=True)
class StrengthRow:
    match: str
    games: int
    share: float
    low: float
    high: float
    par: float
    command: str

    def markdown(self) -> str:
        return (f"| {self.match} | {self.games} | {100 * self.share:.1f} | {100 * self.low:.1f}-{100 * self.high:.1f}"
                f" | {100 * self.par:.1f} | {target_of(self.match)} | `{self.command}` |")


def target_of(match: str) -> str:
    """The target of a match, whatever the measured (first) bot's settings (`search@200` is `search`); an
    opponent's settings make another match (`greedy@deals` is not the `greedy` of a target)."""
    head, colon, bots = match.partition(": ")
    first, vs, rest = bots.partition(" vs ")
    return TARGETS.get(f"{head}{colon}{re.sub(r'@[^ ,]+', '', first)}{vs}{rest}", "")


def match_name(game: str, rules: str, players: int, lineup: Lineup) -> str:
    """`lords up 4p: search vs 3x greedy`: the bots in the order first seen, counted when more than one."""
    bots = [f"{lineup.count(b)}x {b}" if lineup.count(b) > 1 else b for b in dict.fromkeys(lineup)]
    return f"{game} {rules} {players}p: {' vs '.join(bots)}"


def row_of(game: str, rules: str, players: int, lineup: Lineup, rows: Sequence[Standing], command: str) -> StrengthRow:
    """The row of a line-up's standings: the first bot's."""
    first = next(s for s in rows if s.bot == lineup[0])
    return StrengthRow(match_name(game, rules, players, lineup), first.games, first.share, first.low, first.high,
                       first.par, command)


def section(text: str) -> str:
    """The Strength section of a BENCHMARKS.md text (from its heading to the next `## ` heading or the end,
    with a final newline), or "" if it has none."""
    start = text.find(f"\n{HEADING}\n")
    if start < 0:
        return text if text.startswith(f"{HEADING}\n") else ""
    start += 1
    end = text.find("\n## ", start + len(HEADING))
    body = text[start:] if end < 0 else text[start:end + 1]
    return body.rstrip("\n") + "\n"


def record(text: str, row: StrengthRow) -> str:
    """`text` (a BENCHMARKS.md) with `row` in its Strength section, replacing the row of the same match; the
    section is added at the end if there is none. The rest of the text is kept as it is."""
    old = section(text)
    lines = old.rstrip("\n").split("\n") if old else [HEADING, "", INTRO, "", COLUMNS, RULE]
    prefix = f"| {row.match} |"
    kept = [line for line in lines if not line.startswith(prefix)]
    rows = sorted([line for line in kept if line.startswith("| ") and line not in (COLUMNS, RULE)] + [row.markdown()])
    head = [line for line in kept if not (line.startswith("| ") and line not in (COLUMNS, RULE))]
    new = "\n".join(head + rows) + "\n"
    if not old:
        return text.rstrip("\n") + "\n\n" + new
    return text.replace(old, new, 1)
