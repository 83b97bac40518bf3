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

from bots.base import Bot, Choice, Turn
from bots.lords.greedy import LordsGreedy
from engine.lasvegas.actions import WHITE_OWNER, Kick, Place
from engine.lasvegas.state import NEUTRAL, PLAYER_COLOURS, SLOT
from engine.registry import get_game

DIE_IN_HAND = 2.0  # a die still to roll is worth twice the table's money per die in play this round (tuned)
LAS_VEGAS = get_game("lasvegas")

Counts = list[int]  # dice counted per owner: seats, then white (index -1)
SlotPips = dict[int, list[int]]  # owner -> pips on the slot machine, a biggie twice


class GreedyBot(Bot):
    """Greedy at both games: Las Vegas here, Lords of Vegas in `bots.lords.greedy`."""

    name = "greedy"
    games = ("lasvegas", "lords")

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.lords = LordsGreedy(seed)

    def choose(self, turn: Turn) -> Choice:
        options = turn.legal
        if not options:
            raise ValueError(f"seat {turn.seat} has no legal action")
        if turn.info.game == "lords":
            return self.lords.choose(turn)
        if len(options) == 1 or turn.info.game != "lasvegas":
            return options[0]  # another game: its documented default
        table = Table.of(turn.view)
        actions = [o.action if o.action is not None else LAS_VEGAS.parse_action(o.text) for o in options]
        scores = [table.after(action, turn.seat).worth(turn.seat) for action in actions]
        return options[scores.index(max(scores))]


class Table:
    """What the bot reasons about, read off the seat's view: dice counted per casino, the slot machine's
    pips, notes, dice in hand, money won, this turn's roll and the decision at hand."""

    def __init__(self, counts: list[Counts], slot: SlotPips, notes: list[list[int]], hands: Counts,
                 view: Mapping[str, Any]) -> None:
        self.counts, self.slot, self.notes, self.hands, self.view = counts, slot, notes, hands, view

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Table:
        casinos = view["casinos"]
        counts = [[*casinos[c]["counts"], casinos[c]["white"]] for c in range(6)]
        slot: SlotPips = {}
        for die in casinos[SLOT]["slot_dice"] if len(casinos) > SLOT else ():
            slot.setdefault(die["owner"], []).extend([die["pips"]] * (2 if die["kind"] == "biggie" else 1))
        notes = [[0 if note == "rainbow" else note for note in casino["notes"]] for casino in casinos]
        hands = [sum(seat["hand"].values()) for seat in view["seats"]]
        return cls(counts, slot, notes, hands, view)

    def copy(self) -> Table:
        return Table([list(c) for c in self.counts], {o: list(p) for o, p in self.slot.items()}, self.notes,
                     list(self.hands), self.view)

    def after(self, option: Any, seat: int) -> Table:
        """The table once `option` is played (kickers' own kicks are weighed when they are decided)."""
        table = self.copy()
        if isinstance(option, Place):
            table.place(seat, option)
        elif isinstance(option, Kick):
            table.kick(option)
        return table

    def place(self, seat: int, option: Place) -> None:
        roll, number = self.view["roll"], option.number
        extra = [kind for kind, pips in roll["extra"] if pips == number]
        plain = roll["dice"].count(number)
        mine = plain + 2 * extra.count("biggie")
        white = extra.count("white")
        self.hands[seat] -= plain + len(extra)
        if option.slot:
            self.slot.setdefault(seat, []).extend([number] * mine)
            if white:
                self.slot.setdefault(NEUTRAL, []).extend([number] * white)
        else:
            self.counts[number - 1][seat] += mine
            self.counts[number - 1][NEUTRAL] += white

    def kick(self, option: Kick) -> None:
        head = self.view["pending"]
        assert head is not None
        owner = NEUTRAL if option.owner == WHITE_OWNER else PLAYER_COLOURS.index(option.owner)
        weight = 2 if option.biggie else 1
        if head["casino"] == "slot":
            pips = self.slot[owner]
            for _ in range(weight):
                pips.remove(head["number"])
        else:
            self.counts[int(head["casino"]) - 1][owner] -= weight
        if owner != NEUTRAL:
            self.hands[owner] += 1

    def per_die(self) -> float:
        """The table's money divided by the dice that compete for it this round."""
        money = sum(sum(notes) for notes in self.notes)
        in_play = sum(self.hands) + sum(sum(c) for c in self.counts) + sum(len(p) for p in self.slot.values())
        return money / max(in_play, 1)

    def worth(self, seat: int) -> float:
        """The seat's money if the round ended now plus its dice in hand, minus the best opponent's."""
        players: int = self.view["players"]
        per_die = DIE_IN_HAND * self.per_die()
        totals: list[float] = [self.view["seats"][s]["money"] + per_die * self.hands[s] for s in range(players)]
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
