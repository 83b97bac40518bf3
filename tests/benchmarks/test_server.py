"""The server benchmark's arithmetic: round trips from send and receive times, steal time from counters."""

from __future__ import annotations

from benchmarks.serve_process import answer_times, stolen_percent
from benchmarks.server import GameTimes, Load, Scenario, load_rows, match_rows, pooled
from vegas_client import ViewUpdate


def test_a_round_trip_runs_from_the_send_to_the_last_subscriber_holding_the_diff() -> None:
    times = GameTimes(subscribers=2)
    times.sent[(1, 0)] = 10.0
    times.sent[(2, 1)] = 20.0  # refused (no version 2 made by seat 1): not a round trip
    for held in (10.004, 10.009):
        times.held.setdefault(1, []).append(held)
    times.made_by[1] = 0
    times.on_update(ViewUpdate(2, {}))  # held by one subscriber only: not counted either
    assert [round(t, 6) for t in times.round_trips()] == [0.009]


def test_steal_is_the_share_of_cpu_time_the_hypervisor_took() -> None:
    before = [100, 0, 50, 800, 10, 0, 0, 40, 0, 0]
    after = [200, 0, 100, 1500, 10, 0, 0, 140, 0, 0]  # 950 ticks spent, 100 of them stolen
    assert round(stolen_percent(before, after) or 0, 2) == round(100 * 100 / 950, 2)
    assert stolen_percent(None, after) is None and stolen_percent(before, before) is None


def test_the_servers_own_answer_times_are_its_act_log_lines() -> None:
    log = b"\n".join([
        b'{"event":"request","rpc":"Act","action":"end","status":"OK","ms":2.5,"level":"info"}',
        b'{"event":"request","rpc":"Watch","status":"CANCELLED","ms":900.0,"level":"info"}',
        b'{"event":"request","rpc":"Act","status":"CANCELLED","ms":19000.0,"level":"info"}',  # the stream's end
        b'{"event":"request","rpc":"CreateGame","ms":1.0,"name":"\\"Act\\"","level":"info"}',
        b'{"event":"request","rpc":"Act","action":"x","status":"INVALID_ARGUMENT","ms":0.5,"level":"info"}',
    ])
    assert answer_times(log) == [0.0025, 0.0005]


def test_runs_pool_into_one_long_run() -> None:
    scenario = Scenario(100, 0.5, runs=2)
    runs = [Load(scenario, [0.010, 0.020], 30.0, 6.0, 3.0, 1.0, answers=[0.002]),
            Load(scenario, [0.030], 30.0, None, 2.0, None, answers=[0.004])]
    whole = pooled(runs)
    assert (whole.trips, whole.seconds, whole.server_cpu, whole.load_cpu, whole.stolen, whole.answers) == (
        [0.010, 0.020, 0.030], 60.0, None, 5.0, 1.0, [0.002, 0.004])
    measures = {row.measure: row.value for row in load_rows(whole, runs)}
    label = "100 concurrent games, bots thinking ~0.5 s, 2 runs pooled"
    assert f"action round trip p99, run 2 of 2 alone, {label}" in measures
    assert measures[f"the server's own time to answer an action p99 (its log), {label}"] == 4.0


def test_the_match_alone_costs_some_cpu_per_action() -> None:
    (row,) = match_rows(games=1)
    assert row.unit == "ms" and 0 < row.value < 1000
