"""Casinos: maximal groups of same-colour, same-height tiles sharing edges inside one block.

A block has at most 12 lots, so after any change to tiles the block's casinos are simply recomputed
(`regroup`), which also reports merges. A casino is identified by its root: its lowest-numbered lot.
Bosses are derived, never stored: the owner of the single highest die. Whenever dice of different players
tie for highest, `settle_ties` rerolls exactly those dice until one player is highest (rulebook 000,
"Settling Who's the Boss").
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.api import Event
from engine.lords.board import BLOCK_LOTS, BLOCK_OF, BLOCKS, COLOURS, LOTS
from engine.lords.events import BossTie, CasinosMerged
from engine.lords.state import LordsState

_BLOCK_LOTS_BY_INDEX = tuple(BLOCK_LOTS[b] for b in BLOCKS)


def names(lots: Iterable[int]) -> tuple[str, ...]:
    return tuple(LOTS[i].name for i in lots)


def regroup(state: LordsState, block: int, events: list[Event] | None = None) -> None:
    """Recompute the casinos of `block` (an index into BLOCKS); report merges into `events`."""
    casino_of, casinos, tile, height = state.casino_of, state.casinos, state.tile, state.height
    lots = _BLOCK_LOTS_BY_INDEX[block]
    before = {lot: casino_of[lot] for lot in lots if tile[lot] >= 0}
    for lot in lots:
        if casino_of[lot] == lot:
            del casinos[lot]
        casino_of[lot] = -1
    for start in lots:
        if tile[start] < 0 or casino_of[start] >= 0:
            continue
        colour, level = tile[start], height[start]
        group, frontier = [start], [start]
        casino_of[start] = start
        while frontier:
            for near in LOTS[frontier.pop()].neighbours:
                if casino_of[near] < 0 and tile[near] == colour and height[near] == level:
                    casino_of[near] = start
                    group.append(near)
                    frontier.append(near)
        group.sort()
        casinos[start] = tuple(group)
        if events is not None and len({before.get(lot, -1) for lot in group} - {-1}) > 1:
            events.append(CasinosMerged(names(group), COLOURS[colour], level))


def regroup_lot(state: LordsState, lot: int, events: list[Event] | None = None) -> None:
    regroup(state, BLOCK_OF[lot], events)


def boss(state: LordsState, lots: Iterable[int]) -> int:
    """The seat owning the highest die among `lots`, or -1 if no die is there."""
    owner, best = -1, 0
    die_owner, die_pips = state.die_owner, state.die_pips
    for lot in lots:
        if die_owner[lot] >= 0 and die_pips[lot] > best:
            owner, best = die_owner[lot], die_pips[lot]
    return owner


def tile_count(state: LordsState, lots: tuple[int, ...]) -> int:
    """Tiles in a casino, risers included: its points and its betting size (spaces × height)."""
    return len(lots) * state.height[lots[0]]


def touches_strip(lots: Iterable[int]) -> bool:
    return any(LOTS[lot].touches_strip for lot in lots)


def _tied_highest(state: LordsState, lots: tuple[int, ...]) -> list[int]:
    """The lots holding the highest dice, if those belong to two or more players; else []."""
    die_owner, die_pips = state.die_owner, state.die_pips
    best, holders = 0, []
    for lot in lots:
        if die_owner[lot] < 0:
            continue
        if die_pips[lot] > best:
            best, holders = die_pips[lot], [lot]
        elif die_pips[lot] == best:
            holders.append(lot)
    if len(holders) > 1 and any(die_owner[lot] != die_owner[holders[0]] for lot in holders):
        return holders
    return []


def settle_ties(state: LordsState, events: list[Event], blocks: Iterable[int]) -> None:
    """Reroll tied highest dice of different players in every casino of `blocks` until each has one boss."""
    for block in sorted(set(blocks)):
        for root in [lot for lot in _BLOCK_LOTS_BY_INDEX[block] if state.casino_of[lot] == lot]:
            lots = state.casinos[root]
            tied = _tied_highest(state, lots)
            while tied:
                rolls = []
                for lot in tied:
                    old, new = state.die_pips[lot], state.rng.die()
                    state.die_pips[lot] = new
                    rolls.append((LOTS[lot].name, state.die_owner[lot], old, new))
                events.append(BossTie(names(lots), tuple(rolls)))
                tied = _tied_highest(state, lots)
