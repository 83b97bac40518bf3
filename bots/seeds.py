"""A bot's seed, derived one way from its game's seed and its seat.

A bot seeded with the game's own seed (or anything it can be split back into) could call `Game.new` and
know the whole deck and every die: the opposite of what `vegas_table.bots.base` promises. So whoever runs
bots in-process (`vegas simulate`, `vegas tournament`, their Ray workers) seeds each from a SHA-256 of the
game's seed and the seat: the same game gives the same bots (reproducible), and nothing in the bot's seed
tells the game's. The server's own seats are seeded from the game's id, which is public anyway.
"""

from __future__ import annotations

import hashlib

DOMAIN = b"vegas-table bot seed v1\x00"  # keeps these digests apart from every other SHA-256 of a seed


def seat_seed(game_seed: str, seat: int) -> str:
    """The seed of the bot at `seat` of the game seeded `game_seed`: 64 hex digits, one way."""
    digest = hashlib.sha256(DOMAIN + game_seed.encode("utf-8") + b"\x00" + str(seat).encode("ascii"))
    return digest.hexdigest()
