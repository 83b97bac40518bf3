"""Lobby commands: list, create, join and watch games, read from the same command line as the game.

    create [GAME] [RULES] [SEATS] [bots N [KIND]] [OPTION ...] [private]   e.g. create lords up 4 bots 3 layoff
    join [GAME_ID] [SEAT]      watch [GAME_ID]      refresh      history      quit
    (Enter on an empty line joins the chosen game. The seats wait for people; with bots N the server's bots
    take the last N, and the game starts once the others are taken. Its host may seat bots later, on the
    waiting screen: `client.hosting`.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vegas_client.data import GameSummary, GameType, NewGame
from vegas_client.spec import SpecError, new_game
from vegas_table.client.orders import CommandError
from vegas_table.client.suggestions import Suggestion, current_word, matching

DEFAULT_BOT = "medium"  # the bots a player gets naming none: the ladder's middle rung, as `make play` seats

LOBBY_WORDS = {"create": "create GAME RULES SEATS [bots N [KIND]] [OPTIONS] [private] [timer S]: a new game, you "
                         "take the first seat, the others wait for people (or bots N)",
               "join": "join [GAME_ID] [SEAT]: take a seat (or your own seat again)",
               "watch": "watch [GAME_ID]: follow a game as a spectator", "refresh": "list the games again",
               "history": "list finished games too (again: hide them); Enter on one shows its standings and replay",
               "help": "list the commands", "quit": "leave"}
LOBBY_HELP = (
    "create lords up 4 bots 3        a Lords of Vegas game (Up! rules) with 3 bots; you take seat 0",
    "create lords up 3               3 seats for people: it waits for 2 friends (add bots 1 for one bot)",
    "create lords classic 2 layoff   options follow the seat count (and bots N [KIND], if any)",
    "create lords up 3 private       unlisted: you get a join code for your friends (vegas play --code)",
    "create lords up 3 bots 1 timer 90   90 s per decision, then the server plays the default move for you",
    "join 7f3a1c  ·  join 7f3a1c 2  ·  watch 7f3a1c  ·  refresh  ·  quit   (↑/↓ and Enter work too)",
    "history   finished games too: Enter on one shows its final standings, the fairness proof and its replay",
)


@dataclass(frozen=True, slots=True)
class LobbyCommand:
    verb: str  # "create" | "join" | "watch" | "refresh" | "history" | "help" | "quit"
    game_id: str = ""
    seat: int | None = None
    new_game: NewGame | None = None


def parse_create(words: list[str], types: Sequence[GameType]) -> NewGame:
    """`create [GAME] [RULES] [SEATS] [bots N [KIND]] [OPTION ...] [private]` with the server's catalogue filling
    the gaps; `private` anywhere after the game asks for an unlisted game with a join code."""
    try:
        return new_game(words, types, bot_kind=DEFAULT_BOT)
    except SpecError as error:
        raise CommandError(error.message, error.incomplete) from None


def parse_lobby(text: str, types: Sequence[GameType], chosen: GameSummary | None) -> LobbyCommand:
    """The lobby command `text` stands for; CommandError says what is wrong. Empty text joins `chosen`."""
    words = text.split()
    if not words:
        words = ["join"]
    verb = words[0].lower()
    if verb not in LOBBY_WORDS:
        raise CommandError(f"{words[0]}: not a lobby command; commands: {', '.join(LOBBY_WORDS)}")
    if verb == "create":
        return LobbyCommand(verb, new_game=parse_create(words[1:], types))
    if verb in ("join", "watch"):
        game_id = words[1] if len(words) > 1 else (chosen.game_id if chosen else "")
        if not game_id:
            raise CommandError(f"{verb}: there is no game to {verb} yet; create one: create lords up 4 bots 3")
        seat = None
        if verb == "join" and len(words) > 2:
            if not words[2].isdigit():
                raise CommandError(f"join {game_id} {words[2]}: a seat is a number (0 is the first seat)")
            seat = int(words[2])
        return LobbyCommand(verb, game_id, seat)
    return LobbyCommand(verb)


def lobby_suggestions(text: str, types: Sequence[GameType], games: Sequence[GameSummary]) -> list[Suggestion]:
    typed, partial = current_word(text)
    if not typed:
        return matching([Suggestion(w, m) for w, m in LOBBY_WORDS.items()], partial)
    verb = typed[0].lower()
    if verb in ("join", "watch") and len(typed) == 1:
        return matching([Suggestion(g.game_id, f"{g.game} {g.rules}, {g.status}") for g in games], partial)
    if verb != "create":
        return []
    kind = next((t for t in types if len(typed) > 1 and t.name == typed[1].lower()), None)
    if len(typed) == 1:
        return matching([Suggestion(t.name, t.title) for t in types], partial)
    if kind is None:
        return []
    if len(typed) == 2:
        return matching([Suggestion(r.name, f"{r.min_players}-{r.max_players} players: {r.description}")
                         for r in kind.rule_sets], partial)
    if len(typed) == 3:
        rule = next((r for r in kind.rule_sets if r.name == typed[2].lower()), kind.rule_sets[0])
        return matching([Suggestion(str(n), "seats") for n in range(rule.min_players, rule.max_players + 1)],
                        partial)
    if typed[-1].lower() == "bots":
        seats = int(typed[3]) if typed[3].isdigit() else 1
        return matching([Suggestion(str(n), "bots") for n in range(seats - 1, -1, -1)], partial)
    if len(typed) > 1 and typed[-2].lower() == "bots" and typed[-1].isdigit():
        return matching([Suggestion(b, "the bots' kind") for b in kind.bots]
                        + [Suggestion(o, "option") for o in kind.options if o not in typed], partial)
    words = ["bots"] if "bots" not in [w.lower() for w in typed] else []
    return matching([Suggestion(w, "how many bots") for w in words]
                    + [Suggestion(o, "option") for o in kind.options if o not in typed], partial)
