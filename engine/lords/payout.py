"""Casinos pay: every die's pips to its owner, then each boss scores the casino's tiles on the track.

Both the draw step (`turn.pay_out`: the drawn card's colour, or The Strip) and an Underworld card ("pay all
casinos", `underworld.py`) pay casinos this way, so it stands below both.
"""

from __future__ import annotations

from vegas_table.engine.core.api import Event
from vegas_table.engine.lords.board import CARD_COLOURS, COLOURS, STRIP
from vegas_table.engine.lords.casinos import names, tile_count, touches_strip
from vegas_table.engine.lords.events import CasinoPaid, Scored
from vegas_table.engine.lords.state import LordsState
from vegas_table.engine.lords.track import advance

ALL_CASINOS = len(CARD_COLOURS)  # "pay all casinos" (an Underworld card), beside the card colours and STRIP


def pay_casinos(state: LordsState, events: list[Event], colour: int) -> None:
    """Each paying casino pays every die's pips to its owner; then bosses score, smallest casino first.

    `colour` is a casino colour, STRIP (casinos touching The Strip) or ALL_CASINOS (every casino)."""
    casinos, tile, owner, pips, money = state.casinos, state.tile, state.die_owner, state.die_pips, state.money
    height = state.height
    if colour == ALL_CASINOS:
        paying = sorted(casinos)
    elif colour == STRIP:
        paying = sorted([root for root, lots in casinos.items() if touches_strip(lots)])
    else:
        paying = sorted([root for root in casinos if tile[root] == colour])  # sorting the few is cheaper
    to_score: list[tuple[int, int, int]] = []  # (points, root, boss)
    for root in paying:
        lots = casinos[root]
        if len(lots) == 1:  # most casinos: one die at most, its owner the boss
            chief = owner[root]
            payouts: tuple[tuple[int, int], ...] = ((chief, pips[root]),) if chief >= 0 else ()
            if chief >= 0:
                money[chief] += pips[root]
        else:
            amounts = [0] * state.players
            chief, best = -1, 0  # as `boss` finds it, in the same pass
            for lot in lots:
                who = owner[lot]
                if who >= 0:
                    amounts[who] += pips[lot]
                    if pips[lot] > best:
                        chief, best = who, pips[lot]
            payouts = tuple([(s, a) for s, a in enumerate(amounts) if a])
            for seat, amount in payouts:
                money[seat] += amount
        points = tile_count(state, lots)
        events.append(CasinoPaid(names(lots), COLOURS[tile[root]], height[root], payouts, chief, points))
        if chief >= 0:
            to_score.append((points, root, chief))
    for points, root, chief in sorted(to_score):
        before = state.score[chief]
        state.score[chief] = advance(before, points)
        if state.uw is not None:  # card points after this start from where the chip is now (underworld.py)
            state.uw.combo_base[chief] = -1
        events.append(Scored(chief, names(casinos[root]), points, before, state.score[chief]))
