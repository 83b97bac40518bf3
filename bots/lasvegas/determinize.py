"""A full Las Vegas state consistent with one seat's view: the pile's hidden order sampled.

The view shows the whole table (notes on the casinos, dice, hands, the roll, every note won) and hides the
pile. The pile is the starting pile less every card in sight (a rainbow card discarded counts as one),
shuffled with the bot's generator; the dice generator is fresh. A decision in progress (a kick, the slot
machine's payout) carries more than the view shows, so positions with one pending are not rebuilt.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.api import GameConfig
from engine.core.rng import Rng
from engine.lasvegas.bank import RAINBOW, starting_pile
from engine.lasvegas.legal import place_options
from engine.lasvegas.modules import Modules
from engine.lasvegas.state import KIND_NAMES, LasVegasState


def _note(card: Any) -> int:
    return RAINBOW if card == "rainbow" else int(card)


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random) -> LasVegasState:
    """A state `seat` cannot tell from the real one (no decision pending): a pile order drawn with `rng`."""
    if view.get("pending"):
        raise ValueError("a pending decision cannot be rebuilt from the view")
    players = int(view["players"])
    options = tuple(view.get("options") or ())
    modules = Modules.from_options(options)
    casinos = view["casinos"]
    seats = view["seats"]
    notes = [[_note(n) for n in c["notes"]] for c in casinos]
    won = [[int(n) for n in s["won"]] for s in seats]
    discards = [RAINBOW] * int(view["rainbow_discarded"])
    pile = Counter(starting_pile(modules))
    pile.subtract(Counter([n for casino in notes for n in casino] + [n for w in won for n in w] + discards))
    deck = sorted(pile.elements())
    rng.shuffle(deck)
    config = GameConfig("lasvegas", str(view["rules"]), players, "bot-position", options)
    state = LasVegasState(config=config, players=players, modules=modules, rng=Rng(f"{rng.getrandbits(64):x}"),
                          deck=deck, discards=discards, notes=notes,
                          dice=[[*c["dice"], c["white"]] for c in casinos],
                          biggies=[[*c["biggies"], 0] for c in casinos],
                          slot_dice=[(d["owner"], KIND_NAMES.index(d["kind"]), d["pips"])
                                     for c in casinos for d in c.get("slot_dice", ())],
                          hands=[[s["hand"][k] for k in KIND_NAMES] for s in seats],
                          kickers_used=[int(s["kickers_used"]) for s in seats], neutral_out=int(view["white_out"]),
                          roll=tuple(view["roll"]["dice"]),
                          extra=tuple((KIND_NAMES.index(k), p) for k, p in view["roll"]["extra"]), won=won,
                          round=int(view["round"]), start_player=int(view["start_player"]),
                          current=int(view["current"]), turn=int(view["turn"]), phase=str(view["phase"]))
    state.options = place_options(state) if state.roll or state.extra else ()
    return state
