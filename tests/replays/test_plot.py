"""Audit plots: the final values read as levels with their numbers (no bare vertical jump at the last turn),
Las Vegas by round."""

from __future__ import annotations

from pathlib import Path

from vegas_table.replays.audit import audit_replay
from vegas_table.replays.audit.plot import panels, write_plot
from vegas_table.replays.format import read_replay

GOLDEN = Path(__file__).parent.parent / "golden"


def test_each_line_ends_in_a_level_one_step_past_the_last_turn() -> None:
    audit = audit_replay(read_replay(GOLDEN / "lords-classic-2p.jsonl"))
    axis, charts = panels(audit)
    assert axis == "turn" and [c.label for c in charts] == ["score", "money ($m)"]
    for chart in charts:
        assert chart.x[-1] == chart.x[-2] + 1 == audit.timeline.turns[-1] + 1
        for values in chart.series:
            assert len(values) == len(chart.x) and values[-1] == values[-2]
    assert [values[-1] for values in charts[1].series] == [audit.money(s) for s in range(2)]


def test_las_vegas_is_drawn_by_round(tmp_path: Path) -> None:
    audit = audit_replay(read_replay(GOLDEN / "lasvegas-base-2p.jsonl"))
    axis, charts = panels(audit)
    rounds = audit.rounds  # type: ignore[attr-defined]
    assert axis == "round" and charts[0].x == list(range(len(rounds) + 1))
    assert [values[-1] for values in charts[0].series] == rounds[-1] and all(v[0] == 0 for v in charts[0].series)
    write_plot(audit, tmp_path / "rounds.png")
    assert (tmp_path / "rounds.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_final_values_that_end_level_are_written_apart() -> None:
    from vegas_table.replays.audit.plot import label_heights

    assert label_heights([300, 310, 250], 10) == [300.0, 310.0, 250.0]  # already apart
    assert label_heights([400, 400, 100], 24) == [400.0, 424.0, 100.0]  # one above the other
