"""The busy evening's check (`make load`'s --tables): the round trip p99 against the plan's limit, and no
vanishing asked of a plan where nobody vanishes."""

from __future__ import annotations

from benchmarks.server import Load, Scenario
from harness.load import TABLES, Findings


def findings_with(trips: list[float]) -> Findings:
    load = Load(Scenario(TABLES.games, TABLES.think), trips, 10.0, 1.0, 1.0, None)
    return Findings(TABLES, load=load, server_connections=400, living_connections=400)


def test_the_tables_plan_is_the_issues_evening() -> None:
    assert (TABLES.games, TABLES.think, TABLES.spectators, TABLES.vanish, TABLES.p99_limit_ms) == (100, 1.0, 200, 0, 30)


def test_a_run_within_the_p99_limit_passes_without_anyone_vanishing() -> None:
    findings = findings_with([0.005] * 99 + [0.025])
    assert findings.vanished_streams == 0 and findings.p99_ok and findings.ok


def test_a_run_whose_p99_is_over_the_limit_fails() -> None:
    findings = findings_with([0.005] * 90 + [0.040] * 10)
    assert not findings.p99_ok and not findings.ok
    assert ("action round trip p99", "40.00 ms", "< 30 ms") in findings.rows()
