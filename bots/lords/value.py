"""What a Lords of Vegas position is worth to a seat, in points, as a player at the table would judge it.

Everything comes from what the view shows. The deck's order is hidden, but not its make-up: the cards of
each colour still unseen are the printed ones minus the discards, and the End of Game card sits right
under the first three of four stacks of what the deal left (the discard pile, open card by card, shows the
deal), so the draws left before the end are known exactly. `Outlook` turns that into how many more times
each casino should pay.

A seat's worth is its points now, plus the points its casinos should score (each payment scores a casino's
tiles, less what the score track's breaks swallow), plus its money and the money its dice and parking lots
should bring, at a rate of points per $m that falls as the end nears (money buys points only while there
are draws left to pay them; at the end it only breaks ties). A position's value is the seat's worth minus
the best opponent's: taking from the leader counts as much as gaining. With the Underworld, each seat's
cards in front of it add what they should still bring it (`bots.lords.cardvalue`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from vegas_table.bots.lords.cardvalue import card_worths
from vegas_table.bots.settings import named_numbers
from vegas_table.engine.lords.board import (
    CARD_COLOURS,
    CLOSED_BLOCK_FOR_TWO,
    COLOURS,
    END_OF_GAME,
    LOT_BY_NAME,
    LOT_COUNT,
    LOTS,
    STRIP,
)
from vegas_table.engine.lords.state import OVER, START_CARDS, LordsState
from vegas_table.engine.lords.track import STOPS, advance

CARDS_PER_COLOUR: tuple[int, ...] = tuple(sum(1 for lot in LOTS if lot.card_colour == c)
                                          for c in range(len(CARD_COLOURS)))
STACKS = 4
TOUCHES_STRIP: tuple[bool, ...] = tuple(lot.touches_strip for lot in LOTS)


@dataclass(frozen=True, slots=True)
class Weights:
    """The judgement in a seat's worth: how much money, income and a contested casino count. Explicit so that
    bots judging by other weights can be played against each other (`greedy@money_early=0.5`); the defaults
    are plain greedy's."""

    money_early: float = 0.35  # points per $m at the start of the game
    money_late: float = 0.01  # points per $m once nothing is left to draw: money only breaks ties
    contested: float = 0.15  # share of a casino's points put at risk by each opponent with a die in it
    income: float = 0.5  # share of what dice and parking lots should still bring that counts as money now
    rivals: float = 1.0  # how the opponents' worth is weighed: 1 the best one's, 0 their mean

    @classmethod
    def parse(cls, text: str) -> Weights:
        """Weights from `name=number` pairs joined by `:` (`money_early=0.5:contested=0.1`), the rest default;
        ValueError names a weight that does not exist."""
        return cls(**named_numbers(text, cls.__slots__, float, "weight"))

    def text(self) -> str:
        """The weights that differ from the defaults, as `parse` reads them ("" for the defaults)."""
        plain = Weights()
        return ":".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__ if getattr(self, n) != getattr(plain, n))


PLAIN = Weights()


