"""What the Underworld cards in front of a seat are worth to it, in points, as the greedy bot judges them.

A card's worth is what it will still do for its owner before the end, read off its effect primitives (the
cards are data, `engine/lords/cards.py`, so a card from a user's card file is valued the same way):

- end-of-game points count in full (they are added after the final payout, past the breaks), negative too;
- money held on a card counts as money (it comes back when released);
- a discount is worth its $m off times the tiles the seat should still build (or remodel) in its turns left;
- an action card is worth, per turn the seat has left, what one use brings (points through the score
  track's breaks, money, a die's pip, a reroll, an extra action) less its use cost, times the share of
  turns in which it is likely to pay to use it;
- a triggered card is worth its effect times the chance its colour is still drawn before the end (a
  Poisson guess from the expected draws of that colour).

Money is turned into points at the outlook's rate (`Outlook.money`), which falls as the end nears: this is
what makes the bot value a card "by points per dollar". What a card does at once (July 4th Party's points,
a Lone Shark's loan) is not here: the bot sees it in the position right after `acquire`.
"""

from __future__ import annotations

import math

from vegas_table.engine.lords.board import CARD_COLOURS
from vegas_table.engine.lords.cards import CardDef, Effect
from vegas_table.engine.lords.state import LordsState
from vegas_table.engine.lords.track import advance

BUILDS_PER_TURN = 0.5  # tiles a seat builds in one of its turns, on average (tuned: a 4p `up` game's greedy)
REMODELS_PER_TURN = 0.25  # spaces it remodels
USE_SHARE = 0.6  # the share of its turns in which a seat finds an action card worth using
DIE_PIP = 0.4  # points one pip more on one of one's dice is worth, on average (boss fights, income)
REROLL_DIE = 0.15  # points rerolling one die of a casino of one's choice is worth, on average
EXTRA_ACTION = 0.3  # points one more gamble or acquire in a turn is worth, on average
PAY_ALL = 1.0  # points "every casino pays" is worth to a seat, before knowing the board


def card_worths(state: LordsState, draws: tuple[float, ...], draws_left: float, money_rate: float) -> list[float]:
    """Each seat's worth of the cards in front of it (all 0 without the Underworld). `draws` is the expected
    number of cards of each colour of `CARD_COLOURS` still drawn before the end."""
    uw = state.uw
    if uw is None:
        return [0.0] * state.players
    turns = draws_left / max(1, state.players)
    rates = {name: 1.0 - math.exp(-max(0.0, draws[c])) for c, name in enumerate(CARD_COLOURS)}
    worth = [0.0] * state.players
    for seat, hand in enumerate(uw.hands):
        for held in hand:
            card = uw.cards[held.card]
            worth[seat] += money_rate * held.money + held_worth(card, turns, rates, money_rate, state.score[seat])
    return worth


def held_worth(card: CardDef, turns: float, rates: dict[str, float], money_rate: float, score: int) -> float:
    """What one card in front of a seat will still bring it (see the module's docstring)."""
    worth = float(card.points)
    if card.discount_action == "build":
        worth += money_rate * card.discount * BUILDS_PER_TURN * turns
    elif card.discount_action == "remodel":
        worth += money_rate * card.discount * REMODELS_PER_TURN * turns
    if card.timing == "action":
        per_use = effects_worth(card.on_use, money_rate, score) - money_rate * card.use_cost
        worth += max(0.0, per_use) * USE_SHARE * turns
    if card.trigger:
        worth += rates.get(card.trigger, 0.0) * effects_worth(card.on_trigger, money_rate, score)
    return worth


def effects_worth(effects: tuple[Effect, ...], money_rate: float, score: int) -> float:
    """What a list of effect primitives brings its card's owner, in points (a discard and a release bring
    nothing by themselves; a hold moves money out of reach only for a while). Points go through the score
track's breaks from `score` (a point that does not reach the next stop is lost)."""
    total = 0.0
    for e in effects:
        if e.op == "gain":
            total += money_rate * e.value
        elif e.op == "pay":
            total -= money_rate * e.value
        elif e.op == "score":
            total += advance(score, e.value) - score
        elif e.op == "die":
            total += DIE_PIP * abs(e.value)
        elif e.op == "reroll":
            total += REROLL_DIE * e.value
        elif e.op == "extra":
            total += EXTRA_ACTION
        elif e.op == "pay_all":
            total += PAY_ALL
    return total
