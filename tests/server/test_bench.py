"""The server benchmark's arithmetic: round trips from send and receive times, steal time from counters."""

from __future__ import annotations

from vegas.v1 import table_pb2 as pb

from server.bench import GameTimes, percentile, stolen_percent


def test_a_round_trip_runs_from_the_send_to_the_last_subscriber_holding_the_diff() -> None:
    times = GameTimes(subscribers=2)
    times.sent[(1, 0)] = 10.0
    times.sent[(2, 1)] = 20.0  # refused (no version 2 made by seat 1): not a round trip
    for held in (10.004, 10.009):
        times.held.setdefault(1, []).append(held)
    times.made_by[1] = 0
    times.on_update(pb.Update(version=2))  # held by one subscriber only: not counted either
    assert [round(t, 6) for t in times.round_trips()] == [0.009]


def test_percentiles_are_taken_from_the_sorted_values() -> None:
    values = [float(v) for v in range(100, 0, -1)]
    assert (percentile(values, 0.5), percentile(values, 0.99), percentile(values, 1.0)) == (51.0, 100.0, 100.0)


def test_steal_is_the_share_of_cpu_time_the_hypervisor_took() -> None:
    before = [100, 0, 50, 800, 10, 0, 0, 40, 0, 0]
    after = [200, 0, 100, 1500, 10, 0, 0, 140, 0, 0]  # 950 ticks spent, 100 of them stolen
    assert round(stolen_percent(before, after) or 0, 2) == round(100 * 100 / 950, 2)
    assert stolen_percent(None, after) is None and stolen_percent(before, before) is None
