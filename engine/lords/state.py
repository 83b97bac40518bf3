"""The complete state of a Lords of Vegas game, as plain data.

Per-lot facts are kept in parallel lists indexed by lot number (see `board`), which makes copies cheap
(`clone`) and rules fast; casinos are derived from the tiles and kept up to date block by block
(`casinos.regroup`). Seats are numbered from 0 in turn order; names come from the rule set's player colours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.core.sealing import sealed_copy
from vegas_table.engine.lords.board import COLOURS, LOT_COUNT, TILES_PER_COLOUR
from vegas_table.engine.lords.cards import CardDef

if TYPE_CHECKING:
    from vegas_table.engine.lords.index import Holdings

DICE_PER_PLAYER = 12
MARKERS_PER_PLAYER = 10
START_CARDS = 2
RISER_COST = 15  # $m per riser (Up!)
REMODEL_COST = 5  # $m per space
BET_PER_TILE = 5  # $m of bet per tile, risers included

PLAYER_COLOURS: dict[str, tuple[str, ...]] = {
    "classic": ("blue", "green", "red", "yellow"),
    "up": ("black", "blue", "green", "purple", "red", "yellow"),
    "underworld": ("black", "blue", "green", "purple", "red", "yellow"),
}
# Rule sets with risers and the Raise action: Up! and the unified rulebook (003), which includes it.
RISER_RULES = frozenset({"up", "underworld"})

# Phases of the game.
DRAW = "draw"  # a decision interrupted the draw step; it resumes when the decision is made
ACTIONS = "actions"  # the current player may act, and anyone may trade
OVER = "over"


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the game waits for, made by `seat` before anything else happens.

    kinds:
      remove_marker  all 10 markers are down: which parking lot to give up so a marker can go to `lot`;
      remove_die     all 12 dice are down: which die to move onto `lot` (it will show `pips`);
      place_die      after a reorganization: which of `lots` gets the highest of `values` (highest first);
      layoff         the House (`seat`) decides whether to lay off half of `bet` at the casino of `lot`.
    `resume` says what the interrupted step was: "draw", "action" or "reorganize".
    """

    kind: str
    seat: int
    resume: str
    lot: int = -1
    pips: int = 0
    values: tuple[int, ...] = ()
    lots: tuple[int, ...] = ()
    bet: int = 0


@dataclass(frozen=True, slots=True)
class Transfer:
    """One part of a trade: `giver` hands `receiver` money (`amount`), a parking lot or a die (`lot`), or (option
    underworld) one of their Underworld cards (`card`, its id); or `giver`, the current player, performs an
    action now (`action`, its text; `receiver` is "")."""

    giver: str
    receiver: str
    item: str  # "money" | "lot" | "die" | "card" | "action"
    amount: int = 0
    lot: str = ""
    card: str = ""
    action: str = ""

    def text(self) -> str:
        if self.item == "action":
            return f"{self.giver} does {self.action}"
        what = f"${self.amount}" if self.item == "money" else f"card {self.card}" if self.item == "card" \
            else f"{self.item} {self.lot}"
        return f"{self.giver}>{self.receiver} {what}"


@dataclass(slots=True)
class Trade:
    """An open trade offer: it happens when every named player has accepted."""

    id: int
    proposer: int
    transfers: tuple[Transfer, ...]
    parties: tuple[int, ...]
    accepted: list[int]
    removes: dict[int, tuple[str, ...]]  # seat -> lots whose marker or die that seat gives up to take part

    def copy(self) -> Trade:
        return Trade(self.id, self.proposer, self.transfers, self.parties, list(self.accepted),
                     dict(self.removes))


@dataclass(slots=True, eq=False)  # a card in hand is itself: two Lone Sharks are two cards
class Held:
    """An Underworld card in front of a player: which kind (`card`, an index into `Underworld.cards`), the
    money put on it (not spendable until released) and whether its action was used this turn."""

    card: int
    money: int = 0
    used: bool = False


@dataclass(slots=True)
class Underworld:
    """The Underworld (option `underworld`): the hidden deck, the face-up line, the discards, everyone's cards.

    Cards are numbered by their kind (an index into `cards`, the game's card definitions, which come from its
    config and so are not part of the encoding); the deck's top is the END of the list, the line's oldest
    card is first. `acquires` and `gambles` count what is left this turn (card effects add to them);
    `combo_base`/`combo_points` let one player's card points of one turn move the chip as one payment
    (seed 003: "Scoring 5 points, she goes up 2 spaces").
    """

    cards: tuple[CardDef, ...]
    deck: list[int]
    line: list[int] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    hands: list[list[Held]] = field(default_factory=list)
    acquires: int = 1
    gambles: int = 0
    combo_base: list[int] = field(default_factory=list)  # -1: no card points yet this turn
    combo_points: list[int] = field(default_factory=list)

    def clone(self) -> Underworld:
        return Underworld(self.cards, list(self.deck), list(self.line), list(self.discards),
                          [[Held(h.card, h.money, h.used) for h in hand] for hand in self.hands], self.acquires,
                          self.gambles, list(self.combo_base), list(self.combo_points))


