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

import random
from collections.abc import Sequence
from typing import Any

from engine.core.api import Game
from engine.lasvegas.actions import WHITE_OWNER, Kick, Place
from engine.lasvegas.state import BIGGIE, NEUTRAL, PLAYER_COLOURS, SLOT, WHITE, LasVegasState

DIE_IN_HAND = 2.0  # a die still to roll is worth twice the table's money per die in play this round (tuned)

Counts = list[int]  # dice counted per owner: seats, then white (index -1)
SlotPips = dict[int, list[int]]  # owner -> pips on the slot machine, a biggie twice


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))  # unused by the strategy, kept for the Bot constructor contract

    def choose(self, game: Game[Any], state: Any, seat: int) -> Any:
        options = game.legal_actions(state, seat)
        if not options:
            raise ValueError(f"seat {seat} has no legal action")
        if len(options) == 1 or not isinstance(state, LasVegasState):
            return options[0]  # another game: its documented default
        table = Table.of(state)
        scores = [table.after(option, seat).worth(seat) for option in options]
        return options[scores.index(max(scores))]


class Table:
    """What the bot reasons about: dice counted per casino, the slot machine's pips, notes, hands."""

    def __init__(self, counts: list[Counts], slot: SlotPips, notes: list[list[int]], hands: Counts,
                 state: LasVegasState) -> None:
        self.counts, self.slot, self.notes, self.hands, self.state = counts, slot, notes, hands, state

    @classmethod
    def of(cls, state: LasVegasState) -> Table:
        counts = [[state.score(c, o) for o in (*range(state.players), NEUTRAL)] for c in range(6)]
        slot: SlotPips = {}
        for owner, kind, pips in state.slot_dice:
            slot.setdefault(owner, []).extend((pips, pips) if kind == BIGGIE else (pips,))
        hands = [sum(hand) for hand in state.hands]
        return cls(counts, slot, [list(n) for n in state.notes], hands, state)

    def copy(self) -> Table:
        return Table([list(c) for c in self.counts], {o: list(p) for o, p in self.slot.items()}, self.notes,
                     list(self.hands), self.state)

    def after(self, option: Any, seat: int) -> Table:
        """The table once `option` is played (kickers' own kicks are weighed when they are decided)."""
        table = self.copy()
        if isinstance(option, Place):
            table.place(seat, option)
        elif isinstance(option, Kick):
            table.kick(option)
        return table

    def place(self, seat: int, option: Place) -> None:
        state, number = self.state, option.number
        extra = [kind for kind, pips in state.extra if pips == number]
        mine = state.roll.count(number) + 2 * extra.count(BIGGIE)
        white = extra.count(WHITE)
        self.hands[seat] -= state.roll.count(number) + len(extra)
        if option.slot:
            self.slot.setdefault(seat, []).extend([number] * mine)
            if white:
                self.slot.setdefault(NEUTRAL, []).extend([number] * white)
        else:
            self.counts[number - 1][seat] += mine
            self.counts[number - 1][NEUTRAL] += white

    def kick(self, option: Kick) -> None:
        head = self.state.pending
        assert head is not None
        owner = NEUTRAL if option.owner == WHITE_OWNER else PLAYER_COLOURS.index(option.owner)
        weight = 2 if option.biggie else 1
        if head.casino == SLOT:
            pips = self.slot[owner]
            for _ in range(weight):
                pips.remove(head.number)
        else:
            self.counts[head.casino][owner] -= weight
        if owner != NEUTRAL:
            self.hands[owner] += 1

    def per_die(self) -> float:
        """The table's money divided by the dice that compete for it this round."""
        money = sum(sum(notes) for notes in self.notes)
        in_play = sum(self.hands) + sum(sum(c) for c in self.counts) + sum(len(p) for p in self.slot.values())
        return money / max(in_play, 1)

    def worth(self, seat: int) -> float:
        """The seat's money if the round ended now plus its dice in hand, minus the best opponent's."""
        players = self.state.players
        per_die = DIE_IN_HAND * self.per_die()
        totals = [self.state.money(s) + per_die * self.hands[s] for s in range(players)]
        for casino in range(6):
            for owner, value in payouts(self.counts[casino], self.notes[casino]):
                if owner != NEUTRAL:
                    totals[owner] += value
        if self.slot:
            for owner, value in slot_payouts(self.slot, self.notes[SLOT]):
                if owner != NEUTRAL:
                    totals[owner] += value
        return totals[seat] - max(totals[s] for s in range(players) if s != seat)


def payouts(counts: Counts, notes: Sequence[int]) -> list[tuple[int, int]]:
    """Who takes which note at a casino if it paid now: tied counts cancel, most dice first."""
    owners = [(count, o) for o, count in zip((*range(len(counts) - 1), NEUTRAL), counts, strict=True) if count]
    tally = [count for count, _ in owners]
    ranked = sorted(((c, o) for c, o in owners if tally.count(c) == 1), reverse=True)
    return [(o, note) for (_, o), note in zip(ranked, notes, strict=False)]


def slot_payouts(slot: SlotPips, notes: Sequence[int]) -> list[tuple[int, int]]:
    """The slot machine if it paid now: by dice, sum, highest pips; exact ties cancel; highest note first."""
    keys = {o: (len(p), sum(p), sorted(p, reverse=True)) for o, p in slot.items() if p}
    ranked = sorted((k, o) for o, k in keys.items() if list(keys.values()).count(k) == 1)[::-1]
    return [(o, note) for (_, o), note in zip(ranked, sorted(notes, reverse=True), strict=False)]
