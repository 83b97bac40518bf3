"""Las Vegas behind the engine's game-agnostic interface (`engine.core.api.Game`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from vegas_table.engine.core.api import Event, GameConfig, RandomSource, Result, RuleSetInfo
from vegas_table.engine.core.canonical import JSONValue, canonical_hash
from vegas_table.engine.core.config import check_config
from vegas_table.engine.core.errors import MalformedAction
from vegas_table.engine.lasvegas.actions import Kick, Place, Take, parse_action
from vegas_table.engine.lasvegas.codec import decode, encode, view, views
from vegas_table.engine.lasvegas.decisions import do_kick, do_take
from vegas_table.engine.lasvegas.determinize import determinize
from vegas_table.engine.lasvegas.events import describe
from vegas_table.engine.lasvegas.legal import kept_legal_actions, legal_actions, random_action
from vegas_table.engine.lasvegas.modules import OPTIONS
from vegas_table.engine.lasvegas.state import OVER, PLAYER_COLOURS, LasVegasState
from vegas_table.engine.lasvegas.turns import do_place, new_state

_RULES: Mapping[type, Callable[[LasVegasState, int, Any, list[Event]], None]] = {
    Place: do_place, Kick: do_kick, Take: do_take,
}


class LasVegas:
    """The rules of Las Vegas as functions over `LasVegasState`."""

    name = "lasvegas"
    title = "Las Vegas"
    rule_sets: Mapping[str, RuleSetInfo] = {
        "base": RuleSetInfo("base", 2, 6, "Las Vegas (Rüdiger Dorn), 4 rounds; modules are options"),
    }
    options: Sequence[str] = OPTIONS
    out_of_turn = False  # only the seat whose turn or decision it is ever acts

    def new(self, config: GameConfig) -> tuple[LasVegasState, list[Event]]:
        check_config(self, config)
        return new_state(config)

    def config(self, state: LasVegasState) -> GameConfig:
        return state.config

    def actors(self, state: LasVegasState) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        return (state.pending.seat,) if state.pending is not None else (state.current,)

    legal_actions = staticmethod(legal_actions)  # the rule itself: bots ask before every action
    kept_legal_actions = staticmethod(kept_legal_actions)
    random_action = staticmethod(random_action)

    def default_action(self, state: LasVegasState, seat: int) -> Any | None:
        """A decision's documented default (its first answer); on one's turn, placing the lowest number."""
        options = legal_actions(state, seat) if seat in self.actors(state) else []
        return options[0] if options else None

    def apply(self, state: LasVegasState, seat: int, action: Any) -> list[Event]:
        """Apply `seat`'s action; IllegalAction (state unchanged) if the rules forbid it."""
        if not 0 <= seat < state.players:
            raise MalformedAction("bad_seat", f"seat {seat} is not in this {state.players}-player game")
        rule = _RULES.get(type(action))
        if rule is None:
            raise MalformedAction("malformed_action", f"{action!r} is not a Las Vegas action")
        events: list[Event] = []
        rule(state, seat, action, events)
        return events

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def is_over(self, state: LasVegasState) -> bool:
        return state.phase == OVER

    def result(self, state: LasVegasState) -> Result | None:
        if state.phase != OVER:
            return None
        standings = tuple({"money": state.money(s), "notes": len(state.won[s])} for s in range(state.players))
        return Result(state.winners, standings, "four_rounds")

    def view(self, state: LasVegasState, seat: int | None) -> dict[str, JSONValue]:
        return cast("dict[str, JSONValue]", view(state, seat))  # a LasVegasView (`views.py`) as the interface has it

    def determinize(self, view: Mapping[str, Any], seat: int, rng: RandomSource) -> LasVegasState:
        """A full state that shows `seat` exactly `view`, the pile drawn anew (see `determinize.py`)."""
        return determinize(view, seat, rng)

    def views(self, state: LasVegasState, seats: Sequence[int | None]) -> list[dict[str, JSONValue]]:
        return cast("list[dict[str, JSONValue]]", views(state, seats))

    def encode(self, state: LasVegasState) -> dict[str, JSONValue]:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> LasVegasState:
        return decode(data)

    def state_hash(self, state: LasVegasState) -> str:
        return canonical_hash(encode(state))

    def sealed(self, state: LasVegasState) -> LasVegasState:
        return state.sealed()

    def clone(self, state: LasVegasState) -> LasVegasState:
        return state.clone()

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return tuple(c.capitalize() for c in PLAYER_COLOURS[:config.players])

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    def turn_number(self, state: LasVegasState) -> int:
        return state.turn


LAS_VEGAS = LasVegas()