@dataclass(slots=True)
class LordsState:
    """Everything about one game. Changed only by the rules in this package (through `apply`)."""

    config: GameConfig
    players: int
    risers: bool  # the `up` rule set: risers and the Raise action
    layoff: bool  # the `layoff` option
    names: tuple[str, ...]  # player colours by seat
    rng: Rng
    deck: list[int]  # cards left; the top of the deck is the END of the list
    discards: list[int]  # cards in the order they were discarded
    money: list[int]
    score: list[int]
    marker: list[int] = field(default_factory=lambda: [-1] * LOT_COUNT)  # seat or -1
    tile: list[int] = field(default_factory=lambda: [-1] * LOT_COUNT)  # colour index or -1
    height: list[int] = field(default_factory=lambda: [0] * LOT_COUNT)  # 1 + risers; 0 without a tile
    die_owner: list[int] = field(default_factory=lambda: [-1] * LOT_COUNT)  # seat or -1
    die_pips: list[int] = field(default_factory=lambda: [0] * LOT_COUNT)
    reorganized: list[bool] = field(default_factory=lambda: [False] * LOT_COUNT)  # die reorganized this turn
    casino_of: list[int] = field(default_factory=lambda: [-1] * LOT_COUNT)  # root lot of the lot's casino
    casinos: dict[int, tuple[int, ...]] = field(default_factory=dict)  # root -> lots, root = lowest lot
    tiles_left: list[int] = field(default_factory=lambda: [TILES_PER_COLOUR] * len(COLOURS))
    turn: int = 0
    current: int = 0
    phase: str = ACTIONS
    gambled: bool = False
    last_card: int = -1
    pending: list[Decision] = field(default_factory=list)  # head is the decision being waited for
    trades: list[Trade] = field(default_factory=list)
    next_trade: int = 1
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    uw: Underworld | None = None  # the `underworld` option
    # what each seat holds, derived from the lists above for bots' playouts (engine/lords/holdings.py); None
    # until first read, and after anything but the rules wrote the lists
    holdings: Holdings | None = field(default=None, compare=False, repr=False)

    def name(self, seat: int) -> str:
        """A seat's name as players say it: its colour, capitalised ("Yellow")."""
        return self.names[seat].capitalize()

    def markers_down(self, seat: int) -> int:
        return self.marker.count(seat)

    def dice_down(self, seat: int) -> int:
        return self.die_owner.count(seat)

    def clone(self) -> LordsState:
        """An independent copy, cheap enough for bots to search on: attributes set one by one (a third less
        than the constructor with 29 keywords), lists copied by slicing, immutable parts (the config, casinos'
        tuples of lots, decisions, trades' transfers) shared. tests/engine/test_clone.py checks that every
        field is copied and nothing mutable is shared."""
        twin = object.__new__(LordsState)
        twin.config, twin.players, twin.risers, twin.layoff = self.config, self.players, self.risers, self.layoff
        twin.names, twin.rng = self.names, self.rng.copy()
        twin.deck, twin.discards, twin.money, twin.score = self.deck[:], self.discards[:], self.money[:], self.score[:]
        twin.marker, twin.tile, twin.height = self.marker[:], self.tile[:], self.height[:]
        twin.die_owner, twin.die_pips, twin.reorganized = self.die_owner[:], self.die_pips[:], self.reorganized[:]
        twin.casino_of, twin.casinos, twin.tiles_left = self.casino_of[:], self.casinos.copy(), self.tiles_left[:]
        twin.turn, twin.current, twin.phase, twin.gambled = self.turn, self.current, self.phase, self.gambled
        twin.last_card, twin.pending, twin.trades = self.last_card, self.pending[:], [t.copy() for t in self.trades]
        twin.next_trade, twin.winners, twin.end_reason = self.next_trade, self.winners, self.end_reason
        twin.uw = self.uw.clone() if self.uw is not None else None
        twin.holdings = self.holdings.copy() if self.holdings is not None else None
        return twin

    def sealed(self) -> LordsState:
        """A copy for a seat's eyes (`engine.core.sealing`): the table shared, the property and Underworld decks
        sorted, the generator blank, the seed sealed until the game is over."""
        uw = self.uw
        if uw is not None:
            uw = Underworld(uw.cards, sorted(uw.deck), uw.line, uw.discards, uw.hands, uw.acquires, uw.gambles,
                            uw.combo_base, uw.combo_points)
        return sealed_copy(self, self.phase == OVER, deck=sorted(self.deck), uw=uw)
