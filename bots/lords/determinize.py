"""A full Lords of Vegas state consistent with one seat's view: the hidden deck order sampled.

The view hides only the deck's order: the discard pile is open card by card, so the cards still in the
deck are exactly the lots' cards not in it, and End of Game's depth follows from the deal (the first
discards; with 2 players also the F cards it set aside): it lies under the first three of four stacks of
what the deal left. The dice generator is fresh, from the bot's generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bots.lords.position import position_from_view
from bots.lords.value import STACKS, dealt
from engine.core.rng import Rng
from engine.lords.board import END_OF_GAME, LOT_BY_NAME, LOT_COUNT
from engine.lords.state import LordsState


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random, base: LordsState | None = None
                ) -> LordsState:
    """A state `seat` cannot tell from the real one: same view, a deck order drawn with `rng`. `base`, the
    position the view shows (`position_from_view`), saves rebuilding it for each sample."""
    state = base.clone() if base is not None else position_from_view(view, "")
    state.rng = Rng(f"{rng.getrandbits(64):016x}")
    pile = [END_OF_GAME if name == "End of Game" else LOT_BY_NAME[name] for name in view["discard_pile"]]
    state.discards = pile
    gone = set(pile)
    unseen = [lot for lot in range(LOT_COUNT) if lot not in gone]
    rng.shuffle(unseen)
    deck_left = int(view["deck_left"])
    if not deck_left:
        return state
    players = int(view["players"])
    after_deal = LOT_COUNT - dealt(pile, players)
    above = deck_left - 1 - after_deal // STACKS  # cards over End of Game
    state.deck = [*unseen[above:], END_OF_GAME, *unseen[:above]]  # the top of the deck is the end of the list
    return state

