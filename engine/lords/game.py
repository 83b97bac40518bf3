"""Lords of Vegas behind the engine's game-agnostic interface (`engine.core.api.Game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from vegas_table.engine.core.api import Event, GameConfig, RandomSource, Result, RuleSetInfo
from vegas_table.engine.core.canonical import JSONValue, canonical_hash
from vegas_table.engine.core.config import check_config
from vegas_table.engine.core.errors import MalformedAction
from vegas_table.engine.lords import actions as a
from vegas_table.engine.lords.codec import decode, encode, view, views
from vegas_table.engine.lords.determinize import determinize
from vegas_table.engine.lords.events import describe
from vegas_table.engine.lords.holdings import holdings
from vegas_table.engine.lords.legal import decision_answers, legal_actions
from vegas_table.engine.lords.play import perform
from vegas_table.engine.lords.sample import random_action
from vegas_table.engine.lords.state import OVER, PLAYER_COLOURS, LordsState
from vegas_table.engine.lords.turn import new_state


class LordsOfVegas:
    """The rules of Lords of Vegas as functions over `LordsState`."""

    name = "lords"
    title = "Lords of Vegas"
    rule_sets: Mapping[str, RuleSetInfo] = {
        "classic": RuleSetInfo("classic", 2, 4, "the original 2010 rules (rulebook 001): no risers"),
        "up": RuleSetInfo("up", 2, 6, "2nd edition with the Up! expansion (rulebook 000): risers, raise"),
        "underworld": RuleSetInfo("underworld", 2, 6, "the unified rulebook (003): up with the Underworld deck "
                                  "(the same as up with the underworld option)"),
    }
    options: Sequence[str] = ("layoff", "underworld")
    out_of_turn = True  # a trade's parties answer it whoever's turn it is

    def new(self, config: GameConfig) -> tuple[LordsState, list[Event]]:
        check_config(self, config)
        return new_state(config)

    def config(self, state: LordsState) -> GameConfig:
        return state.config

    def actors(self, state: LordsState) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        return (state.pending[0].seat,) if state.pending else (state.current,)

    def legal_actions(self, state: LordsState, seat: int) -> list[Any]:
        return legal_actions(state, seat)

    def kept_legal_actions(self, state: LordsState, seat: int) -> None:
        """None: a turn's actions are listed afresh (the lots, colours and bets change with every action)."""
        return None

    def default_action(self, state: LordsState, seat: int) -> Any | None:
        """A decision's documented default (its first answer); on one's turn, ending it."""
        if state.phase == OVER:
            return None
        if state.pending:
            head = state.pending[0]
            return decision_answers(state, head)[0] if head.seat == seat else None
        return a.EndTurn() if seat == state.current else None

    random_action = staticmethod(random_action)  # the rule itself: playouts ask after every action

    def apply(self, state: LordsState, seat: int, action: Any) -> list[Event]:
        """Apply `seat`'s action; IllegalAction (state unchanged) if the rules forbid it."""
        if not 0 <= seat < state.players:
            raise MalformedAction("bad_seat", f"seat {seat} is not in this {state.players}-player game")
        return perform(state, seat, action)

    def parse_action(self, text: str) -> Any:
        return a.parse_action(text)

    def is_over(self, state: LordsState) -> bool:
        return state.phase == OVER

    def result(self, state: LordsState) -> Result | None:
        if state.phase != OVER:
            return None
        standings = tuple({"points": state.score[s], "money": state.money[s]} for s in range(state.players))
        return Result(state.winners, standings, state.end_reason)

    def view(self, state: LordsState, seat: int | None) -> dict[str, JSONValue]:
        return cast("dict[str, JSONValue]", view(state, seat))  # a LordsView (`views.py`) as the interface has it

    def determinize(self, view: Mapping[str, Any], seat: int, rng: RandomSource) -> LordsState:
        """A full state that shows `seat` exactly `view`, the deck drawn anew (see `determinize.py`)."""
        return determinize(view, seat, rng)

    def views(self, state: LordsState, seats: Sequence[int | None]) -> list[dict[str, JSONValue]]:
        return cast("list[dict[str, JSONValue]]", views(state, seats))

    def encode(self, state: LordsState) -> dict[str, JSONValue]:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> LordsState:
        return decode(data)

    def state_hash(self, state: LordsState) -> str:
        return canonical_hash(encode(state))

    def sealed(self, state: LordsState) -> LordsState:
        """The state sealed for a seat's eyes, sharing its holdings counted first (so that both keep one index
        of who holds what, the state's, which the rules keep up to date)."""
        holdings(state)
        return state.sealed()

    def clone(self, state: LordsState) -> LordsState:
        return state.clone()

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return tuple(c.capitalize() for c in PLAYER_COLOURS[config.rules][:config.players])

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    def turn_number(self, state: LordsState) -> int:
        return state.turn


LORDS_OF_VEGAS = LordsOfVegas()
