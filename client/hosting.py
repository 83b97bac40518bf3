"""The table's own commands on the game screen: the host's `seat` (a bot stands in for an absent player, or
takes a free seat of a game still waiting for people), `bots` and everyone's `rematch`, read and completed
here as plain functions (`client.control.table` does the talking).

    seat 2 bot medium     running: the server's medium bot plays seat 2 while its player is away;
                          waiting for people: the medium bot takes the free seat 2 for the whole game
    seat 2 back           the host gives seat 2 back to its player (who also gets it back by acting)
    bots 2 [KIND]         waiting for people: the server's bots (medium unless KIND) take the last 2 free seats
    rematch               once over: the same seats and options in a new game (or the one already offered)
"""

from __future__ import annotations

from collections.abc import Sequence

from vegas_client.data import GameSummary
from vegas_table.client.lobby import DEFAULT_BOT
from vegas_table.client.orders import CommandError
from vegas_table.client.suggestions import Suggestion, current_word, matching
from vegas_table.client.viewmodel import ClientModel

TABLE_HELP = ("Table:  seat N bot KIND (host: a bot plays seat N while its player is away) · seat N back · "
              "rematch (once over)",
              "Log:  log (every line kept, in a page to scroll back through)")


def offered_bots(model: ClientModel) -> list[str]:
    """The bots the server seats in the game on screen (what `seat N bot KIND` may name)."""
    game = model.summary.game if model.summary else ""
    return next((list(t.bots) for t in model.game_types if t.name == game), [])


def waits_for_people(summary: GameSummary) -> bool:
    """The game is still in its lobby with a free seat (a summary may say "waiting" a moment after the last
    seat was taken: its free seats tell)."""
    return summary.status == "waiting" and bool(summary.free_seats)


def parse_seat(text: str, summary: GameSummary | None, bots: Sequence[str]) -> tuple[int, str]:
    """`seat N bot KIND` → (N, KIND); `seat N back` → (N, ""). CommandError says what would be right."""
    words = text.split()[1:]
    if summary is None:
        raise CommandError("seat: the game's seats are not known yet; wait a moment")
    if not words or not words[0].isdigit() or int(words[0]) >= summary.players:
        raise CommandError(f"seat N bot KIND or seat N back, N a seat 0..{summary.players - 1}")
    seat = int(words[0])
    info = summary.seats[seat]
    if waits_for_people(summary):
        free = ", ".join(map(str, summary.free_seats)) or "none"
        if info.bot or info.taken:
            raise CommandError(f"seat {seat} is {'a bot' if info.bot else info.player}'s: while the game waits for "
                               f"people a bot takes a free seat ({free}): seat N bot KIND")
        if len(words) == 3 and words[1].lower() == "bot" and words[2].lower() in bots:
            return seat, words[2].lower()
        raise CommandError(f"seat {seat} bot KIND (KIND: {', '.join(bots) or 'none offered'}): a bot takes free seat "
                           f"{seat} for the whole game")
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


def parse_bots(text: str, summary: GameSummary | None, bots: Sequence[str]) -> tuple[list[int], str]:
    """`bots N [KIND]` in a game waiting for people → (the last N free seats, KIND): as `create ... bots N`,
    the bots take the last seats. CommandError says what would be right."""
    words = [w.lower() for w in text.split()[1:]]
    if summary is None:
        raise CommandError("bots: the game's seats are not known yet; wait a moment")
    if not waits_for_people(summary):
        raise CommandError("bots: no seat is free; bots take free seats only while the game waits for people "
                           "(seat N bot KIND lets a bot stand in for an absent player)")
    free = summary.free_seats
    if not words or not words[0].isdigit() or not 1 <= int(words[0]) <= len(free):
        raise CommandError(f"bots N [KIND], N from 1 to {len(free)} (the free seats: {', '.join(map(str, free))})"
                           if free else "bots: no seat is free")
    kind = words[1] if len(words) > 1 else DEFAULT_BOT
    if len(words) > 2 or kind not in bots:
        raise CommandError(f"bots {words[0]} [KIND], KIND one of {', '.join(bots) or 'none offered'}")
    return free[-int(words[0]):], kind


def bots_suggestions(text: str, summary: GameSummary | None, bots: Sequence[str]) -> list[Suggestion]:
    """Completion of `bots N [KIND]`: how many of the free seats, then the bots' kinds."""
    typed, partial = current_word(text)
    if summary is None or not waits_for_people(summary):
        return []
    if len(typed) == 1:
        free = len(summary.free_seats)
        return matching([Suggestion(str(n), "bots") for n in range(free, 0, -1)], partial)
    if len(typed) == 2:
        return matching([Suggestion(b, "the bots' kind") for b in bots], partial)
    return []


def seat_suggestions(text: str, summary: GameSummary | None, bots: Sequence[str]) -> list[Suggestion]:
    """Completion of `seat N bot KIND` / `seat N back`: the players' seats, then the words, then the bots."""
    typed, partial = current_word(text)
    if summary is None or not typed:
        return []
    if len(typed) == 1 and waits_for_people(summary):
        return matching([Suggestion(str(n), f"{summary.seats[n].colour}: free") for n in summary.free_seats], partial)
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
