"""Lords of Vegas events are values: not frozen (their fields are `Final` for the type checker,
engine/lords/events.py), so this checks that no event changes once the engine has handed it out, and that
equal events hash alike."""

from __future__ import annotations

import dataclasses
import random

from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME


def test_events_are_values_the_engine_never_changes_after_emitting_them() -> None:
    emitted: list[tuple[Event, dict[str, object]]] = []
    for players, seed in ((2, "values-2"), (4, "values-4")):
        state, events = GAME.new(GameConfig("lords", "up", players, seed, ("layoff",)))
        chooser = random.Random(seed)
        while True:
            emitted += [(event, event.to_json()) for event in events]
            if GAME.is_over(state):
                break
            seat = GAME.actors(state)[0]
            events = GAME.apply(state, seat, GAME.random_action(state, seat, chooser))
    assert len({event.kind for event, _ in emitted}) >= 15
    for event, data in emitted:
        assert event.to_json() == data
        twin = type(event)(**{f.name: getattr(event, f.name) for f in dataclasses.fields(event)})
        assert twin == event and hash(twin) == hash(event)
