"""What the search bot needs to play Las Vegas (see `bots.search.Model`).

Every legal placement is a root candidate, greedy's first. Playouts play greedy (a tenth of the choices at
random) until the round is paid, and score its end by each seat's money margin over the best opponent (the
game's result once it is over). A pending decision (a kick, a slot machine note) is left to the greedy bot:
its choices are few and plain.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bots.base import concrete
from bots.greedy import Table
from engine.lasvegas.game import LAS_VEGAS as GAME
from engine.lasvegas.state import OVER, LasVegasState

EXPLORE = 0.1  # the share of a playout's choices made at random
MARGIN_SCALE = 60.0  # $k of margin that count as a clear lead: a playout's unit of score


class LasVegasModel:
    paired = True
    playouts = 100

    def root(self, view: Mapping[str, Any], options: Sequence[Any]) -> list[Any]:
        """Every option, the greedy bot's choice first (the search keeps it unless another is clearly better)."""
        choice = options[Table.of(view).best(options, int(view["viewer"]))]
        return [choice, *(o for o in options if o != choice)]

    def determinize(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> LasVegasState:
        return GAME.determinize(view, seat, rng)

    def candidates(self, state: LasVegasState, seat: int, rng: random.Random) -> list[Any]:
        options = GAME.legal_actions(state, seat)
        rng.shuffle(options)
        return options

    def playout(self, state: LasVegasState, rng: random.Random) -> None:
        """Every seat plays greedy (a tenth of its choices at random) to the end of the round."""
        round_ = state.round
        while state.phase != OVER and state.round == round_:
            seat = GAME.actors(state)[0]
            options = GAME.legal_actions(state, seat)
            if len(options) > 1 and rng.random() >= EXPLORE:
                action = options[Table.of_state(state).best(options, seat)]
            else:
                action = concrete(rng.choice(options), rng)
            GAME.apply(state, seat, action)

    def rewards(self, state: LasVegasState) -> list[float]:
        """Each seat's money margin over the best opponent in units of `MARGIN_SCALE`, and once the game is
        over 1 more for a win (less for a shared one), 1 less for a loss."""
        money = [state.money(s) for s in range(state.players)]
        margins = [(money[s] - max(m for o, m in enumerate(money) if o != s)) / MARGIN_SCALE
                   for s in range(state.players)]
        if state.phase == OVER:
            return [m + (1.0 / len(state.winners) if s in state.winners else -1.0) for s, m in enumerate(margins)]
        return margins
