"""A full Lords of Vegas state drawn from what one seat sees (`Game.view`): a possible world for search.

The table is the view's, rebuilt by the one view-to-state of the engine (`engine/lords/unview.py`, which the
client's rules mirror also stands on); what is hidden is drawn: the order of the cards left in the property
deck, of the Underworld deck (option underworld: the cards of the game's card file that the view shows
nowhere), and a fresh generator for the dice (seeded from the caller's `rng`; once the game is over the
view shows the real seed, and it is kept). Nothing is read but the view, so two states that look the same
to the seat give identically distributed worlds.

The End of Game card lies on top of the fourth stack, so it keeps its depth: the cards below it are the
fourth stack, a quarter of the cards left after the deal (in a 2-player game the deal discards the F cards
it meets, which the discard pile shows: those before its fourth other card). The card in hand (`last_card`
while the draw step waits for a decision) is neither in the deck nor in the discards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from vegas_table.engine.core.api import RandomSource
from vegas_table.engine.core.sampling import fresh_seed, shuffle
from vegas_table.engine.lords.board import CLOSED_BLOCK_FOR_TWO, END_OF_GAME, LOT_COUNT, LOTS
from vegas_table.engine.lords.state import DRAW, START_CARDS, LordsState
from vegas_table.engine.lords.turn import STACKS
from vegas_table.engine.lords.unview import card_of, state_of_view, underworld_unseen
from vegas_table.engine.lords.views import LordsView


def determinize(view: Mapping[str, Any], seat: int, rng: RandomSource) -> LordsState:
    """A state whose `view(state, seat)` is `view`, its hidden parts drawn as the module docstring says."""
    shown = cast(LordsView, view)
    seed = shown["seed"] or fresh_seed(rng)
    deck = _deck(shown, rng)
    underworld: list[int] = []
    if "underworld" in shown:
        underworld = underworld_unseen(shown)
        shuffle(underworld, rng)
    return state_of_view(shown, seed, deck, underworld)


def _deck(view: LordsView, rng: RandomSource) -> list[int]:
    """The deck (top last): the cards neither discarded nor in hand, shuffled, the End of Game card at its
    depth."""
    gone = [card_of(name) for name in view["discard_pile"]]
    in_hand = card_of(view["last_card"]) if view["phase"] == DRAW else -1
    deck = [card for card in range(LOT_COUNT) if card not in gone and card != in_hand]
    shuffle(deck, rng)
    if END_OF_GAME not in gone:
        dealt_past = 0
        if view["players"] == 2:  # the F cards the deal met before its fourth other card
            others = [i for i, card in enumerate(gone) if not _closed(2, card)]
            dealt_past = sum(1 for card in gone[:others[START_CARDS * 2 - 1] + 1] if _closed(2, card))
        below = (LOT_COUNT - START_CARDS * view["players"] - dealt_past) // STACKS
        deck.insert(min(below, len(deck)), END_OF_GAME)
    return deck


def _closed(players: int, card: int) -> bool:
    return players == 2 and card < LOT_COUNT and LOTS[card].block == CLOSED_BLOCK_FOR_TWO
