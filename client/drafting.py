"""The command being typed, before Enter: what is wrong with it, what it would do, the places it names.

Pure functions of the view-model and the line, asked on every keystroke by the command line's validator
(`client.inputs`) and by the notice and board windows (`client.layout`).
"""

from __future__ import annotations

from vegas_table.client.suggestions import CLIENT_WORDS
from vegas_table.client.viewmodel import ClientModel, current_ui, open_prompts


def _game_words(model: ClientModel, text: str) -> bool:
    """Whether `text` is a game command on the game screen (not empty, not one of the client's own words)."""
    return model.screen == "game" and bool(text.strip()) and text.split()[0].lower() not in CLIENT_WORDS


def typing_error(model: ClientModel, text: str) -> str | None:
    """Why the game command on the line cannot work, or None (nothing to say yet)."""
    ui = current_ui(model)
    if not _game_words(model, text) or ui is None or model.view is None or text.split()[0].lower() in ui.looks:
        return None
    return ui.typing_error(text, model.view, model.seat, open_prompts(model))


def typing_preview(model: ClientModel, text: str) -> str | None:
    """What the valid command on the line will cost and do, shown under it before Enter."""
    ui = current_ui(model)
    if not _game_words(model, text) or ui is None or model.view is None:
        return None
    return ui.preview(text, model.view, model.seat, open_prompts(model))


def mentioned_words(text: str) -> frozenset[str]:
    """The words on the command line (upper case): the board highlights the places they name."""
    return frozenset(w.upper().strip(",") for w in text.split())
