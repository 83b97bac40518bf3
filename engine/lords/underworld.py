"""The Underworld (option `underworld`, seed 003): the deck, turn step 1, Acquire, card effects, card points.

Cards are data (`engine/lords/cards.py`); this module interprets their effect primitives. Two rules of the
seed apply to every effect: a card beats a rule where they conflict (an extra gamble, an acquire after the
acquire), and the impossible part of an effect is ignored (no die above 6 or below 1; a broke player pays
what they can). Card points of one player on one turn move the chip as one payment through the breaks
(the seed's July 4th Party and Private Jet example); end-of-game points are added after the final payout.
"""

from __future__ import annotations

from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.lords.actions import Acquire, UseCard
from vegas_table.engine.lords.board import BLOCK_OF, CARD_COLOURS, LOT_COUNT, LOTS
from vegas_table.engine.lords.cards import CardDef, Effect, cards_for
from vegas_table.engine.lords.casinos import names, settle_ties
from vegas_table.engine.lords.checks import check_money, check_turn, illegal, lot_index
from vegas_table.engine.lords.events import (
    CardAcquired,
    CardDieChanged,
    CardDiscarded,
    CardExtra,
    CardHeld,
    CardMoney,
    CardPointsCounted,
    CardReleased,
    CardRerolled,
    CardRevealed,
    CardScored,
    CardTriggered,
    CardUsed,
)
from vegas_table.engine.lords.holdings import touched
from vegas_table.engine.lords.payout import ALL_CASINOS, pay_casinos
from vegas_table.engine.lords.state import OVER, Held, LordsState, Transfer, Underworld
from vegas_table.engine.lords.steps import Finish, Owed, owe
from vegas_table.engine.lords.track import INSTANT_WIN, advance

LINE_SIZE = 3
OPTION = "underworld"


def enabled(config: GameConfig) -> bool:
    """Whether a game plays with the Underworld deck: the `underworld` rule set (the unified rulebook, as
    RULINGS.md names it), or the `underworld` option of another rule set."""
    return config.rules == OPTION or OPTION in config.options


def new_underworld(state: LordsState, config: GameConfig) -> None:
    """Set-up: shuffle the game's Underworld deck with the game's generator (copies of each card in file order)."""
    cards = cards_for(config.cards)
    deck = [index for index, card in enumerate(cards) for _ in range(card.copies)]
    state.rng.shuffle(deck)
    n = state.players
    state.uw = Underworld(cards, deck, hands=[[] for _ in range(n)], combo_base=[-1] * n, combo_points=[0] * n)


def start_turn(uw: Underworld, seat: int, events: list[Event]) -> None:
    """Step 1: turn over a card into the line (the oldest goes once a fourth is there); reset the turn's counts."""
    uw.acquires, uw.gambles = 1, 0
    uw.combo_base = [-1] * len(uw.hands)
    for hand in uw.hands:
        for held in hand:
            held.used = False
    if not uw.deck:
        return
    card = uw.deck.pop()
    uw.line.append(card)
    gone = ""
    if len(uw.line) > LINE_SIZE:
        oldest = uw.line.pop(0)
        uw.discards.append(oldest)
        gone = uw.cards[oldest].name
    events.append(CardRevealed(seat, uw.cards[card].name, gone))


def _uw(state: LordsState, action: object) -> Underworld:
    if state.uw is None:
        raise illegal(action, "not_in_rules", "Underworld cards need the 'underworld' option")
    return state.uw


def _card_id(uw: Underworld, card: str) -> int:
    for index, each in enumerate(uw.cards):
        if each.id == card:
            return index
    return -1


def do_acquire(state: LordsState, seat: int, action: Acquire, events: list[Event], owed: Owed) -> None:
    check_turn(state, seat, action)
    uw = _uw(state, action)
    if uw.acquires < 1:
        raise illegal(action, "already_acquired", "you have already acquired a card this turn")
    index = _card_id(uw, action.card)
    if index not in uw.line:
        line = ", ".join(uw.cards[c].id for c in uw.line) or "empty"
        raise illegal(action, "not_in_line", f"{action.card} is not in the Underworld line (line: {line})")
    card = uw.cards[index]
    check_money(state, seat, action, card.cost)
    state.money[seat] -= card.cost
    uw.line.remove(index)
    uw.acquires -= 1
    events.append(CardAcquired(seat, card.name, card.cost))
    held = None
    if card.timing != "now":
        held = Held(index)
        uw.hands[seat].append(held)
    _run(state, seat, card, held, card.on_acquire, -1, events)
    if card.timing == "now":
        uw.discards.append(index)
        events.append(CardDiscarded(seat, card.name))
    _after_card(state, owed)


