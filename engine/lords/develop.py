"""The current player's development actions: build, sprawl, remodel, reorganize, raise.

Each `do_*` validates everything first (raising IllegalAction with the state untouched), then changes the
state and appends its events. Merges are reported as the changed tiles join the casinos around them; boss
ties are settled at the end of each action, once any decision it asked for has been made.
"""

from __future__ import annotations

from vegas_table.engine.core.api import Event
from vegas_table.engine.lords.actions import Build, Raise, Remodel, Reorganize, Sprawl
from vegas_table.engine.lords.board import CLOSED_BLOCK_FOR_TWO, COLOURS, LOTS
from vegas_table.engine.lords.casinos import boss, join, names
from vegas_table.engine.lords.checks import check_money, check_turn, illegal, lot_index, owner_phrase
from vegas_table.engine.lords.decisions import place_die, settle_after_action
from vegas_table.engine.lords.events import Built, Raised, Remodeled, Reorganized, Sprawled
from vegas_table.engine.lords.holdings import put_marker, regrouped, touched
from vegas_table.engine.lords.state import REMODEL_COST, RISER_COST, Decision, LordsState
from vegas_table.engine.lords.steps import Owed
from vegas_table.engine.lords.underworld import discount


def _casino_at(state: LordsState, action: object, lot: int) -> tuple[int, ...]:
    if state.tile[lot] < 0:
        raise illegal(action, "no_casino", f"there is no casino on {LOTS[lot].name}")
    return state.casinos[state.casino_of[lot]]


def _bossed_casino(state: LordsState, seat: int, action: object, lot: int) -> tuple[int, ...]:
    """The casino on `lot`, which `seat` must be the boss of."""
    lots = _casino_at(state, action, lot)
    chief = boss(state, lots)
    if chief != seat:
        who = f"{state.name(chief)} is the boss" if chief >= 0 else "nobody is the boss"
        raise illegal(action, "not_boss", f"{who} of the casino on {LOTS[lot].name}")
    return lots


def _check_tiles(state: LordsState, action: object, colour: int, needed: int) -> None:
    left = state.tiles_left[colour]
    if left < needed:
        have = f"only {left} are left" if left else "none are left"
        raise illegal(action, "no_tiles_left", f"this needs {needed} {COLOURS[colour]} tile(s) and {have}")


def do_build(state: LordsState, seat: int, action: Build, events: list[Event], owed: Owed) -> None:
    check_turn(state, seat, action)
    lot, colour = lot_index(action.lot), COLOURS.index(action.colour)
    if state.marker[lot] != seat:
        raise illegal(action, "not_your_lot", owner_phrase(state, lot) if state.marker[lot] >= 0
                      or state.tile[lot] >= 0 else f"you have no parking lot on {action.lot}")
    _check_tiles(state, action, colour, 1)
    cost = max(0, LOTS[lot].price - discount(state, seat, "build"))
    check_money(state, seat, action, cost)
    state.money[seat] -= cost
    put_marker(state, lot, -1)
    state.tile[lot], state.height[lot] = colour, 1
    state.tiles_left[colour] -= 1
    events.append(Built(seat, action.lot, action.colour, cost))
    join(state, (lot,), events)
    place_die(state, seat, lot, LOTS[lot].printed_die, "action")
    settle_after_action(state, events, lot)


def do_sprawl(state: LordsState, seat: int, action: Sprawl, events: list[Event], owed: Owed) -> None:
    check_turn(state, seat, action)
    source, lot = lot_index(action.from_lot), lot_index(action.lot)
    lots = _bossed_casino(state, seat, action, source)
    if not any(near in lots for near in LOTS[lot].neighbours):
        raise illegal(action, "not_adjacent", f"{action.lot} does not share an edge with the casino on "
                      f"{action.from_lot}")
    if state.tile[lot] >= 0 or state.marker[lot] >= 0:
        mine = state.marker[lot] == seat
        raise illegal(action, "lot_taken", f"{action.lot} is your parking lot: build there instead" if mine
                      else owner_phrase(state, lot))
    if state.players == 2 and LOTS[lot].block == CLOSED_BLOCK_FOR_TWO:
        raise illegal(action, "block_closed", "block F is closed in a 2-player game")
    colour, level = state.tile[source], state.height[source]
    _check_tiles(state, action, colour, 1)
    cost = 2 * LOTS[lot].price + RISER_COST * (level - 1)
    check_money(state, seat, action, cost)
    state.money[seat] -= cost
    state.tile[lot], state.height[lot] = colour, level
    state.tiles_left[colour] -= 1
    events.append(Sprawled(seat, action.from_lot, action.lot, COLOURS[colour], level, cost))
    join(state, (lot,), events)
    place_die(state, seat, lot, LOTS[lot].printed_die, "action")
    settle_after_action(state, events, lot)


