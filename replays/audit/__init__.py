"""What an organiser wants after a game: who made and lost money where, points, trades, gambles and dice.

`audit_replay` verifies the replay first (an audit of a file that does not verify would describe a game
that never happened), then hands the records' events to the game's own audit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.registry import get_game
from vegas_table.replays.audit.model import Audit, StandIns
from vegas_table.replays.format import Replay
from vegas_table.replays.verify import VerificationReport, verify_replay

Records = Sequence[tuple[int, Sequence[Mapping[str, Any]]]]
Auditor = Callable[[GameConfig, Sequence[str], Records, Mapping[str, Any]], Audit]


class AuditError(ValueError):
    """The replay cannot be audited: it does not verify, or its game has no audit."""

    def __init__(self, message: str, report: VerificationReport | None = None) -> None:
        super().__init__(message)
        self.report = report


def _auditors() -> dict[str, Auditor]:
    from vegas_table.replays.audit.lasvegas import audit_lasvegas
    from vegas_table.replays.audit.lords import audit_lords

    return {"lords": audit_lords, "lasvegas": audit_lasvegas}


def records_of(replay: Replay) -> Records:
    """Every record's events with its sequence number, the header's (0) first."""
    return [(0, replay.header["events"]), *((r["seq"], r["events"]) for r in replay.actions)]


def audit_replay(replay: Replay) -> Audit:
    """Verify `replay` and audit it; AuditError says why not if it cannot be."""
    report = verify_replay(replay)
    if not report.ok or report.config is None:
        what = report.problem.what if report.problem else "it does not verify"
        raise AuditError(f"{replay.source} does not verify ({what}); run `vegas replay verify` for details", report)
    auditor = _auditors().get(report.config.game)
    if auditor is None:
        raise AuditError(f"there is no audit for {report.config.game} yet (audits: {', '.join(_auditors())})")
    final_view = get_game(report.config.game).view(report.final_state, None)
    audit = auditor(report.config, replay.names, records_of(replay), final_view)
    audit.stand_ins = StandIns(replay.names, [(r["seq"], r["seat"], r["by"]) for r in replay.actions if r.get("by")])
    return audit
