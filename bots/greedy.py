"""The greedy Las Vegas bot: place the number whose dice win the most, measured against the others.

For each choice it looks at the table as it would be right after the choice, and scores it as the money
every owner would take if the round ended there (ties cancel, notes from the highest down, the slot
machine by its own tie-breaks), plus what the dice still in each hand are worth. A choice is worth the
bot's share minus the best opponent's share: taking a note from the leader counts as much as winning one.
It never looks at the roll to come or the order of the pile, only at what a player at the table sees.

Kicks are scored the same way (the die knocked off the table, and back in its owner's hand); at the slot
machine it takes the highest note.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.bots.base import Bot, Choice, Turn
from vegas_table.bots.lords.greedy import LordsGreedy
from vegas_table.bots.lords.value import PLAIN, Weights
from vegas_table.engine.lasvegas.actions import WHITE_OWNER, Kick, Place
from vegas_table.engine.lasvegas.payout import counts_here, keys_of_pips, payouts, slot_order
from vegas_table.engine.lasvegas.placing import landing
from vegas_table.engine.lasvegas.state import (
    BIGGIE,
    CASINO_NAMES,
    KICK,
    KIND_NAMES,
    NEUTRAL,
    PLAYER_COLOURS,
    SLOT,
    LasVegasState,
)
from vegas_table.engine.registry import get_game

DIE_IN_HAND = 2.0  # a die still to roll is worth twice the table's money per die in play this round (tuned)
LAS_VEGAS = get_game("lasvegas")

Counts = list[int]  # dice counted per owner: seats, then white (index -1)
SlotPips = dict[int, list[int]]  # owner -> pips on the slot machine, a biggie twice
Payouts = tuple[tuple[int, int], ...]  # (owner, $k) of a casino's notes, highest first
Roll = tuple[Sequence[int], Sequence[tuple[int, int]]]  # the plain dice's faces; (kind, pips) of the others


class GreedyBot(Bot):
    """Greedy at both games: Las Vegas here, Lords of Vegas in `bots.lords.greedy`."""

    name = "greedy"
    games = ("lasvegas", "lords")

    def __init__(self, seed: str = "0", weights: Weights = PLAIN, deals: bool = False) -> None:
        super().__init__(seed)
        self.lords = LordsGreedy(seed, weights, deals)

    @classmethod
    def configured(cls, seed: str, setting: str) -> GreedyBot:
        """`greedy@money_early=0.5:contested=0.1`: Lords of Vegas greedy judging by other weights
        (`bots.lords.value.Weights`), to be measured against plain greedy; `deals` among them (`greedy@deals`)
        makes it propose deals (`bots.lords.dealing`) rather than only offers to buy a die."""
        parts = setting.split(":")
        deals = "deals" in parts
        return cls(seed, Weights.parse(":".join(p for p in parts if p != "deals")), deals)

    def reason(self) -> str:
        """Why the last Lords choice was made, where greedy says (a refused offer: `LordsGreedy.why`)."""
        return self.lords.why

    def choose(self, turn: Turn) -> Choice:
        self.lords.why = ""
        options = turn.legal
        if not options:
            raise ValueError(f"seat {turn.seat} has no legal action")
        if turn.info.game == "lords":
            return self.lords.choose(turn)
        if len(options) == 1 or turn.info.game != "lasvegas":
            return options[0]  # another game: its documented default
        actions = [o.action if o.action is not None else LAS_VEGAS.parse_action(o.text) for o in options]
        return options[Table.of(turn.view).best(actions, turn.seat)]


class Table:
    """What the bot reasons about, read off the seat's view (`of`) or off a state the search plays on
    (`of_state`: the same table, without making a view): dice counted per casino, the slot machine's pips,
    notes, dice in hand, money won, this turn's roll and the kick at hand."""

    def __init__(self, counts: list[Counts], slot: SlotPips, notes: Sequence[tuple[int, ...]], hands: Counts,
                 money: Sequence[int], roll: Roll, kick_at: tuple[int, int] | None) -> None:
        self.counts, self.slot, self.notes, self.hands = counts, slot, notes, hands
        self.money, self.roll, self.kick_at = money, roll, kick_at
        # Kept up to date by `place` and `kick`, so that weighing an option recounts only what it changes:
        self.on_table = sum(map(sum, notes))  # $k of notes on the casinos
        self.in_play = sum(hands) + sum(map(sum, counts)) + sum(map(len, slot.values()))  # dice competing
        self.paid: list[Payouts | None] = [None] * 6  # each casino's `payouts`, once asked

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Table:
        casinos = view["casinos"]
        counts = [[*casinos[c]["counts"], casinos[c]["white"]] for c in range(6)]
        slot: SlotPips = {}
        for die in casinos[SLOT]["slot_dice"] if len(casinos) > SLOT else ():
            slot.setdefault(die["owner"], []).extend([die["pips"]] * (2 if die["kind"] == "biggie" else 1))
        notes = [tuple(0 if note == "rainbow" else note for note in casino["notes"]) for casino in casinos]
        hands = [sum(seat["hand"].values()) for seat in view["seats"]]
        money = [seat["money"] for seat in view["seats"]]
        roll = (tuple(view["roll"]["dice"]), tuple((KIND_NAMES.index(k), p) for k, p in view["roll"]["extra"]))
        head = view["pending"]
        kick_at = (CASINO_NAMES.index(head["casino"]), head["number"]) if head and head["kind"] == KICK else None
        return cls(counts, slot, notes, hands, money, roll, kick_at)

    @classmethod
    def of_state(cls, state: LasVegasState) -> Table:
        """The table `of(view)` reads from any seat's view of `state` (tests/bots/test_greedy.py checks
        that the greedy bot chooses the same from either)."""
        counts = [counts_here(state, c) for c in range(6)]  # shared: `place` and `kick` copy what they change
        slot: SlotPips = {}
        for owner, kind, pips in state.slot_dice:
            slot.setdefault(owner, []).extend([pips] * (2 if kind == BIGGIE else 1))
        head = state.pending
        return cls(counts, slot, list(map(tuple, state.notes[:state.casinos])), list(map(sum, state.hands)),
                   list(map(sum, state.won)), (state.roll, state.extra),
                   (head.casino, head.number) if head is not None and head.kind == KICK else None)

    def copy(self) -> Table:
        """A table to change: what `place` and `kick` change they copy first (a casino's counts, the slot
        machine), the rest is shared."""
        table = object.__new__(Table)
        table.counts, table.slot, table.notes, table.hands = list(self.counts), self.slot, self.notes, list(self.hands)
        table.money, table.roll, table.kick_at = self.money, self.roll, self.kick_at
        table.on_table, table.in_play, table.paid = self.on_table, self.in_play, list(self.paid)
        return table

    def best(self, options: Sequence[Any], seat: int) -> int:
        """The index of the option whose table is worth most to `seat` (the first of equals)."""
        if self.slot or self.roll[1] or not all(type(option) is Place and not option.slot for option in options):
            scores = [self.after(option, seat).worth(seat) for option in options]
        else:
            scores = self.placements_worth(options, seat)
        return scores.index(max(scores))

    def placements_worth(self, options: Sequence[Place], seat: int) -> list[float]:
        """`after(option, seat).worth(seat)` of each placement of plain dice on a casino, without a table for
        each: such a placement changes one casino's counts and the seat's hand, nothing else (the dice in
        play stay as many). The same sums in the same order as `worth`, so the very same numbers: the search's
        playouts weigh every placement of every roll this way."""
        rolled, counts, notes = self.roll[0], self.counts, self.notes
        paid: list[Payouts] = []
        for casino in range(6):
            known = self.paid[casino]
            if known is None:
                known = self.paid[casino] = payouts(tuple(counts[casino]), notes[casino])
            paid.append(known)
        players, money, hands = len(self.money), self.money, self.hands
        per_die = DIE_IN_HAND * self.per_die()
        others = [s for s in range(players) if s != seat]
        scores = []
        for option in options:
            placed = option.number - 1
            dice = rolled.count(option.number)
            changed = list(counts[placed])
            changed[seat] += dice
            totals = [money[s] + per_die * (hands[s] - dice if s == seat else hands[s]) for s in range(players)]
            for casino in range(6):
                for owner, value in payouts(tuple(changed), notes[placed]) if casino == placed else paid[casino]:
                    if owner != NEUTRAL:
                        totals[owner] += value
            scores.append(totals[seat] - max(totals[s] for s in others))
        return scores

    def after(self, option: Any, seat: int) -> Table:
        """The table once `option` is played (kickers' own kicks are weighed when they are decided)."""
        table = self.copy()
        if isinstance(option, Place):
            table.place(seat, option)
        elif isinstance(option, Kick):
            table.kick(option)
        return table

    def place(self, seat: int, option: Place) -> None:
        (rolled, extras), number = self.roll, option.number
        plain = rolled.count(number)
        biggies, kickers, white = landing(extras, number)
        mine = plain + 2 * biggies
        moved = plain + biggies + kickers + white
        self.hands[seat] -= moved
        self.in_play += mine + white - moved
        if option.slot:
            self.slot = {o: list(p) for o, p in self.slot.items()}
            self.slot.setdefault(seat, []).extend([number] * mine)
            if white:
                self.slot.setdefault(NEUTRAL, []).extend([number] * white)
        else:
            counts = self.counts[number - 1] = list(self.counts[number - 1])
            counts[seat] += mine
            counts[NEUTRAL] += white
            self.paid[number - 1] = None

    def kick(self, option: Kick) -> None:
        assert self.kick_at is not None
        casino, number = self.kick_at
        owner = NEUTRAL if option.owner == WHITE_OWNER else PLAYER_COLOURS.index(option.owner)
        weight = 2 if option.biggie else 1
        if casino == SLOT:
            self.slot = {o: list(p) for o, p in self.slot.items()}
            pips = self.slot[owner]
            for _ in range(weight):
                pips.remove(number)
        else:
            counts = self.counts[casino] = list(self.counts[casino])
            counts[owner] -= weight
            self.paid[casino] = None
        self.in_play -= weight
        if owner != NEUTRAL:
            self.hands[owner] += 1
            self.in_play += 1

    def per_die(self) -> float:
        """The table's money divided by the dice that compete for it this round."""
        return self.on_table / max(self.in_play, 1)

    def worth(self, seat: int) -> float:
        """The seat's money if the round ended now plus its dice in hand, minus the best opponent's."""
        players = len(self.money)
        per_die = DIE_IN_HAND * self.per_die()
        totals: list[float] = [self.money[s] + per_die * self.hands[s] for s in range(players)]
        for casino in range(6):
            paid = self.paid[casino]
            if paid is None:
                paid = self.paid[casino] = payouts(tuple(self.counts[casino]), self.notes[casino])
            for owner, value in paid:
                if owner != NEUTRAL:
                    totals[owner] += value
        if self.slot:
            # As if each owner took the highest note left (the slot machine lets them choose): the rules' order.
            order, notes = slot_order(keys_of_pips(self.slot)), sorted(self.notes[SLOT], reverse=True)
            for owner, value in zip(order, notes):  # noqa: B905  (fewer owners or fewer notes)
                if owner != NEUTRAL:
                    totals[owner] += value
        return totals[seat] - max(totals[s] for s in range(players) if s != seat)
