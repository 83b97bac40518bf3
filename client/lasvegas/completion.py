"""Completion for the Las Vegas command line: the placements the roll allows, or the decision's answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.client.choices import Prompt, numbered
from vegas_table.client.lasvegas.commands import legal_texts
from vegas_table.client.suggestions import CLIENT_WORDS, Suggestion, continuations, current_word, matching
from vegas_table.engine.lasvegas.actions import USAGE


def _note(view: Mapping[str, Any], word: str) -> str:
    """What placing on casino `word` would meet there: its notes."""
    for casino in view["casinos"]:
        if str(casino["casino"]) == word:
            notes = ", ".join("rainbow" if n == "rainbow" else f"${n}k" for n in casino["notes"])
            return f"casino {word}: {notes or 'no notes'}"
    return ""


def suggest(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> list[Suggestion]:
    typed, partial = current_word(text)
    texts = legal_texts(view, seat)
    if not typed:
        choices = [Suggestion(str(n), c.command, display=f"{n}: {c.label}") for n, c in enumerate(numbered(prompts), 1)]
        verbs = [Suggestion(t.split()[0], USAGE.get(t.split()[0], "")) for t in texts]
        return matching(choices + verbs + [Suggestion(w, m) for w, m in CLIENT_WORDS.items()], partial)
    words = continuations(texts, typed)
    return matching([Suggestion(w, _note(view, w) if typed[0].lower() == "place" else "") for w in words], partial)