def do_use(state: LordsState, seat: int, action: UseCard, events: list[Event], owed: Owed) -> None:
    """Use an action card: only on your turn, never during another action (check_turn), once a turn."""
    check_turn(state, seat, action)
    uw = _uw(state, action)
    index = _card_id(uw, action.card)
    mine = [h for h in uw.hands[seat] if h.card == index]
    if not mine:
        raise illegal(action, "not_held", f"you have no {action.card}")
    card = uw.cards[index]
    if card.timing != "action":
        raise illegal(action, "not_an_action", f"{card.name} has no action to use")
    held = next((h for h in mine if not h.used), None)
    if held is None:
        raise illegal(action, "already_used", f"you have already used {card.name} this turn")
    lot = _target(state, seat, action, card)
    check_money(state, seat, action, card.use_cost)
    state.money[seat] -= card.use_cost
    held.used = True
    events.append(CardUsed(seat, card.name, action.lot, card.use_cost))
    _run(state, seat, card, held, card.on_use, lot, events)
    _after_card(state, owed)


def _target(state: LordsState, seat: int, action: UseCard, card: CardDef) -> int:
    if not card.target:
        if action.lot:
            raise illegal(action, "no_target", f"{card.name} is used without naming a lot: use {card.id}")
        return -1
    if not action.lot:
        what = "one of your dice" if card.target == "your_die" else "a casino"
        raise illegal(action, "no_target", f"{card.name} acts on {what}: use {card.id} LOT")
    lot = lot_index(action.lot)
    if card.target == "your_die" and state.die_owner[lot] != seat:
        raise illegal(action, "not_your_die", f"you have no die on {action.lot}")
    if card.target == "casino" and state.tile[lot] < 0:
        raise illegal(action, "no_casino", f"there is no casino on {action.lot}")
    return lot


def _after_card(state: LordsState, owed: Owed) -> None:
    """A card's points may reach the Instant Win space: the game ends when its effect is done (the end of
    the game is the turn's, above this module: owed)."""
    if state.phase != OVER and max(state.score) >= INSTANT_WIN:
        owe(owed, Finish("instant_win"))


def triggers(state: LordsState, events: list[Event], colour: int) -> None:
    """A property card of `colour` was paid: cards triggered by it act, the drawer's first, then in seat order."""
    uw = state.uw
    assert uw is not None
    name = CARD_COLOURS[colour]
    for offset in range(state.players):
        seat = (state.current + offset) % state.players
        for held in list(uw.hands[seat]):
            card = uw.cards[held.card]
            if card.trigger == name and held in uw.hands[seat]:
                events.append(CardTriggered(seat, card.name, name))
                _run(state, seat, card, held, card.on_trigger, -1, events)


def _run(state: LordsState, seat: int, card: CardDef, held: Held | None, effects: tuple[Effect, ...], lot: int,
         events: list[Event]) -> None:
    for effect in effects:
        _EFFECTS[effect.op](state, seat, card, held, effect, lot, events)


def _gain(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
          events: list[Event]) -> None:
    state.money[seat] += e.value
    events.append(CardMoney(seat, card.name, e.value))


def _pay(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
         events: list[Event]) -> None:
    paid = min(e.value, state.money[seat])  # a broke player pays what they can
    state.money[seat] -= paid
    events.append(CardMoney(seat, card.name, -paid))


def _score(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
           events: list[Event]) -> None:
    uw = state.uw
    assert uw is not None
    if uw.combo_base[seat] < 0:
        uw.combo_base[seat], uw.combo_points[seat] = state.score[seat], 0
    uw.combo_points[seat] += e.value
    before = state.score[seat]
    state.score[seat] = advance(uw.combo_base[seat], uw.combo_points[seat])
    events.append(CardScored(seat, card.name, e.value, before, state.score[seat]))


def _die(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
         events: list[Event]) -> None:
    old = state.die_pips[lot]
    new = min(6, max(1, old + e.value))  # no die above 6 or below 1
    state.die_pips[lot] = new
    touched(state, lot)
    events.append(CardDieChanged(seat, card.name, LOTS[lot].name, old, new))
    settle_ties(state, events, (BLOCK_OF[lot],))


def _reroll(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
            events: list[Event]) -> None:
    lots = state.casinos[state.casino_of[lot]]
    dice = sorted((each for each in lots if state.die_owner[each] >= 0), key=lambda x: (-state.die_pips[x], x))
    rolls = []
    for each in sorted(dice[:e.value]):
        old, new = state.die_pips[each], state.rng.die()
        state.die_pips[each] = new
        rolls.append((LOTS[each].name, state.die_owner[each], old, new))
    touched(state, lot)
    events.append(CardRerolled(seat, card.name, names(lots), tuple(rolls)))
    settle_ties(state, events, (BLOCK_OF[lot],))


