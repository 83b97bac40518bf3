"""Proving a finished game fair from the client's side (issue 4), with what this client saw itself.

At the end the server reveals its secret seed, every seat's entropy and the replay file. The client checks:

1. the revealed secret matches the commitment it showed *before* the game, and with the entropies it
   derives the game's seed (`engine.core.fairness.check_reveal`);
2. the entropy recorded for this seat is the one this client sent when it joined;
3. the replay re-runs: every action legal, every state hash as recorded (`replays.verify`);
4. the replay's seed is the revealed one, and its final position, seen from this seat, is exactly the view
   this client ended with;
5. what this client saw itself during the game (`Witnessed`) is in the replay: every seat's commitment to
   its entropy as shown before this client revealed its own, and the last replay record the server named
   (`record_hash` of the last update). The chain alone cannot show a file changed after the game and
   re-chained (every `prev` rewritten); a player who kept that hash can.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vegas_client.data import Revealed
from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.engine.core.fairness import check_reveal
from vegas_table.engine.registry import get_game
from vegas_table.replays.fairness import Reveal
from vegas_table.replays.format import line_hash
from vegas_table.replays.verify import verify_bytes


@dataclass(frozen=True, slots=True)
class Finding:
    ok: bool
    text: str


@dataclass(frozen=True, slots=True)
class Witnessed:
    """What this client saw itself during the game, to hold the replay against at the end."""

    commitments: tuple[str, ...] = ()  # every seat's commitment to its entropy, as seen before revealing ours
    version: int | None = None  # the version of the last update seen...
    record_hash: str = ""  # ...and the replay line the server named for it (`Update.record_hash`)
    finished: bool = False  # whether that update ended the game (its record is then the file's last line)


def _header_meta(data: bytes) -> dict[str, Any]:
    try:
        meta = json.loads(data.split(b"\n", 1)[0]).get("meta")
    except (ValueError, AttributeError):
        return {}
    return meta if isinstance(meta, dict) else {}


def _witnessed(data: bytes, witnessed: Witnessed) -> list[Finding]:
    """The replay against the commitments and the last record this client saw during the game."""
    findings = []
    if witnessed.commitments:
        recorded = _header_meta(data).get("entropy_commitments")
        same = isinstance(recorded, list) and tuple(recorded) == witnessed.commitments
        findings.append(Finding(same, "every seat's commitment in the replay is the one you saw before revealing"
                                if same else "the replay's entropy commitments are not the ones you saw before "
                                "revealing"))
    if witnessed.version is not None and witnessed.record_hash:
        lines = data.split(b"\n")[:-1]
        index = len(lines) - 1 if witnessed.finished else witnessed.version
        same = 0 <= index < len(lines) and line_hash(lines[index]) == witnessed.record_hash
        findings.append(Finding(same, f"the replay holds the record you saw last (version {witnessed.version}): "
                                "nothing up to it was changed after the game" if same else
                                f"the replay's record at version {witnessed.version} is not the one the server "
                                "showed you: the file was changed (and re-chained) after the game"))
    return findings


def _verify(data: bytes, revealed: Revealed) -> tuple[Finding, Any, str]:
    """The replay proven by `replays.verify` (a re-run checking every record); the finding, the final state
    and the seed of its config."""
    report = verify_bytes(data, "replay", Reveal(revealed.server_seed, revealed.commitment, revealed.entropies))
    seed = report.config.seed if report.config is not None else ""
    if not report.ok:
        what = report.problem.what if report.problem is not None else report.fairness.detail
        return Finding(False, f"the replay does not verify: {what}"), None, seed
    return Finding(True, f"replay verified: {report.actions} actions re-run, every record checks"), \
        report.final_state, seed


def check_finished_game(revealed: Revealed, commitment_seen: str, seat: int | None, entropy_sent: str | None,
                        final_view: Mapping[str, Any] | None, witnessed: Witnessed | None = None) -> list[Finding]:
    """Everything this client can prove about a finished game, one finding per check."""
    findings = []
    promised = witnessed.commitments if witnessed is not None and witnessed.commitments else None
    withheld = _header_meta(revealed.replay).get("withheld")
    problems = check_reveal(revealed.server_seed, commitment_seen or revealed.commitment, revealed.entropies,
                            revealed.seed, promised, set(withheld) if isinstance(withheld, list) else set())
    shown = "the commitment shown before the game" if commitment_seen else "the server's commitment"
    entropies = ", every entropy matches the commitment you saw," if promised else ""
    findings.append(Finding(not problems, "; ".join(problems) if problems else
                            f"the revealed server seed matches {shown}{entropies} and derives the game's seed"))
    if seat is not None and entropy_sent is not None:
        mine = revealed.entropies[seat] if seat < len(revealed.entropies) else None
        findings.append(Finding(mine == entropy_sent, "your entropy was mixed into the seed" if mine == entropy_sent
                                else "the entropy recorded for your seat is not the one this client sent"))
    replayed, final_state, seed = _verify(revealed.replay, revealed)
    findings.append(replayed)
    if replayed.ok:
        findings.append(Finding(seed == revealed.seed, "the replay was played with the revealed seed"
                                if seed == revealed.seed else "the replay's seed is not the revealed seed"))
    if witnessed is not None:
        findings.extend(_witnessed(revealed.replay, witnessed))
    if replayed.ok and final_view is not None and final_state is not None:
        game = get_game(str(final_view["game"]))
        same = canonical_bytes(game.view(final_state, seat)) == canonical_bytes(final_view)
        findings.append(Finding(same, "the replay ends in exactly the position you saw" if same
                                else "the replay's final position differs from what you saw"))
    return findings
