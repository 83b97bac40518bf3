"""What the client needs from each game besides drawing it: prompts, reading commands, completion, help.

The screen never names a game: it asks `game_ui(view)`, which dispatches on `view["game"]` like the render
functions do, so Las Vegas plugs in next to Lords of Vegas.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vegas_table.client.choices import Prompt
from vegas_table.client.orders import Order
from vegas_table.client.suggestions import Suggestion

View = Mapping[str, Any]


def plain_digest(before: View, after: View, seat: int, events: Sequence[str]) -> list[str]:
    """What changed since a seat's turn ended, for a game without a digest of its own: the events in between
    but the turns' own markers."""
    return [text for text in events if not text.startswith("Turn ")] or ["Nothing happened."]


@dataclass(frozen=True, slots=True)
class GameUi:
    title: str
    prompts: Callable[[View, int | None], list[Prompt]]
    resolve: Callable[[str, View, int | None, Sequence[Prompt]], Order]
    typing_error: Callable[[str, View, int | None, Sequence[Prompt]], str | None]
    suggest: Callable[[str, View, int | None, Sequence[Prompt]], list[Suggestion]]
    help: tuple[str, ...]
    preview: Callable[[str, View, int | None, Sequence[Prompt]], str | None]  # what a valid command will do
    confirm: Callable[[str, View, int | None, int], str | None]  # the question before a final or dear action
    topics: Mapping[str, tuple[str, ...]]  # `help TOPIC`: the legend of the board and short rules
    looks: Mapping[str, str] = field(default_factory=dict)  # words that show something in the log: what
    look: Callable[[str, View], list[str] | None] = lambda word, view: None
    # what changed for a seat since its turn ended: (the view then, the view now, the seat, the log's
    # sentences in between) -> sentences
    digest: Callable[[View, View, int, Sequence[str]], list[str]] = field(default=plain_digest)


def _lords() -> GameUi:
    from vegas_table.client.lords import commands, completion, confirm, digest, guide, looks, preview, prompts

    return GameUi("Lords of Vegas", prompts.lords_prompts, commands.resolve, commands.typing_error,
                  completion.suggest, commands.HELP, preview.preview_text, confirm.question, guide.TOPICS,
                  looks.LOOKS, looks.look, digest.lords_digest)


def _lasvegas() -> GameUi:
    from vegas_table.client.lasvegas import commands, completion, guide, prompts

    return GameUi("Las Vegas", prompts.lasvegas_prompts, commands.resolve, commands.typing_error,
                  completion.suggest, commands.HELP, commands.preview, lambda *_: None, guide.TOPICS)


_FACTORIES: dict[str, Callable[[], GameUi]] = {"lords": _lords, "lasvegas": _lasvegas}
_CACHE: dict[str, GameUi] = {}


def game_ui(view: View) -> GameUi | None:
    """The UI of the view's game, or None for a game this client does not know."""
    name = str(view.get("game"))
    if name not in _CACHE and name in _FACTORIES:
        _CACHE[name] = _FACTORIES[name]()
    return _CACHE.get(name)