def _extra(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
           events: list[Event]) -> None:
    uw = state.uw
    assert uw is not None
    if seat != state.current:
        return  # an extra action off one's turn is impossible: ignored
    if e.action == "gamble":
        uw.gambles += 1
    else:
        uw.acquires += 1
    events.append(CardExtra(seat, card.name, e.action))


def _pay_all(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
             events: list[Event]) -> None:
    pay_casinos(state, events, ALL_CASINOS)


def _hold(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
          events: list[Event]) -> None:
    if held is None:
        return  # a card discarded at once holds nothing
    held.money += e.value
    events.append(CardHeld(seat, card.name, e.value, held.money))


def _release(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
             events: list[Event]) -> None:
    if held is None or not held.money:
        return
    amount, held.money = held.money, 0
    state.money[seat] += amount
    events.append(CardReleased(seat, card.name, amount))


def _discard(state: LordsState, seat: int, card: CardDef, held: Held | None, e: Effect, lot: int,
             events: list[Event]) -> None:
    uw = state.uw
    assert uw is not None
    if held is None or held not in uw.hands[seat]:
        return
    uw.hands[seat].remove(held)
    uw.discards.append(held.card)
    events.append(CardDiscarded(seat, card.name))


_EFFECTS = {"gain": _gain, "pay": _pay, "score": _score, "die": _die, "reroll": _reroll, "extra": _extra,
            "pay_all": _pay_all, "hold": _hold, "release": _release, "discard": _discard}


def check_cards(state: LordsState, action: object, transfers: tuple[Transfer, ...]) -> None:
    """Each giver of cards in a trade holds as many of each as the trade gives away (option underworld)."""
    wanted: dict[tuple[str, str], int] = {}
    for t in transfers:
        if t.item == "card":
            wanted[(t.giver, t.card)] = wanted.get((t.giver, t.card), 0) + 1
    if not wanted:
        return
    uw = _uw(state, action)
    for (giver, card), count in wanted.items():
        seat = state.names.index(giver)
        held = sum(1 for h in uw.hands[seat] if uw.cards[h.card].id == card)
        if held < count:
            has = f"has {held}" if held else "has none"
            raise illegal(action, "not_owner", f"{state.name(seat)} {has} of {card} and the trade gives {count}")


def give_cards(state: LordsState, transfers: tuple[Transfer, ...]) -> None:
    """Hand traded cards over in the trade's order, with any money on them and their use this turn (rulings)."""
    uw = state.uw
    for t in transfers:
        if t.item != "card":
            continue
        assert uw is not None
        giver, receiver = state.names.index(t.giver), state.names.index(t.receiver)
        held = next(h for h in uw.hands[giver] if uw.cards[h.card].id == t.card)
        uw.hands[giver].remove(held)
        uw.hands[receiver].append(held)


def discount(state: LordsState, seat: int, action: str) -> int:
    """$m off per tile built or space remodelled that `seat`'s cards give (they add up)."""
    uw = state.uw
    if uw is None:
        return 0
    return sum(uw.cards[h.card].discount for h in uw.hands[seat] if uw.cards[h.card].discount_action == action)


def card_points(state: LordsState) -> list[int]:
    """Each seat's end-of-game card points."""
    uw = state.uw
    assert uw is not None
    return [sum(uw.cards[h.card].points for h in hand) for hand in uw.hands]


def count_card_points(state: LordsState, events: list[Event]) -> None:
    """The end: card points are added to the scores on the track, not subject to the breaks."""
    points = card_points(state)
    for seat, p in enumerate(points):
        state.score[seat] += p
    events.append(CardPointsCounted(tuple(points), tuple(state.score)))


def extra_gamble(state: LordsState) -> bool:
    return state.uw is not None and state.uw.gambles > 0


def card_actions(state: LordsState, seat: int) -> list[Acquire | UseCard]:
    """The current player's card actions: acquire (each affordable line card once), then use."""
    uw = state.uw
    assert uw is not None
    money = state.money[seat]
    actions: list[Acquire | UseCard] = []
    if uw.acquires > 0:
        seen: set[int] = set()
        for index in uw.line:
            if index not in seen and uw.cards[index].cost <= money:
                seen.add(index)
                actions.append(Acquire(uw.cards[index].id))
    seen = set()
    for held in uw.hands[seat]:
        card = uw.cards[held.card]
        if card.timing != "action" or held.used or held.card in seen or card.use_cost > money:
            continue
        seen.add(held.card)
        actions += [UseCard(card.id, name) for name in _targets(state, seat, card)]
    return actions


def _targets(state: LordsState, seat: int, card: CardDef) -> list[str]:
    if card.target == "your_die":
        return [LOTS[i].name for i in range(LOT_COUNT) if state.die_owner[i] == seat]
    if card.target == "casino":
        return [LOTS[root].name for root in sorted(state.casinos)]
    return [""]
