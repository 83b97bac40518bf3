"""The shape of the holdings index (`holdings.py` keeps it up to date): plain data, below the state that
carries one (`LordsState.holdings`), so the state can name its type without importing the rules that fill it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Facts(NamedTuple):
    """What the sampler asks of a casino: its boss (-1 without dice), the pips of its dice (what reorganizing
    it costs), whether a die of it was reorganized this turn, the seats with a die there; and for its boss's
    actions its size (remodels cost per lot), how many lots its frontier has (where it may sprawl), what
    the cheapest sprawl costs at its height and what raising it costs (`NEVER` where none may be done)."""

    boss: int
    pips: int
    reorganized: bool
    owners: frozenset[int]
    size: int
    spread: int
    sprawl_cost: int
    raise_cost: int


@dataclass(slots=True)
class Holdings:
    """The index (see `holdings.py`). `stale` holds the roots, present or former, of casinos whose
    dice or lots changed since their facts were counted."""

    parking: list[list[int]]
    facts: dict[int, Facts]
    present: list[set[int]]
    bosses: list[set[int]]
    stale: set[int]

    def copy(self) -> Holdings:
        return Holdings([lots[:] for lots in self.parking], self.facts.copy(), [set(s) for s in self.present],
                        [set(s) for s in self.bosses], set(self.stale))
