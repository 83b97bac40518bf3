"""The gRPC floor: a bare server on loopback really carries every action's messages to all four watchers."""

import pytest

from benchmarks import grpc_floor


@pytest.mark.parametrize("durable", [False, True])
def test_every_action_reaches_all_four_watchers_and_costs_the_server_cpu(durable: bool) -> None:
    floor = grpc_floor.measure(games=2, think=0.05, seconds=1.5, cores=None, durable=durable)
    assert floor.actions >= 4  # each round trip ends only once all four Watch streams hold the update
    assert len(floor.trips) == floor.actions and all(trip > 0 for trip in floor.trips)
    assert floor.server_cpu > 0
