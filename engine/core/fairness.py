"""Provably fair seeds: the server commits to a secret before anyone joins; players mix in their own entropy.

1. When a game is created the server draws a secret `server_seed` (64 hex digits from the OS) and shows
   every player `commitment(server_seed)`, its SHA-256.
2. Each player may contribute any text as entropy when joining (bots and players who don't: "").
3. When every seat is taken, the game's seed is `game_seed(server_seed, entropies)` (entropies in seat order),
   so neither the operator (committed before seeing the entropies) nor any player (blind to the secret) can
   pick the dice.
4. When the game is over the server reveals `server_seed`; anyone checks it against the commitment, derives
   the seed again and re-runs the game from its replay.

Limit: an operator who also plays could try many entropies of their own before joining last; a
commit-reveal round for entropies would close that, at the cost of one more step for every player.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

SEED_DOMAIN = b"vegas-seed-v1\x00"


def commitment(server_seed: str) -> str:
    """What players see before the game: SHA-256 of the server's secret, as hex."""
    return hashlib.sha256(server_seed.encode("utf-8")).hexdigest()


def game_seed(server_seed: str, entropies: Sequence[str]) -> str:
    """The seed of the game: SHA-256 over the secret and every seat's entropy, length-prefixed, as hex."""
    h = hashlib.sha256(SEED_DOMAIN)
    for part in (server_seed, *entropies):
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(4, "big") + data)
    return h.hexdigest()


def check_reveal(server_seed: str, expected_commitment: str, entropies: Sequence[str], seed: str) -> list[str]:
    """Everything wrong with a revealed secret (empty when the game's seed is proven fair)."""
    problems = []
    if commitment(server_seed) != expected_commitment:
        problems.append("the revealed server seed does not match the commitment shown before the game")
    if game_seed(server_seed, entropies) != seed:
        problems.append("the game's seed is not the one derived from the server seed and the players' entropy")
    return problems
