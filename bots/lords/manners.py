"""Table manners: what a bot offers the people at its table, as against the bots.

A bot weighs an offer in milliseconds and answers at once; a person reads it, weighs it and types an answer
while the table waits. Dealing with people as with bots floods them: a new offer after each refusal, some
asking the person to give a die for nothing (a greedy partner may accept that: its value can judge a die a
burden where it stands). So, with the seats people play (`GameInfo.people`, which the server tells its own
bot seats), a bot keeps two rules:

- at most one offer to each person a turn (`Manners.may_ask`): a refused or ignored deal is not followed
  by the next best one;
- never an offer where a person gives something for nothing (`fair`): every person named in it receives
  something, so a deal that takes a person's lot or die pays at least $1m for it (`Manners.must_pay`).

Between bots neither rule holds: their deals are as before, and so is their strength (docs/BENCHMARKS.md).
How long a bot waits for a person's answer is the runner's (`bots.local.AnswerWait`, `server.botseats`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from vegas_table.engine.lords.actions import ProposeTrade


class Manners(NamedTuple):
    """A seat's manners for one offer: who plays as a person, and which of them it has asked this turn."""

    people: frozenset[int] = frozenset()
    asked: frozenset[int] = frozenset()  # people named in an offer the seat made this turn

    @classmethod
    def of(cls, people: frozenset[int], offers: Iterable[ProposeTrade], names: Sequence[str]) -> Manners:
        """The manners of a seat that made `offers` this turn, `people` the seats people play."""
        return cls(people, frozenset(p for offer in offers for p in parties(offer, names) if p in people))

    def may_ask(self, partner: int) -> bool:
        """Whether the seat may offer `partner` a deal now: a bot always, a person once a turn."""
        return partner not in self.asked

    def must_pay(self, partner: int) -> bool:
        """Whether a deal that takes something of `partner`'s must give them something back: a person's."""
        return partner in self.people


NO_MANNERS = Manners()  # among bots: anyone may be asked, and nothing need be paid


def parties(offer: ProposeTrade, names: Sequence[str]) -> set[int]:
    """The seats an offer names, as givers or receivers."""
    return {names.index(who) for t in offer.transfers for who in (t.giver, t.receiver)}


def fair(offer: ProposeTrade, names: Sequence[str], people: frozenset[int]) -> bool:
    """Whether every person named in `offer` receives something in it."""
    receivers = {names.index(t.receiver) for t in offer.transfers}
    return all(seat in receivers for seat in parties(offer, names) & people)
