"""Invariants of every Lords of Vegas state, checked independently of the engine's own bookkeeping."""

from __future__ import annotations

import json

from vegas_table.engine.lords.board import COLOURS, LOT_COUNT, LOTS, TILES_PER_COLOUR
from vegas_table.engine.lords.codec import decode, encode
from vegas_table.engine.lords.state import DICE_PER_PLAYER, MARKERS_PER_PLAYER, LordsState
from vegas_table.engine.lords.track import is_stop


def expected_casinos(state: LordsState) -> dict[int, tuple[int, ...]]:
    """Maximal same-colour, same-height groups inside a block, by union-find over the whole board."""
    parent = list(range(LOT_COUNT))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for lot in LOTS:
        for near in lot.neighbours:
            same = state.tile[lot.index] >= 0 and state.tile[near] == state.tile[lot.index]
            if same and state.height[near] == state.height[lot.index]:
                parent[find(near)] = find(lot.index)
    groups: dict[int, list[int]] = {}
    for i in range(LOT_COUNT):
        if state.tile[i] >= 0:
            groups.setdefault(find(i), []).append(i)
    return {min(g): tuple(sorted(g)) for g in groups.values()}


def check(state: LordsState) -> None:
    for colour in range(len(COLOURS)):
        on_board = state.tile.count(colour)
        assert on_board <= TILES_PER_COLOUR and state.tiles_left[colour] == TILES_PER_COLOUR - on_board
    for seat in range(state.players):
        assert state.dice_down(seat) <= DICE_PER_PLAYER and state.markers_down(seat) <= MARKERS_PER_PLAYER
        assert state.money[seat] >= 0 and is_stop(state.score[seat])
    for i in range(LOT_COUNT):
        assert not (state.marker[i] >= 0 and state.tile[i] >= 0), "a lot is a parking lot or a casino, not both"
        assert (state.die_owner[i] >= 0) == (1 <= state.die_pips[i] <= 6)
        assert state.die_owner[i] < 0 or state.tile[i] >= 0
        assert (state.tile[i] >= 0) == (1 <= state.height[i] <= max(1, state.players if state.risers else 1))
    assert state.casinos == expected_casinos(state)
    if not state.pending:
        for lots in state.casinos.values():
            dice = [(state.die_pips[i], state.die_owner[i]) for i in lots if state.die_owner[i] >= 0]
            if dice:
                top = max(p for p, _ in dice)
                assert len({o for p, o in dice if p == top}) == 1, "two players tied for boss"


def check_codec(state: LordsState) -> None:
    data = encode(state)
    assert json.loads(json.dumps(data)) == data
    assert encode(decode(data)) == data
