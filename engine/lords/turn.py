"""The flow of a game: set-up, the draw step (take over, parking lots, casinos, scoring), turns, the end.

The draw step runs by itself when a turn starts. If it needs a player's choice (all markers or all dice
down), it stops with a pending decision; the answer owes `steps.FinishDraw`, and `finish_draw` resumes it.
This is the top of the rules: it calls the cards (`underworld.py`), the decisions and the payouts below it.
"""

from __future__ import annotations

from collections.abc import Iterable

from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lords import underworld
from vegas_table.engine.lords.board import (
    BLOCK_OF,
    CARD_COLOURS,
    CLOSED_BLOCK_FOR_TWO,
    END_OF_GAME,
    LOT_COUNT,
    LOTS,
    STRIP,
    card_name,
)
from vegas_table.engine.lords.casinos import settle_casino, settle_ties
from vegas_table.engine.lords.decisions import place_die
from vegas_table.engine.lords.events import (
    CardDrawn,
    DieTakenOver,
    FirstPlayerRoll,
    GameEnded,
    MarkerPlaced,
    ParkingPaid,
    SetupCardReplaced,
    SetupDealt,
    TradeClosed,
    TurnEnded,
    TurnStarted,
)
from vegas_table.engine.lords.holdings import holdings, new_turn, put_marker, touched
from vegas_table.engine.lords.payout import pay_casinos
from vegas_table.engine.lords.state import (
    ACTIONS,
    DRAW,
    MARKERS_PER_PLAYER,
    OVER,
    PLAYER_COLOURS,
    RISER_RULES,
    START_CARDS,
    Decision,
    LordsState,
)
from vegas_table.engine.lords.track import INSTANT_WIN

STACKS = 4


def new_state(config: GameConfig) -> tuple[LordsState, list[Event]]:
    """Set up a game (deal, stack the deck, roll for first player) and play the first draw step."""
    n = config.players
    state = LordsState(config=config, players=n, risers=config.rules in RISER_RULES, layoff="layoff" in config.options,
                       names=PLAYER_COLOURS[config.rules][:n], rng=Rng(config.seed), deck=[], discards=[],
                       money=[0] * n, score=[0] * n)
    events: list[Event] = []
    cards = list(range(LOT_COUNT))
    state.rng.shuffle(cards)
    rest = _deal(state, cards, events)
    state.deck = _stack_deck(rest)
    state.current = _roll_for_first_player(state, events)
    if underworld.enabled(config):  # last, so the rest of the set-up is the same with or without it
        underworld.new_underworld(state, config)
    start_turn(state, events)
    return state, events


def _deal(state: LordsState, cards: list[int], events: list[Event]) -> list[int]:
    """Deal two lots to each seat in turn; with 2 players an F card is discarded and replaced."""
    position = 0
    for seat in range(state.players):
        dealt: list[int] = []
        while len(dealt) < START_CARDS:
            card = cards[position]
            position += 1
            if state.players == 2 and LOTS[card].block == CLOSED_BLOCK_FOR_TWO:
                state.discards.append(card)
                events.append(SetupCardReplaced(seat, LOTS[card].name))
                continue
            dealt.append(card)
        for card in dealt:
            put_marker(state, card, seat)
            state.discards.append(card)
        state.money[seat] = sum(LOTS[card].setup_cash for card in dealt)
        events.append(SetupDealt(seat, tuple(LOTS[c].name for c in dealt), state.money[seat]))
    return cards[position:]


def _stack_deck(rest: list[int]) -> list[int]:
    """Four stacks as even as possible (larger first), End of Game on the 4th, stacks 1-3 on top.

    Returns the deck with its top card last (so drawing is `pop()`).
    """
    size, extra = divmod(len(rest), STACKS)
    above = sum(size + (1 if i < extra else 0) for i in range(STACKS - 1))
    top_first = [*rest[:above], END_OF_GAME, *rest[above:]]
    return top_first[::-1]


def _roll_for_first_player(state: LordsState, events: list[Event]) -> int:
    """Everyone rolls 2 dice; the highest starts; only those tied for highest roll again."""
    contenders = list(range(state.players))
    while True:
        rolls = tuple((seat, state.rng.die(), state.rng.die()) for seat in contenders)
        best = max(a + b for _, a, b in rolls)
        contenders = [seat for seat, a, b in rolls if a + b == best]
        leader = contenders[0] if len(contenders) == 1 else -1
        events.append(FirstPlayerRoll(rolls, leader))
        if leader >= 0:
            return leader


