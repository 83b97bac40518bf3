"""Building exact Lords of Vegas positions for rule tests, the way the rulebook examples describe them.

`blank()` gives a game past set-up with an empty board, no money, no points and a chosen deck;
`tile()`/`marker()` lay out the example; `ScriptedDice` replaces the generator when the example says
what the dice show (the real generator is tested on its own in tests/engine/test_rng.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.lords.board import BLOCKS, COLOURS, END_OF_GAME, LOT_BY_NAME, LOT_COUNT, LOTS, TILES_PER_COLOUR
from vegas_table.engine.lords.casinos import regroup
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import ACTIONS, LordsState

SEATS = {
    "classic": {"blue": 0, "green": 1, "red": 2, "yellow": 3},
    "up": {"black": 0, "blue": 1, "green": 2, "purple": 3, "red": 4, "yellow": 5},
}


class ScriptedDice:
    """Stands in for the game's generator: die() returns the scripted values in order, then fails loudly."""

    def __init__(self, values: Iterable[int]) -> None:
        self.values = list(values)
        self.drawn = 0
        self.seed = "scripted"

    def die(self) -> int:
        if not self.values:
            raise AssertionError("the rules rolled more dice than the example scripted")
        self.drawn += 1
        return self.values.pop(0)

    def copy(self) -> ScriptedDice:
        twin = ScriptedDice(self.values)
        twin.drawn = self.drawn
        return twin


def blank(rules: str = "classic", players: int = 4, current: str | int = 0, options: tuple[str, ...] = (),
          deck: Iterable[str] = ()) -> LordsState:
    """A game in its action step with nothing on the board; `deck` lists the next cards, top first."""
    state, _ = GAME.new(GameConfig("lords", rules, players, "position", options))
    for i in range(LOT_COUNT):
        state.marker[i] = state.tile[i] = state.die_owner[i] = state.casino_of[i] = -1
        state.height[i] = state.die_pips[i] = 0
        state.reorganized[i] = False
    state.casinos.clear()
    state.tiles_left = [TILES_PER_COLOUR] * len(COLOURS)
    state.money = [0] * players
    state.score = [0] * players
    state.current = seat(state, current)
    state.phase, state.pending, state.trades, state.gambled = ACTIONS, [], [], False
    cards = [END_OF_GAME if c == "End of Game" else LOT_BY_NAME[c] for c in deck]
    state.deck = list(reversed(cards or [END_OF_GAME]))
    state.holdings = None  # the lists were written here, not by the rules: counted again when read
    return state


def seat(state: LordsState, who: str | int) -> int:
    return who if isinstance(who, int) else SEATS[state.config.rules][who]


def marker(state: LordsState, lot: str, who: str | int) -> None:
    state.marker[LOT_BY_NAME[lot]] = seat(state, who)
    state.holdings = None


def tile(state: LordsState, lot: str, colour: str, who: str | int | None = None, pips: int | None = None,
         height: int = 1) -> None:
    """A casino tile on `lot`; with `who`, that player's die showing `pips` (default: the printed die)."""
    i = LOT_BY_NAME[lot]
    state.tile[i], state.height[i] = COLOURS.index(colour), height
    state.tiles_left[COLOURS.index(colour)] -= 1
    if who is not None:
        state.die_owner[i] = seat(state, who)
        state.die_pips[i] = LOTS[i].printed_die if pips is None else pips
    state.holdings = None
    for block in range(len(BLOCKS)):
        regroup(state, block)


def money(state: LordsState, **amounts: int) -> None:
    for who, amount in amounts.items():
        state.money[seat(state, who)] = amount


def die_at(state: LordsState, lot: str) -> tuple[int, int]:
    i = LOT_BY_NAME[lot]
    return state.die_owner[i], state.die_pips[i]


def casino_of(state: LordsState, lot: str) -> list[str]:
    return [LOTS[i].name for i in state.casinos[state.casino_of[LOT_BY_NAME[lot]]]]


def play(state: LordsState, who: str | int, text: str) -> list[Event]:
    return GAME.apply(state, seat(state, who), GAME.parse_action(text))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def marker_at(state: LordsState, lot: str) -> int:
    return state.marker[LOT_BY_NAME[lot]]


def height_at(state: LordsState, lot: str) -> int:
    return state.height[LOT_BY_NAME[lot]]
