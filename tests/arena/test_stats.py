"""The small statistics the tournaments, harnesses and benchmarks share (`arena.stats`)."""

from __future__ import annotations

from vegas_table.arena.stats import percentile


def test_percentiles_are_taken_from_the_sorted_values() -> None:
    values = [float(v) for v in range(100, 0, -1)]
    assert (percentile(values, 0.5), percentile(values, 0.99), percentile(values, 1.0)) == (51.0, 100.0, 100.0)
