"""The table's own commands on the game screen: the host's `seat` (a bot stands in for an absent player) and
everyone's `rematch`, read and completed here as plain functions (`client.app` does the talking).

    seat 2 bot medium     the host lets the server's medium bot play seat 2 while its player is away
    seat 2 back           the host gives seat 2 back to its player (who also gets it back by acting)
    rematch               once over: the same seats and options in a new game (or the one already offered)
"""

from __future__ import annotations

from collections.abc import Sequence

from vegas_client.data import GameSummary
from vegas_table.client.orders import CommandError
from vegas_table.client.suggestions import Suggestion, current_word, matching

TABLE_HELP = ("Table:  seat N bot KIND (host: a bot plays seat N while its player is away) · seat N back · "
              "rematch (once over)", "Log:  log (every line kept, in a page to scroll back through)")


def parse_seat(text: str, summary: GameSummary | None, bots: Sequence[str]) -> tuple[int, str]:
    """`seat N bot KIND` → (N, KIND); `seat N back` → (N, ""). CommandError says what would be right."""
    words = text.split()[1:]
    if summary is None:
        raise CommandError("seat: the game's seats are not known yet; wait a moment")
    if not words or not words[0].isdigit() or int(words[0]) >= summary.players:
        raise CommandError(f"seat N bot KIND or seat N back, N a seat 0..{summary.players - 1}")
    seat = int(words[0])
    info = summary.seats[seat]
    if info.bot:
        raise CommandError(f"seat {seat} is the server's own bot; a bot stands in only for a player")
    rest = [w.lower() for w in words[1:]]
    if rest == ["back"]:
        if not info.stand_in:
            raise CommandError(f"seat {seat}: {info.player} plays it already (no bot stands in)")
        return seat, ""
    if len(rest) == 2 and rest[0] == "bot" and rest[1] in bots:
        return seat, rest[1]
    raise CommandError(f"seat {seat} bot KIND (KIND: {', '.join(bots) or 'none offered'}) or seat {seat} back")


def seat_suggestions(text: str, summary: GameSummary | None, bots: Sequence[str]) -> list[Suggestion]:
    """Completion of `seat N bot KIND` / `seat N back`: the players' seats, then the words, then the bots."""
    typed, partial = current_word(text)
    if summary is None or not typed:
        return []
    if len(typed) == 1:
        return matching([Suggestion(str(s.seat), f"{s.colour}: {s.player}" + (f" ({s.stand_in} bot)" if s.stand_in
                                                                                else ""))
                         for s in summary.seats if s.taken and not s.bot], partial)
    if len(typed) == 2:
        seat = int(typed[1]) if typed[1].isdigit() and int(typed[1]) < summary.players else None
        back = [Suggestion("back", "give the seat back to its player")] if seat is not None and \
            summary.seats[seat].stand_in else []
        return matching([Suggestion("bot", "a bot plays the seat while its player is away"), *back], partial)
    if len(typed) == 3 and typed[2].lower() == "bot":
        return matching([Suggestion(b, "bot") for b in bots], partial)
    return []


def invitation(rematch: str) -> str:
    return f"A rematch is open: game {rematch}, the same seats and options. Type rematch to join it."
