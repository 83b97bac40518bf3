"""A seat's entropy, committed to when joining and revealed when the game asks (docs/API.md, "Fairness").

The client draws 256 random bits, sends only their SHA-256 with JoinGame, and keeps the entropy (with the
saved seat, so a restarted client can still reveal). When every seat is taken the game waits
(status "revealing"); once this client has seen every seat's commitment it reveals its own, and keeps the
commitments it saw, for the end-of-game proof to compare with the replay.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field

from vegas_client.data import GameSummary

ENTROPY_BITS = 256  # unguessable: the commitment is public, so a guessable entropy could be found from it


def fresh_entropy() -> str:
    """An entropy nobody can guess from its commitment."""
    return secrets.token_hex(ENTROPY_BITS // 8)


def entropy_commitment(entropy: str) -> str:
    """What JoinGame sends: the SHA-256 of the entropy, as hex (engine/core/fairness.py `commitment`)."""
    return hashlib.sha256(entropy.encode("utf-8")).hexdigest()


def reveal_due(summary: GameSummary, seat: int) -> bool:
    """Whether `seat` should reveal now: the game waits for entropies, every seat's commitment is shown (so
    no one can still choose theirs knowing ours), and this seat's is not in yet."""
    seats = summary.seats
    return (summary.status == "revealing" and 0 <= seat < len(seats) and not seats[seat].revealed
            and all(s.entropy_commitment for s in seats))


@dataclass
class Entropies:
    """The entropies of the seats this client holds, by (game id, seat token), and the commitments it saw
    before revealing in each game."""

    held: dict[tuple[str, str], tuple[int, str]] = field(default_factory=dict)  # -> (seat, entropy)
    seen: dict[str, tuple[str, ...]] = field(default_factory=dict)  # game id -> every seat's commitment

    def hold(self, game_id: str, seat: int, token: str, entropy: str) -> None:
        self.held[(game_id, token)] = (seat, entropy)

    def due(self, summary: GameSummary) -> list[tuple[str, str]]:
        """(token, entropy) of each seat held in this game that should reveal now; notes the commitments seen."""
        due = [(token, entropy) for (game_id, token), (seat, entropy) in self.held.items()
               if game_id == summary.game_id and reveal_due(summary, seat)]
        if due:
            self.seen[summary.game_id] = tuple(s.entropy_commitment for s in summary.seats)
        return due
