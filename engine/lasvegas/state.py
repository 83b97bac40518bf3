"""The complete state of a Las Vegas game, as plain data.

Casinos are numbered by index: 0-5 are the casinos of the numbers 1-6, `SLOT` (6) is the slot machine.
Per-owner lists hold one entry per seat and, last, one for the neutral (white) dice, so the neutral
"player" is owner `NEUTRAL` (-1) and indexes those lists directly. Dice are counted by kind; only the slot
machine remembers each die's pips, because only it ranks by pips.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.core.sealing import sealed_copy
from vegas_table.engine.lasvegas.actions import PLAYER_COLOURS as PLAYER_COLOURS  # re-exported: the seats by colour
from vegas_table.engine.lasvegas.actions import Place
from vegas_table.engine.lasvegas.modules import Modules

ROUNDS = 4
DICE_PER_PLAYER = 8
SLOT = 6
CASINO_NAMES = ("1", "2", "3", "4", "5", "6", "slot")
NEUTRAL = -1

# Kinds of dice in a hand or a roll, in the order a hand is rolled.
DIE, BIGGIE, KICKER, WHITE = 0, 1, 2, 3
KIND_NAMES = ("die", "biggie", "kicker", "white")


# Phases.
PLAY = "play"  # the current player places dice, or answers a kick decision
PAYOUT = "payout"  # the round is being paid: the slot machine waits for a player to take a note
OVER = "over"

# Kinds of decision.
KICK = "kick"
TAKE = "take"


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the game waits for from `seat` before anything else happens.

    kick  the current player's kicker landed on `casino` (showing `number`): which die it knocks off.
          `kickers` counts the kickers of that placement still to resolve, this one included.
    take  the slot machine pays: `seat` chooses a note. `order` lists the owners still to take one after
          it; `paid` the notes taken so far there (owner, $k); `cancelled` the owners whose ties cancelled.
    """

    kind: str
    seat: int
    casino: int
    number: int = 0
    kickers: int = 0
    order: tuple[int, ...] = ()
    paid: tuple[tuple[int, int], ...] = ()
    cancelled: tuple[int, ...] = ()


def starting_hand(players: int, modules: Modules) -> tuple[int, int, int, int]:
    """A seat's dice at the start of every round, by kind: (dice, biggies, kickers, white)."""
    biggies = 1 if modules.biggies else 0
    kickers = (2 if players < 6 else 1) if modules.kickers else 0
    white = (4 if players == 2 else 2) if modules.neutral else 0
    return DICE_PER_PLAYER - biggies - kickers, biggies, kickers, white


def extra_neutral_dice(players: int, modules: Modules) -> int:
    """Neutral dice the start player rolls straight onto the casinos as a round starts (3 players only)."""
    return 2 if modules.neutral and players == 3 else 0


@dataclass(slots=True)
class LasVegasState:
    """Everything about one game. Changed only by the rules in this package (through `apply`)."""

    config: GameConfig
    players: int
    modules: Modules
    rng: Rng
    deck: list[int]  # the pile; its top is the END of the list
    discards: list[int] = field(default_factory=list)  # rainbow cards out of the game
    notes: list[list[int]] = field(default_factory=lambda: [[] for _ in range(7)])  # per casino, display order
    dice: list[list[int]] = field(default_factory=list)  # per casino, per owner: plain dice (own or white)
    biggies: list[list[int]] = field(default_factory=list)  # per casino, per owner (neutral always 0)
    slot_dice: list[tuple[int, int, int]] = field(default_factory=list)  # (owner, kind, pips) as placed
    hands: list[list[int]] = field(default_factory=list)  # per seat: dice still to place, by kind
    kickers_used: list[int] = field(default_factory=list)  # per seat: kickers on the display card
    neutral_out: int = 0  # neutral dice kicked out of the round
    roll: tuple[int, ...] = ()  # the current player's roll: the faces of the plain dice
    extra: tuple[tuple[int, int], ...] = ()  # ... and (kind, pips) of the biggie, kickers and white dice
    options: tuple[Place, ...] = ()  # what that roll allows to place (derived from it; see legal.py)
    won: list[list[int]] = field(default_factory=list)  # per seat: the notes won, in order
    round: int = 0
    start_player: int = 0
    current: int = 0
    turn: int = 0
    phase: str = PLAY
    pending: Decision | None = None
    winners: tuple[int, ...] = ()
    owners: tuple[int, ...] = ()  # every seat, then NEUTRAL: the order owners are listed in (derived)

    def __post_init__(self) -> None:
        self.owners = (*range(self.players), NEUTRAL)

    @property
    def casinos(self) -> int:
        """How many casinos take dice: 6, or 7 with the slot machine."""
        return 7 if self.modules.slot else 6

    def name(self, seat: int) -> str:
        """An owner's name as players say it: its colour, capitalised ("Red"), or "White" (neutral)."""
        return "White" if seat == NEUTRAL else PLAYER_COLOURS[seat].capitalize()

    def money(self, seat: int) -> int:
        return sum(self.won[seat])

    def score(self, casino: int, owner: int) -> int:
        """How many dice `owner` counts at `casino`: a biggie counts as two."""
        return self.dice[casino][owner] + 2 * self.biggies[casino][owner]

    def clone(self) -> LasVegasState:
        """An independent copy, cheap enough for bots to search on: attributes set one by one (cheaper than
        the constructor and its `__post_init__`), lists copied with `list.copy` mapped over them, immutable
        parts shared. tests/engine/test_clone.py checks that every field is copied and nothing mutable is
        shared."""
        twin = object.__new__(LasVegasState)
        twin.config, twin.players, twin.modules, twin.rng = self.config, self.players, self.modules, self.rng.copy()
        twin.deck, twin.discards, twin.slot_dice = self.deck[:], self.discards[:], self.slot_dice[:]
        twin.notes, twin.dice = list(map(list.copy, self.notes)), list(map(list.copy, self.dice))
        twin.biggies, twin.hands = list(map(list.copy, self.biggies)), list(map(list.copy, self.hands))
        twin.kickers_used, twin.neutral_out, twin.roll = self.kickers_used[:], self.neutral_out, self.roll
        twin.extra, twin.options, twin.won = self.extra, self.options, list(map(list.copy, self.won))
        twin.round, twin.start_player, twin.current, twin.turn = self.round, self.start_player, self.current, self.turn
        twin.phase, twin.pending, twin.winners, twin.owners = self.phase, self.pending, self.winners, self.owners
        return twin

    def sealed(self) -> LasVegasState:
        """A copy for a seat's eyes (`engine.core.sealing`): the table shared, the pile sorted, the generator
        blank, the seed sealed until the game is over."""
        return sealed_copy(self, self.phase == OVER, deck=sorted(self.deck))
