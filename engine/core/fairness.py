"""Provably fair seeds: the server commits to a secret before anyone joins; players mix in their own entropy.

1. When a game is created the server draws a secret `server_seed` (64 hex digits from the OS) and shows
   every player `commitment(server_seed)`, its SHA-256.
2. Each player commits to any text as entropy when joining: they send `commitment(entropy)`, shown to every
   seat at once, and keep the entropy itself (bots, and old clients that send their entropy in plain, are
   committed and revealed at once: a plaintext joiner's entropy can be seen by the host before the game).
3. When every seat is taken and every seat has seen every commitment, each seat reveals its entropy; the
   server takes it only if it matches the seat's commitment (`check_entropies`). A seat that does not reveal
   in time gets "" and is named as having withheld it.
4. The game's seed is `game_seed(server_seed, entropies)` (entropies in seat order), so neither the operator
   (committed before seeing the entropies) nor any player (blind to the secret, and bound to an entropy
   chosen before anyone else's was known) can pick the dice.
5. When the game is over the server reveals `server_seed`; anyone checks it against the commitment, every
   entropy against its seat's commitment, derives the seed again and re-runs the game from its replay.

Limit: the one choice left is a player's to reveal or to withhold. A player who knows the server seed (the
host who also plays) and has seen the others' entropies may compute the seed both ways and withhold when
"" suits them better: one bit of choice per seat they hold (two outcomes to pick from with one seat, four
with two), never a free search. Withholding is logged and written in the replay header (`withheld`), so
every player sees it. An entropy must be unguessable, since its commitment is public: clients draw 256
random bits. A plaintext joiner gives up the protection: the host sees that entropy before choosing theirs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence

SEED_DOMAIN = b"vegas-seed-v1\x00"


def commitment(secret: str) -> str:
    """What others see before a secret is revealed: its SHA-256, as hex (the server seed's, an entropy's)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def game_seed(server_seed: str, entropies: Sequence[str]) -> str:
    """The seed of the game: SHA-256 over the secret and every seat's entropy, length-prefixed, as hex."""
    h = hashlib.sha256(SEED_DOMAIN)
    for part in (server_seed, *entropies):
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(4, "big") + data)
    return h.hexdigest()


def check_entropies(entropy_commitments: Sequence[str], entropies: Sequence[str],
                    withheld: Collection[int] = ()) -> list[str]:
    """Everything wrong with the seats' entropies against the commitments they made when joining: each
    entropy hashes to its seat's commitment, except a seat in `withheld` (it did not reveal), whose is ""."""
    if len(entropy_commitments) != len(entropies):
        return [f"there are {len(entropy_commitments)} entropy commitments for {len(entropies)} entropies "
                "(one per seat)"]
    problems = []
    for seat, (promised, entropy) in enumerate(zip(entropy_commitments, entropies, strict=True)):
        if seat in withheld:
            if entropy:
                problems.append(f"seat {seat} withheld its entropy, so its entropy must be \"\"")
        elif commitment(entropy) != promised:
            problems.append(f"seat {seat}'s entropy does not match the commitment it made when joining")
    return problems


def check_reveal(server_seed: str, expected_commitment: str, entropies: Sequence[str], seed: str,
                 entropy_commitments: Sequence[str] | None = None, withheld: Collection[int] = ()) -> list[str]:
    """Everything wrong with a revealed secret (empty when the game's seed is proven fair); with the seats'
    `entropy_commitments` (and the seats that `withheld` their entropy), every entropy is checked too."""
    problems = []
    if commitment(server_seed) != expected_commitment:
        problems.append("the revealed server seed does not match the commitment shown before the game")
    if entropy_commitments is not None:
        problems.extend(check_entropies(entropy_commitments, entropies, withheld))
    if game_seed(server_seed, entropies) != seed:
        problems.append("the game's seed is not the one derived from the server seed and the players' entropy")
    return problems
