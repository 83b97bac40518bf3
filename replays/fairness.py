"""Is the game's seed provably fair? The commit-reveal check of `engine.core.fairness`, applied to a replay.

The data can come from the file itself (the header's `meta` holds `commitment` and `entropies`, and for games
whose players committed to their entropy `entropy_commitments` and `withheld`; the end record's `meta` the
revealed `server_seed`: see docs/REPLAY_FORMAT.md) or from whoever hands the file over
(the server's GetReplay reply carries the same three), passed in as a `Reveal`. When both are there they
must agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vegas_table.engine.core.fairness import check_entropies, check_reveal

COMMITMENT = "commitment"
ENTROPIES = "entropies"
SERVER_SEED = "server_seed"
ENTROPY_COMMITMENTS = "entropy_commitments"  # every seat's commitment to its entropy, made when it joined
WITHHELD = "withheld"  # the seats that did not reveal their entropy in time (theirs is "")

PROVEN = "proven"  # the revealed secret matches the commitment and derives the game's seed
FAILED = "failed"  # revealed data contradicts the commitment or the seed
NOT_REVEALED = "not revealed"  # a commitment, but no secret yet (a running game, or a server that kept it)
NO_COMMITMENT = "no commitment"  # an offline game (`vegas simulate`): nothing to prove
ENTROPY_FAILED = "the players' entropies are not the ones they committed to"  # a FAILED detail: the header's


@dataclass(frozen=True, slots=True)
class Reveal:
    """What the server shows at the end of a game, as GetReplay returns it."""

    server_seed: str
    commitment: str
    entropies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FairnessCheck:
    """The outcome of the commit-reveal check: `status` is one of the four constants above."""

    status: str
    detail: str
    problems: tuple[str, ...] = ()

    @property
    def failed(self) -> bool:
        return self.status == FAILED

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "detail": self.detail, "problems": list(self.problems)}


def _from_meta(meta: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...] | None, str | None]:
    commitment = meta.get(COMMITMENT)
    entropies = meta.get(ENTROPIES)
    server_seed = meta.get(SERVER_SEED)
    return (str(commitment) if commitment is not None else None,
            tuple(str(e) for e in entropies) if isinstance(entropies, list) else None,
            str(server_seed) if server_seed is not None else None)


def check_fairness(meta: Mapping[str, Any], seed: str, players: int, reveal: Reveal | None = None
                   ) -> FairnessCheck:
    """Check the seed of a game with `players` seats against what the file's `meta` and `reveal` say.

    The seats' entropies are checked against their commitments as soon as the file has both, so a
    commitment or an entropy changed in a running game's header fails too."""
    commitment, entropies, server_seed = _from_meta(meta)
    conflicts = _conflicts(commitment, entropies, server_seed, reveal)
    if conflicts:
        return FairnessCheck(FAILED, "the file and the server's reveal disagree", conflicts)
    if reveal is not None:
        commitment, entropies, server_seed = reveal.commitment, reveal.entropies, reveal.server_seed
    if commitment is None:
        return FairnessCheck(NO_COMMITMENT, "no seed commitment: an offline game, nothing to prove")
    entropies = entropies if entropies is not None else ("",) * players
    promised, withheld = _entropy_commitments(meta)
    problems = _entropy_count(entropies, players)
    if promised is not None and not problems:
        problems += tuple(check_entropies(promised, entropies, withheld))
    if problems:
        return FairnessCheck(FAILED, ENTROPY_FAILED, problems)
    if server_seed is None:
        return FairnessCheck(NOT_REVEALED, f"committed to {commitment[:12]}…; the server seed is not revealed yet")
    problems = tuple(check_reveal(server_seed, commitment, entropies, seed))
    if problems:
        return FairnessCheck(FAILED, "the seed is not the one the server committed to", problems)
    return FairnessCheck(PROVEN, f"the revealed server seed matches commitment {commitment[:12]}… and, with "
                         f"the players' entropy{_entropy_words(promised, withheld)}, gives this game's seed")


def _entropy_commitments(meta: Mapping[str, Any]) -> tuple[tuple[str, ...] | None, frozenset[int]]:
    """The seats' commitments to their entropies (None in files from before players committed) and the
    seats that withheld theirs."""
    promised, withheld = meta.get(ENTROPY_COMMITMENTS), meta.get(WITHHELD)
    seats = frozenset(s for s in withheld if isinstance(s, int)) if isinstance(withheld, list) else frozenset()
    return (tuple(str(c) for c in promised) if isinstance(promised, list) else None), seats


def _entropy_words(promised: tuple[str, ...] | None, withheld: frozenset[int]) -> str:
    if promised is None:
        return ""
    words = " (each the one its seat committed to when joining"
    if withheld:
        words += f"; seat{'s' if len(withheld) > 1 else ''} {', '.join(map(str, sorted(withheld)))} withheld " \
                 "theirs and got \"\""
    return words + ")"


def _entropy_count(entropies: Sequence[str], players: int) -> tuple[str, ...]:
    if len(entropies) == players:
        return ()
    return (f"there are {len(entropies)} entropies for {players} seats (one per seat, \"\" for none)",)


def _conflicts(commitment: str | None, entropies: tuple[str, ...] | None, server_seed: str | None,
               reveal: Reveal | None) -> tuple[str, ...]:
    if reveal is None:
        return ()
    pairs = ((COMMITMENT, commitment, reveal.commitment), (ENTROPIES, entropies, reveal.entropies),
             (SERVER_SEED, server_seed, reveal.server_seed))
    return tuple(f"the file's {name} is {mine!r} but the server revealed {theirs!r}"
                 for name, mine, theirs in pairs if mine is not None and mine != theirs)
