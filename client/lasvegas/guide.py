"""`help board` for Las Vegas: what the table's short marks mean (a count of dice against a die's face)."""

from __future__ import annotations

BOARD: tuple[str, ...] = (
    "The table: one column per casino, 1 to 6 (the slot machine last, with the slot module).",
    "  $70k        the notes on the casino, largest first: the most dice take the top note, the next",
    "              most the next; owners tied on a count cancel out",
    "  Red ×3      Red has 3 dice on this casino (× counts dice; +B a biggie, which counts 2)",
    "  Wht ×1      white (neutral) dice, with the neutral module",
    "  Blu [1]     on the slot machine each die is listed with its face: a die of Blue's showing 1",
    "  rolled 1 3 6 4B   the faces just rolled: B a biggie, K a kicker, W a white die",
    "  casino 3•   • after a casino's name: its dice changed since your last move",
    "Players: ▶ who the game waits for; won: money so far; notes: notes won; in hand: dice left to roll.",
)

TOPICS: dict[str, tuple[str, ...]] = {"board": BOARD}
