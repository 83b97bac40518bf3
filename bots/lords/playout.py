"""A fast Lords of Vegas policy for a search's playouts, and how a playout's end position is scored.

The policy plays as a plain player would without weighing alternatives: it builds on its parking lots
(the colour of a neighbouring casino it bosses, else the colour with most cards left above End of Game),
sprawls from a casino it bosses when it keeps a reserve, and otherwise ends its turn; decisions take their
first answer. It never gambles, remodels, reorganizes or trades. It looks at the whole state, which is fine
here: a playout runs on a determinized state, a sample of what the bot cannot see.
"""

from __future__ import annotations

import random
from typing import Any

from vegas_table.bots.lords.greedy import LordsGreedy
from vegas_table.bots.lords.value import PLAIN, Outlook, Weights, margin, worths
from vegas_table.engine.lords.actions import AcceptTrade, Build, EndTurn, Sprawl
from vegas_table.engine.lords.board import CLOSED_BLOCK_FOR_TWO, COLOURS, END_OF_GAME, LOT_COUNT, LOTS
from vegas_table.engine.lords.casinos import boss
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.legal import legal_actions
from vegas_table.engine.lords.state import OVER, LordsState

RESERVE = 10  # $m a sprawl leaves in hand
MARGIN_SCALE = 15.0  # points of worth margin that count as a clear lead: a playout's unit of score


def quick_action(state: LordsState, seat: int, rng: random.Random) -> Any:
    """The policy's action for `seat` (the actor) in `state`."""
    if state.pending or seat != state.current:
        return legal_actions(state, seat)[0]
    money = state.money[seat]
    lots = [lot for lot in range(LOT_COUNT) if state.marker[lot] == seat and LOTS[lot].price <= money]
    if lots:
        lot = rng.choice(lots)
        return Build(LOTS[lot].name, COLOURS[_colour(state, seat, lot)])
    sprawl = _sprawl(state, seat, money)
    return sprawl if sprawl is not None else EndTurn()


def _colour(state: LordsState, seat: int, lot: int) -> int:
    for near in LOTS[lot].neighbours:
        colour = state.tile[near]
        if colour >= 0 and state.height[near] == 1 and state.tiles_left[colour] \
                and boss(state, state.casinos[state.casino_of[near]]) == seat:
            return colour
    above = state.deck[state.deck.index(END_OF_GAME) + 1:] if END_OF_GAME in state.deck else state.deck
    counts = [0] * len(COLOURS)
    for card in above:
        if LOTS[card].card_colour < len(COLOURS):
            counts[LOTS[card].card_colour] += 1
    left = [c for c in range(len(COLOURS)) if state.tiles_left[c]]
    return max(left, key=lambda c: counts[c])


def _sprawl(state: LordsState, seat: int, money: int) -> Sprawl | None:
    closed = CLOSED_BLOCK_FOR_TWO if state.players == 2 else ""
    for root, lots in state.casinos.items():
        if not state.tiles_left[state.tile[root]] or boss(state, lots) != seat:
            continue
        for lot in lots:
            for near in LOTS[lot].neighbours:
                cost = 2 * LOTS[near].price + 15 * (state.height[root] - 1)
                if state.tile[near] < 0 and state.marker[near] < 0 and LOTS[near].block != closed \
                        and cost + RESERVE <= money:
                    return Sprawl(LOTS[root].name, LOTS[near].name)
    return None


def playout(state: LordsState, turns: int, rng: random.Random) -> None:
    """End the turn under way (once its decisions are answered), then play on with the quick policy until
    `turns` more turns have started, or the game ends. The searched action is thus weighed as the last of
    its turn, as the greedy bot weighs each of its own: the next action is searched when it comes. An open
    trade (a deal the searched action proposed) is first answered by its parties as the greedy bot would
    answer it: accepted when it adds enough to the party's value, else left to expire with the turn."""
    answer_trades(state)
    turn = state.turn
    while state.phase != OVER and state.turn == turn:
        seat = state.pending[0].seat if state.pending else state.current
        GAME.apply(state, seat, legal_actions(state, seat)[0] if state.pending else EndTurn())
    last = state.turn + turns
    while state.phase != OVER and state.turn < last:
        seat = state.pending[0].seat if state.pending else state.current
        GAME.apply(state, seat, quick_action(state, seat, rng))


def answer_trades(state: LordsState) -> None:
    """Each party an open trade awaits accepts it if greedy would (`LordsGreedy.accepting`)."""
    outlook = Outlook.of_state(state)
    for trade in list(state.trades):
        for party in trade.parties:
            answer = next((a for a in legal_actions(state, party) if isinstance(a, AcceptTrade)
                           and a.trade == trade.id), None)
            after = None if answer is None else LordsGreedy.accepting(state, party, answer, outlook)
            if after is not None:
                GAME.apply(state, party, answer)


def rewards(state: LordsState, weights: Weights = PLAIN) -> list[float]:
    """Each seat's score of a playout's end: its worth's margin over its opponents by `weights` (see
    `value`), in units of `MARGIN_SCALE` points, and once the game is over 1 more for a win (less for a
    shared one), 1 less for a loss. Not squashed: a seat far ahead or behind must still tell its choices
    apart."""
    each = worths(state, Outlook.of_state(state, weights))
    margins = [margin(each, s, weights.rivals) / MARGIN_SCALE for s in range(state.players)]
    if state.phase == OVER:
        return [m + (1.0 / len(state.winners) if s in state.winners else -1.0) for s, m in enumerate(margins)]
    return margins
