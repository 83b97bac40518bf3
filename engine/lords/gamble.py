"""The Gamble action: the field bet from craps, at a casino where another player is the House.

2d6: 2 or 12 pays double, 3, 4, 9, 10, 11 pay even money, 5-8 lose the bet to the House. The House never
pays more than it has. With the `layoff` option the House first decides whether to lay off half the bet to
the bank: it then pays or collects half (rounded down) and the bank the rest.
"""

from __future__ import annotations

from vegas_table.engine.core.api import Event
from vegas_table.engine.lords.actions import Gamble
from vegas_table.engine.lords.casinos import boss, names, tile_count
from vegas_table.engine.lords.checks import check_turn, illegal, lot_index
from vegas_table.engine.lords.events import Gambled
from vegas_table.engine.lords.state import BET_PER_TILE, Decision, LordsState
from vegas_table.engine.lords.steps import Owed
from vegas_table.engine.lords.underworld import extra_gamble

PAYS_DOUBLE = (2, 12)
PAYS_EVEN = (3, 4, 9, 10, 11)


def bet_limit(state: LordsState, seat: int, house: int, lots: tuple[int, ...]) -> int:
    """The largest bet `seat` may place at a casino of the House `house` (bots ask after every action:
    `tile_count` is written out)."""
    money = state.money
    return min(BET_PER_TILE * len(lots) * state.height[lots[0]], money[seat], money[house])


def do_gamble(state: LordsState, seat: int, action: Gamble, events: list[Event], owed: Owed) -> None:
    check_turn(state, seat, action)
    extra = state.gambled and extra_gamble(state)  # an Underworld card may allow another gamble
    if state.gambled and not extra:
        raise illegal(action, "already_gambled", "you have already gambled this turn")
    lot = lot_index(action.lot)
    if state.tile[lot] < 0:
        raise illegal(action, "no_casino", f"there is no casino on {action.lot}")
    lots = state.casinos[state.casino_of[lot]]
    house = boss(state, lots)
    if house < 0:
        raise illegal(action, "no_boss", f"the casino on {action.lot} has no boss to bet against")
    if house == seat:
        raise illegal(action, "own_casino", f"you are the boss of the casino on {action.lot}")
    limit = bet_limit(state, seat, house, lots)
    if not 1 <= action.bet <= limit:
        why = (f"${BET_PER_TILE}m × {tile_count(state, lots)} tiles, your ${state.money[seat]}m, "
               f"{state.name(house)}'s ${state.money[house]}m")
        span = f"bets here are $1m to ${limit}m" if limit >= 1 else "you cannot bet here"
        raise illegal(action, "bad_bet", f"{span} (the least of {why})")
    if extra:
        assert state.uw is not None
        state.uw.gambles -= 1
    state.gambled = True
    if state.layoff:
        state.pending.append(Decision("layoff", house, "action", lot=lots[0], bet=action.bet))
        return
    resolve_gamble(state, events, seat, house, lots[0], action.bet, False)


def resolve_gamble(state: LordsState, events: list[Event], gambler: int, house: int, root: int, bet: int,
                   layoff: bool) -> None:
    """Roll 2d6 and settle the bet between the gambler, the House and (with a layoff) the bank."""
    dice = (state.rng.die(), state.rng.die())
    total = dice[0] + dice[1]
    win = 2 * bet if total in PAYS_DOUBLE else bet if total in PAYS_EVEN else 0
    if win:
        house_share = win // 2 if layoff else win
        paid = min(house_share, state.money[house])
        gain, house_delta = paid + (win - house_share), -paid
    else:
        gain, house_delta = -bet, (bet // 2 if layoff else bet)
    state.money[gambler] += gain
    state.money[house] += house_delta
    lots = state.casinos[state.casino_of[root]]
    events.append(Gambled(gambler, house, names(lots), bet, dice, layoff, gain, house_delta))
