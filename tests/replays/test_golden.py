"""The golden replays keep verifying: an engine change that alters any outcome fails here, naming the record.

If the change is deliberate, bump ENGINE_VERSION, run `make golden` and review the new files' diff.
"""

from __future__ import annotations

import pytest

from tests.golden.regenerate import GOLDEN, GoldenGame, play_golden
from vegas_table.replays.fairness import NO_COMMITMENT, PROVEN
from vegas_table.replays.format import read_replay
from vegas_table.replays.verify import VERIFIED, verify_path


@pytest.mark.parametrize("spec", GOLDEN, ids=lambda spec: spec.name)
def test_golden_replay_still_verifies(spec: GoldenGame) -> None:
    report = verify_path(spec.path)
    detail = report.problem and (report.problem.what, report.problem.line, report.problem.differences[:3])
    assert report.status == VERIFIED, f"{spec.name}: {detail} (deliberate? bump ENGINE_VERSION, `make golden`)"
    assert report.fairness.status == (PROVEN if spec.fair else NO_COMMITMENT)


@pytest.mark.parametrize("spec", GOLDEN, ids=lambda spec: spec.name)
def test_regenerating_gives_the_same_bytes(spec: GoldenGame, tmp_path: object) -> None:
    """The generator is deterministic, so `make golden` changes nothing unless the engine did."""
    from pathlib import Path

    fresh = Path(str(tmp_path)) / spec.path.name
    play_golden(spec, fresh)
    assert fresh.read_bytes() == spec.path.read_bytes()


def test_golden_files_cover_both_games_rule_sets_player_counts_and_options() -> None:
    configs = [read_replay(spec.path).config for spec in GOLDEN]
    lords = [c for c in configs if c.game == "lords"]
    assert {c.rules for c in lords} == {"classic", "up"} and {c.players for c in lords} >= {2, 3, 4, 5}
    assert any("layoff" in c.options for c in lords) and any(not c.options for c in lords)
    assert any("underworld" in c.options for c in lords)
    lasvegas = [c for c in configs if c.game == "lasvegas"]
    assert any(not c.options for c in lasvegas) and any(len(c.options) == 7 for c in lasvegas)
    assert any(c.players == 3 and "neutral" in c.options for c in lasvegas)


def test_golden_files_hold_trades_gambles_and_decisions() -> None:
    kinds = {event["kind"] for spec in GOLDEN for record in read_replay(spec.path).actions
             for event in record["events"]}
    assert {"trade_completed", "trade_closed", "gambled", "layoff_chosen", "reorganized", "boss_tie"} <= kinds