@dataclass(frozen=True, slots=True)
class Outlook:
    """How often each casino should still pay, and what $1m is worth, judged from the view."""

    draws_left: float  # cards still to draw before the End of Game card
    left_share: float  # the share of the draws after the deal still to come: 1 at the start, 0 at the end
    pays: tuple[float, ...]  # expected payments of a casino of each colour (not touching The Strip)
    strip_pays: float  # extra expected payments of a casino touching The Strip (its draws and the last one)
    money: float  # points per $m in hand
    players: int
    weights: Weights

    @classmethod
    def of(cls, view: Mapping[str, Any], weights: Weights = PLAIN) -> Outlook:
        """The outlook a player at the table has: the deck's make-up by colour, its order unknown."""
        discards = view["discards"]
        unseen = [max(0, CARDS_PER_COLOUR[c] - int(discards.get(name, 0))) for c, name in enumerate(CARD_COLOURS)]
        pile = [LOT_BY_NAME.get(name, END_OF_GAME) for name in view["discard_pile"]]
        return cls.seen(int(view["players"]), unseen, pile, int(view["deck_left"]), view.get("phase") == "over",
                        weights)

    @classmethod
    def seen(cls, players: int, unseen: list[int], pile: list[int], deck_left: int, over: bool,
             weights: Weights) -> Outlook:
        """The outlook from what the table sees: the cards of each colour not yet drawn (`unseen`), the discards
        oldest first (`pile`, card numbers) and the deck's size."""
        left = float(max(0, deck_left - 1 - (LOT_COUNT - dealt(pile, players)) // STACKS)) if deck_left else 0.0
        total = max(1, sum(unseen))
        return cls.make(players, left, [left * unseen[c] / total for c in range(len(CARD_COLOURS))], over, weights)

    @classmethod
    def of_state(cls, state: LordsState, weights: Weights = PLAIN) -> Outlook:
        """The outlook of a complete state (a determinized one, in a search): the cards above End of Game."""
        if END_OF_GAME not in state.deck:
            return cls.make(state.players, 0.0, [0.0] * len(CARD_COLOURS), True, weights)
        above = state.deck[state.deck.index(END_OF_GAME) + 1:]
        counts = [0.0] * len(CARD_COLOURS)
        for card in above:
            counts[LOTS[card].card_colour] += 1
        return cls.make(state.players, float(len(above)), counts, state.phase == OVER, weights)

    @classmethod
    def make(cls, players: int, left: float, rate: list[float], over: bool, weights: Weights) -> Outlook:
        after_deal = LOT_COUNT - START_CARDS * players
        start = after_deal - after_deal / STACKS
        share = min(1.0, left / start) if start else 0.0
        money = weights.money_late + (weights.money_early - weights.money_late) * share
        return cls(left, share, tuple(rate[:len(COLOURS)]), 0.0 if over else rate[STRIP] + 1.0, money, players,
                   weights)

    @property
    def draws(self) -> tuple[float, ...]:
        """The expected draws of each colour of `CARD_COLOURS` before the end (Pay The Strip last)."""
        return (*self.pays, max(0.0, self.strip_pays - 1.0))

    def casino_pays(self, colour: int, lots: tuple[int, ...]) -> float:
        strip = any(TOUCHES_STRIP[lot] for lot in lots)
        return self.pays[colour] + (self.strip_pays if strip else 0.0)


def dealt(pile: list[int], players: int) -> int:
    """How many of the discards (`pile`, oldest first) the deal made: two cards a seat, and with 2 players
    the F cards it met and set aside. The rest of the cards went into the four stacks."""
    if players != 2:
        return START_CARDS * players
    kept = 0
    for count, card in enumerate(pile, 1):
        kept += card < LOT_COUNT and LOTS[card].block != CLOSED_BLOCK_FOR_TWO
        if kept == START_CARDS * players:
            return count
    return len(pile)


@cache  # a few hundred (score, tiles) pairs, asked for hundreds of thousands of times a game
def points_per_payment(score: int, tiles: int) -> float:
    """Points a payment of `tiles` should move a chip from `score`, breaks included, averaged over this stop
    and the next two (the chip moves on as the game goes)."""
    at = STOPS.index(score) if score in STOPS else 0
    stops = STOPS[at:at + 3]
    return sum(advance(s, tiles) - s for s in stops) / len(stops)


class Holdings(NamedTuple):
    """What each seat has that its worth is made of, as the view shows it, one list entry per seat. Lists by
    part rather than an object per seat: greedy values thousands of positions a decision."""

    score: list[int]  # points on the score track now
    held: list[float]  # the score plus the points the casinos it bosses should still score (contested ones less)
    money: list[int]  # $m in hand
    dice: list[float]  # $m its dice should still bring (pips times the expected payments of their casinos)
    parking: list[float]  # $m its parking lots should still bring ($1m a draw each)
    cards: list[float]  # points the Underworld cards in front of it should still bring


def holdings(state: LordsState, outlook: Outlook) -> Holdings:
    """Every seat's parts (see the module's docstring for how each is judged)."""
    players, weights = state.players, outlook.weights
    points = [float(s) for s in state.score]
    income = [0.0] * players
    owner, pips, tile, height = state.die_owner, state.die_pips, state.tile, state.height
    for root, lots in state.casinos.items():
        pays = outlook.casino_pays(tile[root], lots)
        chief, best = -1, 0
        seats_here = 0
        for lot in lots:
            who = owner[lot]
            if who >= 0:
                income[who] += pips[lot] * pays
                seats_here |= 1 << who
                if pips[lot] > best:
                    chief, best = who, pips[lot]
        if chief < 0:
            continue
        rivals = bin(seats_here & ~(1 << chief)).count("1")
        tiles = len(lots) * height[root]
        points[chief] += pays * points_per_payment(state.score[chief], tiles) * (1 - weights.contested * rivals)
    markers = [0] * players
    for seat in state.marker:
        if seat >= 0:
            markers[seat] += 1
    cards = card_worths(state, outlook.draws, outlook.draws_left, outlook.money) if state.uw else [0.0] * players
    draws = outlook.draws_left
    return Holdings(state.score[:], points, state.money[:], income, [draws * m for m in markers], cards)


def hand_worths(each: Holdings, outlook: Outlook) -> list[float]:
    """Each seat's worth by the hand-set weights: its points to come, and its money and income at the money's
    rate."""
    share, rate = outlook.weights.income, outlook.money
    return [held + cards + rate * (money + share * (dice + parking))
            for held, cards, money, dice, parking in zip(each.held, each.cards, each.money, each.dice, each.parking,
                                                          strict=True)]


def worths(state: LordsState, outlook: Outlook) -> list[float]:
    """Each seat's worth in points."""
    return hand_worths(holdings(state, outlook), outlook)


def margin(each: list[float], seat: int, rivals: float) -> float:
    """The seat's worth less its opponents': the best one's (`rivals` 1), their mean (0), or between."""
    others = [w for s, w in enumerate(each) if s != seat]
    best = max(others)
    return each[seat] - (best if rivals == 1.0 else rivals * best + (1 - rivals) * sum(others) / len(others))


def value(state: LordsState, seat: int, outlook: Outlook) -> float:
    """The seat's worth against its opponents' (`margin`: with the plain weights, the best opponent's)."""
    return margin(worths(state, outlook), seat, outlook.weights.rivals)