def do_remodel(state: LordsState, seat: int, action: Remodel, events: list[Event], owed: Owed) -> None:
    check_turn(state, seat, action)
    lot, colour = lot_index(action.lot), COLOURS.index(action.colour)
    lots = _bossed_casino(state, seat, action, lot)
    old = state.tile[lot]
    if colour == old:
        raise illegal(action, "same_colour", f"the casino on {action.lot} is already {action.colour}")
    _check_tiles(state, action, colour, len(lots))
    cost = max(0, REMODEL_COST - discount(state, seat, "remodel")) * len(lots)
    check_money(state, seat, action, cost)
    state.money[seat] -= cost
    for each in lots:
        state.tile[each] = colour
    state.tiles_left[old] += len(lots)
    state.tiles_left[colour] -= len(lots)
    events.append(Remodeled(seat, names(lots), COLOURS[old], action.colour, cost))
    join(state, lots, events)
    settle_after_action(state, events, lot)


def do_raise(state: LordsState, seat: int, action: Raise, events: list[Event], owed: Owed) -> None:
    check_turn(state, seat, action)
    if not state.risers:
        raise illegal(action, "not_in_rules", "raising needs the Up! rules (rule set 'up' or 'underworld')")
    lot = lot_index(action.lot)
    lots = _bossed_casino(state, seat, action, lot)
    level = state.height[lot]
    if level >= state.players:
        raise illegal(action, "max_height", f"the casino on {action.lot} is {level} high, the most with "
                      f"{state.players} players")
    cost = RISER_COST * len(lots)
    check_money(state, seat, action, cost)
    state.money[seat] -= cost
    for each in lots:
        state.height[each] = level + 1
    events.append(Raised(seat, names(lots), level + 1, cost))
    regrouped(state, (state.casino_of[lot],))  # its sprawls and raises cost more now (`holdings.Facts`)
    join(state, lots, events)
    settle_after_action(state, events, lot)


def do_reorganize(state: LordsState, seat: int, action: Reorganize, events: list[Event], owed: Owed) -> None:
    """Reroll every die in a casino; players with several dice then choose where their new values go."""
    check_turn(state, seat, action)
    lot = lot_index(action.lot)
    lots = _casino_at(state, action, lot)
    dice = [each for each in lots if state.die_owner[each] >= 0]
    if not any(state.die_owner[each] == seat for each in dice):
        raise illegal(action, "no_die_there", f"you have no die in the casino on {action.lot}")
    if any(state.reorganized[each] for each in dice):
        raise illegal(action, "already_reorganized", f"dice of the casino on {action.lot} were already "
                      "reorganized this turn")
    cost = sum(state.die_pips[each] for each in dice)
    check_money(state, seat, action, cost)
    state.money[seat] -= cost
    rolls = []
    for each in dice:
        old, new = state.die_pips[each], state.rng.die()
        state.die_pips[each] = new
        state.reorganized[each] = True
        rolls.append((LOTS[each].name, state.die_owner[each], old, new))
    touched(state, lot)
    events.append(Reorganized(seat, names(lots), cost, tuple(rolls)))
    owners = {state.die_owner[each] for each in dice}
    for offset in range(state.players):  # the reorganizer chooses first, then the others in turn order
        player = (seat + offset) % state.players
        if player not in owners:
            continue
        theirs = tuple(each for each in dice if state.die_owner[each] == player)
        values = tuple(sorted((state.die_pips[each] for each in theirs), reverse=True))
        if len(set(values)) > 1:
            state.pending.append(Decision("place_die", player, "reorganize", lot=lots[0], values=values,
                                          lots=theirs))
    settle_after_action(state, events, lot)