def start_turn(state: LordsState, events: list[Event]) -> None:
    state.turn += 1
    state.gambled = False
    events.append(TurnStarted(state.current, state.turn))
    if state.uw is not None:
        underworld.start_turn(state.uw, state.current, events)
    draw(state, events)


def draw(state: LordsState, events: list[Event]) -> None:
    """Step 1: draw cards until one is resolved (with 2 players, F cards pay and are drawn past)."""
    seat = state.current
    while True:
        card = state.deck.pop()
        state.last_card = card
        colour = STRIP if card == END_OF_GAME else LOTS[card].card_colour
        events.append(CardDrawn(seat, card_name(card), CARD_COLOURS[colour]))
        if card == END_OF_GAME:
            pay_out(state, events, card)
            if state.phase != OVER:
                finish(state, events, "end_of_game_card")
            return
        if state.players == 2 and LOTS[card].block == CLOSED_BLOCK_FOR_TWO:
            pay_out(state, events, card)
            if state.phase == OVER:
                return
            continue
        take_over(state, events, card)
        if state.pending:
            state.phase = DRAW
            return
        finish_draw(state, events, ())
        return


def take_over(state: LordsState, events: list[Event], lot: int) -> None:
    """The drawer gains the drawn lot: a marker on an empty lot, or their die on a sprawled tile."""
    seat = state.current
    if state.tile[lot] < 0:
        if len(holdings(state).parking[seat]) >= MARKERS_PER_PLAYER:
            state.pending.append(Decision("remove_marker", seat, "draw", lot=lot))
            return
        put_marker(state, lot, seat)
        events.append(MarkerPlaced(seat, LOTS[lot].name))
        return
    previous = state.die_owner[lot]
    if previous == seat:
        return
    pips = state.die_pips[lot] if previous >= 0 else LOTS[lot].printed_die
    state.die_owner[lot], state.die_pips[lot] = -1, 0
    touched(state, lot)
    events.append(DieTakenOver(seat, LOTS[lot].name, previous, pips))
    place_die(state, seat, lot, pips, "draw")


def finish_draw(state: LordsState, events: list[Event], blocks: Iterable[int]) -> None:
    """The rest of the draw step once the drawn lot is taken: ties, payments, scoring, discard."""
    blocks = tuple(blocks)
    if blocks:  # decisions moved dice elsewhere too
        settle_ties(state, events, (BLOCK_OF[state.last_card], *blocks))
    elif state.tile[state.last_card] >= 0:  # a die taken over: only its casino can be tied (`settle_casino`)
        settle_casino(state, events, state.casino_of[state.last_card])
    pay_out(state, events, state.last_card)
    if state.phase != OVER:
        state.phase = ACTIONS


def pay_out(state: LordsState, events: list[Event], card: int) -> None:
    """Steps 2-5: parking lots pay, the card's casinos pay and score, the card is discarded."""
    counts = [len(lots) for lots in holdings(state).parking]
    for seat, count in enumerate(counts):
        state.money[seat] += count
    if any(counts):
        events.append(ParkingPaid(tuple((s, c) for s, c in enumerate(counts) if c)))
    colour = STRIP if card == END_OF_GAME else LOTS[card].card_colour
    pay_casinos(state, events, colour)
    if state.uw is not None:  # cards triggered by the card's colour act after it paid (seed 003)
        underworld.triggers(state, events, colour)
    state.discards.append(card)
    if card != END_OF_GAME and max(state.score) >= INSTANT_WIN:
        finish(state, events, "instant_win")


def end_turn(state: LordsState, events: list[Event]) -> None:
    events.append(TurnEnded(state.current))
    new_turn(state)
    expire_trades(state, events)
    state.current = (state.current + 1) % state.players
    start_turn(state, events)


def expire_trades(state: LordsState, events: list[Event]) -> None:
    for trade in state.trades:
        events.append(TradeClosed(trade.id, "expired", -1, ""))
    state.trades.clear()


def finish(state: LordsState, events: list[Event], reason: str) -> None:
    """The game is over: most points wins, then most money; still tied players share the win."""
    state.phase = OVER
    state.pending.clear()
    expire_trades(state, events)
    if state.uw is not None:
        underworld.count_card_points(state, events)
    best = max(zip(state.score, state.money, strict=True))
    state.winners = tuple(s for s in range(state.players) if (state.score[s], state.money[s]) == best)
    state.end_reason = reason
    events.append(GameEnded(reason, state.winners, tuple(state.score), tuple(state.money)))
