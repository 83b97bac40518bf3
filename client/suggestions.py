"""Completion suggestions as plain data, so each game computes them purely and tests read them directly."""

from __future__ import annotations

from dataclasses import dataclass

# Words the client itself understands on the game screen, whatever the game.
CLIENT_WORDS = {"help": "list the commands", "quit": "leave the game (your seat stays yours)",
                "lobby": "back to the list of games", "commitment": "show the seed commitment in full",
                "standings": "the final standings, once a game is over",
                "audit": "the whole audit of a finished game",
                "log": "every line of the log in a page of its own, to scroll back through",
                "seat": "host: seat N bot KIND lets a bot play an absent player's seat; seat N back returns it",
                "rematch": "once over: a new game with the same seats and options (or join the one offered)"}


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Replace the word being typed with `text`; `meta` says what it means (`$6m, your parking lot`)."""

    text: str
    meta: str = ""
    display: str = ""


def current_word(text: str) -> tuple[list[str], str]:
    """The words before the one being typed, and that (possibly empty) partial word."""
    words = text.split()
    if not words or text.endswith(" "):
        return words, ""
    return words[:-1], words[-1]


def matching(candidates: list[Suggestion], partial: str) -> list[Suggestion]:
    """Candidates starting with `partial` (any case), each once, in their given order."""
    seen: set[str] = set()
    out = []
    for candidate in candidates:
        key = candidate.text.lower()
        if key.startswith(partial.lower()) and key not in seen:
            seen.add(key)
            out.append(candidate)
    return out


def continuations(texts: list[str], typed: list[str]) -> list[str]:
    """The next word of every legal action text that starts with the words typed so far."""
    lowered = [w.lower() for w in typed]
    out = []
    for text in texts:
        words = text.split()
        if len(words) > len(typed) and [w.lower() for w in words[: len(typed)]] == lowered:
            out.append(words[len(typed)])
    return out
