"""prompt_toolkit adapters for the command line: completion and validation from the pure suggesters.

Both ask the screen (`client.screen.Screen`) which one is up and delegate to the lobby's or the game's
pure functions, so the rules of what may be typed live in one place and are tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError, Validator

from vegas_table.client.drafting import typing_error
from vegas_table.client.hosting import bots_suggestions, offered_bots, seat_suggestions
from vegas_table.client.lobby import lobby_suggestions
from vegas_table.client.screen import Screen
from vegas_table.client.suggestions import Suggestion, current_word
from vegas_table.client.viewmodel import current_ui, open_prompts


class CommandCompleter(Completer):
    def __init__(self, client: Screen) -> None:
        self.client = client

    def suggestions(self, text: str) -> list[Suggestion]:
        model = self.client.model
        if model.screen == "lobby":
            return lobby_suggestions(text, model.game_types, model.games)
        if text.split()[:1] == ["seat"]:
            return seat_suggestions(text, model.summary, offered_bots(model))
        if text.split()[:1] == ["bots"]:
            return bots_suggestions(text, model.summary, offered_bots(model))
        ui = current_ui(model)
        if ui is None or model.view is None:
            return []
        return ui.suggest(text, model.view, model.seat, open_prompts(model))

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        if not text.strip() and not complete_event.completion_requested:
            return  # an empty line offers everything only on Tab, not right after a command was sent
        _, partial = current_word(text)
        if text.split(None, 1)[0:1] == ["trade"]:
            partial = partial.split(",")[-1]
        suggestions = self.suggestions(text)
        if len(suggestions) == 1 and suggestions[0].text.lower() == partial.lower():
            return  # the word is already complete: nothing to offer
        for s in suggestions:
            # A space after each word, so the next word's suggestions come up at once.
            yield Completion(s.text + " ", start_position=-len(partial), display=s.display or s.text,
                             display_meta=s.meta)


class CommandValidator(Validator):
    """While typing: flags a command that cannot work (an unknown lot, an action the rules refuse)."""

    def __init__(self, client: Screen) -> None:
        self.client = client

    def validate(self, document: Document) -> None:
        problem = typing_error(self.client.model, document.text)
        if problem:
            raise ValidationError(cursor_position=len(document.text), message=problem)
