"""Casinos: maximal groups of same-colour, same-height tiles sharing edges inside one block.

A block has at most 12 lots, so a block's casinos are simply recomputed from its tiles (`regroup`, when a
state is decoded or laid out); as play changes tiles, the changed group joins the casinos around it that
match (`join`), which also reports merges. A casino is identified by its root: its lowest-numbered lot.
Bosses are derived, never stored: the owner of the single highest die. Whenever dice of different players
tie for highest, `settle_ties` rerolls exactly those dice until one player is highest (rulebook 000,
"Settling Who's the Boss").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from vegas_table.engine.core.api import Event
from vegas_table.engine.lords.board import BLOCK_LOTS, BLOCKS, COLOURS, LOTS, frontier
from vegas_table.engine.lords.events import BossTie, CasinosMerged
from vegas_table.engine.lords.holdings import regrouped, touched
from vegas_table.engine.lords.state import LordsState

_BLOCK_LOTS_BY_INDEX = tuple(BLOCK_LOTS[b] for b in BLOCKS)


@lru_cache(maxsize=4096)
def names(lots: tuple[int, ...]) -> tuple[str, ...]:
    """The names of a casino's lots, for events (remembered: every payout and tie names its casino)."""
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
            events.append(CasinosMerged(names(casinos[start]), COLOURS[colour], level))
    regrouped(state, {*before.values(), *(casino_of[lot] for lot in lots if tile[lot] >= 0)})


def join(state: LordsState, group: tuple[int, ...], events: list[Event]) -> None:
    """The tiles of `group` (a new tile, or a whole casino remodeled or raised) changed: join it with the
    casinos around it that now have its colour and height, and report a merge of two or more casinos.

    The same as `regroup` of its block, for less: tiles never leave the board, so casinos only ever grow,
    and a casino is maximal, so nothing beyond the casinos touching `group` can join it.
    """
    casino_of, casinos, tile, height = state.casino_of, state.casinos, state.tile, state.height
    colour, level, old = tile[group[0]], height[group[0]], casino_of[group[0]]
    roots = {old} if old >= 0 else set()
    members = set(group)
    for near in frontier(group):
        root = casino_of[near]
        if root >= 0 and root not in roots and tile[near] == colour and height[near] == level:
            roots.add(root)
            members.update(casinos[root])
    if old >= 0 and len(roots) == 1:
        return
    for root in roots:
        del casinos[root]
    casino = tuple(sorted(members))
    casinos[casino[0]] = casino
    for lot in casino:
        casino_of[lot] = casino[0]
    regrouped(state, {*roots, casino[0]})
    if len(roots) > 1:
        events.append(CasinosMerged(names(casino), COLOURS[colour], level))


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


@lru_cache(maxsize=4096)
def touches_strip(lots: tuple[int, ...]) -> bool:
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
    casino_of, casinos = state.casino_of, state.casinos
    for block in sorted(set(blocks)):
        for root in _BLOCK_LOTS_BY_INDEX[block]:
            if casino_of[root] != root or len(casinos[root]) == 1:  # a casino of one lot has one die at most
                continue
            settle_casino(state, events, root)


def settle_casino(state: LordsState, events: list[Event], root: int) -> None:
    """Reroll tied highest dice of different players in the casino rooted at `root` until it has one boss.

    After an action that changed one casino only (a build, sprawl, remodel, raise or reorganization), this
    is `settle_ties` of its block for less: no casino is ever left tied (an invariant the property tests
    check, tests/engine/lords/invariants.py), so the changed one is the only one that can be."""
    lots = state.casinos[root]
    if len(lots) == 1:  # a casino of one lot has one die at most
        return
    tied = _tied_highest(state, lots)
    while tied:
        rolls = []
        for lot in tied:
            old, new = state.die_pips[lot], state.rng.die()
            state.die_pips[lot] = new
            rolls.append((LOTS[lot].name, state.die_owner[lot], old, new))
        touched(state, root)
        events.append(BossTie(names(lots), tuple(rolls)))
        tied = _tied_highest(state, lots)
