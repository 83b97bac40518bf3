"""`help board`, `help gamble`, `help sprawl`: what the Lords of Vegas screen's short marks mean, the odds
of a gamble and the rules of a sprawl, in a few lines each (the rulebook is the authority)."""

from __future__ import annotations

from vegas_table.client.lords.preview import DOUBLE, EVEN, GAMBLE_ODDS, HOUSE_EDGE, LOSE, percent
from vegas_table.engine.lords.card_words import card_effect
from vegas_table.engine.lords.cards import cards_for
from vegas_table.engine.lords.state import BET_PER_TILE, REMODEL_COST, RISER_COST

BOARD: tuple[str, ...] = (
    "The board: one cell per lot, blocks A, C, E left of The Strip and B, D, F right of it.",
    "  A2 $6 [2]   an empty lot: its price ($6m) and the die printed on it (a casino built there starts with it)",
    "  A6 P Blk    a parking lot (a marker) of Black's; wide cells spell the colour or the name",
    "  A1 Pu² K⚄   a casino tile: Pu its colour, ² its height, K⚄ Black's die showing 5",
    "              colours: Pu purple, Br brown, Go gold, Si silver, Aq aqua, St the Strip",
    "              heights: no mark is 1, ² ³ ⁴ are raised casinos (Up! rules)",
    "              dice: K Black, B Blue, G Green, P Purple, R Red, Y Yellow, then the die's face",
    "              (⚀ 1 ⚁ 2 ⚂ 3 ⚃ 4 ⚄ 5 ⚅ 6); underlined: the die of the casino's boss",
    "  │ and ─      the edge of a casino: cells of one casino share their colour and the gaps between them",
    "  K⚄*         * that die was reorganized this turn (its casino cannot be reorganized again this turn)",
    "  A1 --       a tile without a die",
    "  A6•         • after a lot's name: it changed since your last move",
    "  reversed    the last card drawn, a lot a decision is about, a lot named on the command line",
    "Players: ▶ who the game waits for; money; score→next: points now → the next stop of the score track",
    "  (points that do not reach a stop are lost: the breaks); markers and dice left; boss of C8:2: the",
    "  casinos you are boss of and the points each scores. discards Pu 3: cards drawn of each colour;",
    "  deck: cards left; tiles left Pu9: casino tiles left of each colour.",
    "Log: F1+8 is the casino on F1 and 8 more lots; A4-A5 a casino of those lots.",
    "Since your last move: the lots that changed (tiles, owners, dice, colours) have • after their names",
    "  (A6•, also bold and underlined) until you act again. When your turn comes, the log says what changed",
    "  for you since your last turn ended: money and points, casinos whose boss changed, your dice and lots,",
    "  cards drawn, trades done.",
)

GAMBLE: tuple[str, ...] = (
    "Gamble (once a turn): bet at a casino someone else is boss of; that boss is the House.",
    f"  You roll 2 dice. {GAMBLE_ODDS}.",
    f"  So you win {percent(DOUBLE + EVEN)} of the time ({percent(DOUBLE)} of it double) and lose {percent(LOSE)};",
    f"  a $10m bet is worth ${10 * float(1 - HOUSE_EDGE):.2f}m on average: the House has the edge.",
    f"  The most you may bet: ${BET_PER_TILE}m per tile of the casino (risers count), and no more than you or",
    "  the House has.",
    "  With the layoff option the House may first lay off half the bet to the bank (then it pays or",
    "  collects half, the bank the rest). The House never pays more than it has.",
    "  Type: gamble LOT BET, e.g. gamble B4 10 (LOT: any lot of the casino).",
)

SPRAWL: tuple[str, ...] = (
    "Sprawl: grow a casino you are boss of into an empty lot that shares an edge with it.",
    "  It costs twice the lot's price, plus $" + str(RISER_COST) + "m for each riser the casino has (Up!).",
    "  The new tile takes the casino's colour and height, and your die with the lot's printed pips.",
    "  You need a tile of that colour left. Block F is closed with 2 players.",
    "  Type: sprawl LOT (your casino next to it is found) or sprawl FROM LOT; Tab lists the lots with",
    "  what each costs. For comparison: build costs the lot's price on your own parking lot;",
    f"  remodel ${REMODEL_COST}m per tile; raise ${RISER_COST}m per tile.",
)

def _cards() -> tuple[str, ...]:
    """`help cards` (and `help use`, `help acquire`): how the Underworld's cards are played, and what each card
    of the shipped deck does, in the engine's words (a game with a card file of its own: `cards` shows its
    line and everyone's cards with theirs)."""
    return (
        "Underworld cards (games with the underworld option or rule set):",
        "  The line: cards face up that anyone may acquire. Type cards to see them with what each does, and",
        "  everyone's cards.",
        "  acquire CARD   on your turn, once a turn: pay its cost, take it from the line (Tab lists them)",
        "  use CARD [LOT] on your turn, once a turn per card: its action (LOT: the die or casino it names)",
        "  Cards that score count through the score track's breaks; points on cards count at the end.",
        "The shipped deck:",
        *(f"  {card.name} ({card.id}): {card_effect(card)}" for card in cards_for("")),
    )


TOPICS: dict[str, tuple[str, ...]] = {"board": BOARD, "gamble": GAMBLE, "sprawl": SPRAWL, "cards": _cards(),
                                      "use": _cards(), "acquire": _cards()}
