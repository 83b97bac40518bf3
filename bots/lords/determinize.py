"""A full Lords of Vegas state consistent with one seat's view: the hidden deck order sampled.

The view hides only the deck's order. Its make-up is known by colour (printed cards minus discards), and
which lots' cards can still be in it follows from the board: a lot's card, once drawn, leaves a marker or
its drawer's die there, so an empty lot's card is still unseen, a parking lot's is not, and a casino tile's
may be either (built from a parking lot: seen; sprawled onto: maybe not). Each colour's unseen count is
filled with its empty lots first, then with its tiles at random. End of Game goes where the stacking put
it: under the draws left (see `value.Outlook`). The dice generator is fresh, from the bot's generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bots.lords.position import position_from_view
from bots.lords.value import CARDS_PER_COLOUR, draws_left
from engine.core.rng import Rng
from engine.lords.board import CARD_COLOURS, END_OF_GAME, LOT_COUNT, LOTS
from engine.lords.state import LordsState

CARDS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(LOT_COUNT) if LOTS[i].card_colour == c)
                                              for c in range(len(CARD_COLOURS)))


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random, base: LordsState | None = None
                ) -> LordsState:
    """A state `seat` cannot tell from the real one: same view, a deck order drawn with `rng`. `base`, the
    position the view shows (`position_from_view`), saves rebuilding it for each sample."""
    state = base.clone() if base is not None else position_from_view(view, "")
    state.rng = Rng(f"{rng.getrandbits(64):016x}")
    discards = view["discards"]
    unseen: list[int] = []
    for colour, name in enumerate(CARD_COLOURS):
        count = max(0, CARDS_PER_COLOUR[colour] - int(discards.get(name, 0)))
        empty = [i for i in CARDS_OF[colour] if state.marker[i] < 0 and state.tile[i] < 0]
        tiled = [i for i in CARDS_OF[colour] if state.tile[i] >= 0]
        rng.shuffle(empty)
        rng.shuffle(tiled)
        unseen += (empty + tiled)[:count]
    rng.shuffle(unseen)
    deck_left = int(view["deck_left"])
    if not deck_left:
        return state
    above = min(len(unseen), round(draws_left(int(view["players"]), deck_left)))
    top, bottom = unseen[:above], unseen[above:]
    state.deck = [*bottom, END_OF_GAME, *top]  # the top of the deck is the end of the list
    hidden = set(unseen)
    state.discards = [lot for lot in range(LOT_COUNT) if lot not in hidden]
    return state
