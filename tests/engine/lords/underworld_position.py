"""Underworld positions for rule tests: `position.blank` with the option on and a chosen line, deck and hands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from tests.engine.lords.position import blank, seat
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lords.cards import cards_for
from vegas_table.engine.lords.state import Held, LordsState, Underworld

MORE_CARDS = (Path(__file__).parent / "data" / "underworld_more_cards.toml").read_text()


def card_index(uw: Underworld, card_id: str) -> int:
    return next(i for i, c in enumerate(uw.cards) if c.id == card_id)


def uw_blank(rules: str = "up", players: int = 4, current: str | int = 0, deck: Iterable[str] = (),
             line: Iterable[str] = (), underworld_deck: Iterable[str] = (),
             hands: Mapping[str | int, Iterable[str]] | None = None, cards: str = "") -> LordsState:
    """`blank` with the Underworld: `line` oldest first, `underworld_deck` top first, `hands` by seat."""
    state = blank(rules, players, current=current, options=("underworld",), deck=deck)
    if cards:
        state.config = GameConfig("lords", rules, players, "position", ("underworld",), cards)
    uw = Underworld(cards_for(cards), [], hands=[[] for _ in range(players)], combo_base=[-1] * players,
                    combo_points=[0] * players)
    uw.line = [card_index(uw, c) for c in line]
    uw.deck = [card_index(uw, c) for c in reversed(list(underworld_deck))]
    for who, held in (hands or {}).items():
        uw.hands[seat(state, who)] = [Held(card_index(uw, c)) for c in held]
    state.uw = uw
    return state


def line_ids(state: LordsState) -> list[str]:
    assert state.uw is not None
    return [state.uw.cards[c].id for c in state.uw.line]


def hand_ids(state: LordsState, who: str | int) -> list[str]:
    assert state.uw is not None
    return [state.uw.cards[h.card].id for h in state.uw.hands[seat(state, who)]]
