"""Fixtures: one real server on a free loopback port per test module (tests needing their own start one)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import structlog

from tests.server.harness import ServerThread, serving, stub_for
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.common.logs import configure_logging, flush_logs


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    with serving(tmp_path_factory.mktemp("data")) as running:
        yield running


@pytest.fixture()
def stub(server: ServerThread) -> Iterator[table_pb2_grpc.VegasTableStub]:
    with stub_for(server.address) as client:
        yield client


@pytest.fixture(autouse=True, scope="session")
def quiet_server_logs() -> Iterator[None]:
    """Servers started in-process log only warnings here (test_logs.py captures the info lines itself)."""
    configure_logging(level="warning")
    yield
    flush_logs()
    structlog.reset_defaults()


@pytest.fixture(autouse=True)
def logs_written_within_their_test() -> Iterator[None]:
    """What a test logged is written before it ends, so pytest shows it with that test (if it fails)."""
    yield
    flush_logs()
