"""Building and running the gRPC server: the service, health, reflection, TLS, restore, shutdown."""

from __future__ import annotations

import asyncio
import signal
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from vegas_table.api.v1 import table_pb2
from vegas_table.common.loops import loop_name
from vegas_table.server.auth import PasswordCheck
from vegas_table.server.datadir import DataDirLock
from vegas_table.server.hub import GameHub
from vegas_table.server.limits import Limits, StreamCounter
from vegas_table.server.matches import LocalMatches
from vegas_table.server.openfiles import raise_open_file_limit
from vegas_table.server.ratelimit import RateLimiter
from vegas_table.server.records import GameStore
from vegas_table.server.service import VegasTable, add_to_server
from vegas_table.server.session import Settings
from vegas_table.server.tuning import tune_for_latency

log = structlog.get_logger("vegas.server")

SERVICE_NAME = table_pb2.DESCRIPTOR.services_by_name["VegasTable"].full_name

# SO_REUSEPORT, which gRPC sets by default, would let a second server bind the same port and share its
# clients (and, with the same data directory, write into the same replay files): it is turned off.
NO_REUSEPORT = [("grpc.so_reuseport", 0)]

# Clients ping to notice that their network vanished (Wi-Fi, a closed lid) and reconnect. gRPC's default
# answers pings on a quiet stream with GOAWAY "too_many_pings" after a few, which would drop every idle
# player's connection about once a minute, so pings are allowed at any rate. The server pings too, to let
# go of the streams of clients that are gone.
KEEPALIVE = [("grpc.keepalive_permit_without_calls", 1), ("grpc.http2.max_ping_strikes", 0),
             ("grpc.keepalive_time_ms", 30_000), ("grpc.keepalive_timeout_ms", 10_000)]

# The largest request the field checks (`server.validate`) let through is about 4.3 kB (a 1,000-character
# action of 4-byte characters with its game id and token; 16 options of 64 such characters); a game's real
# requests are a few hundred bytes. gRPC would take 4 MB messages and 16 kB of metadata: a client's 3 MB
# requests then cost the server memory long before they are refused. Anything larger is RESOURCE_EXHAUSTED.
def size_options(limits: Limits) -> list[tuple[str, int]]:
    """gRPC's caps on what a request may bring (`Limits.message_bytes`, `.metadata_bytes`; 0: gRPC's own)."""
    options = [("grpc.max_receive_message_length", limits.message_bytes)] if limits.message_bytes else []
    if limits.metadata_bytes:
        options += [("grpc.max_metadata_size", limits.metadata_bytes),
                    ("grpc.absolute_max_metadata_size", limits.metadata_bytes)]
    return options



@dataclass(frozen=True, slots=True)
class ServerOptions:
    """Everything `vegas serve` can set, with the defaults it uses."""

    data_dir: Path = Path("data")
    settings: Settings = field(default_factory=Settings)
    limits: Limits = field(default_factory=Limits)
    tls_cert: Path | None = None
    tls_key: Path | None = None
    password: str | None = None  # every call but health checks must bring it (server.auth)


class PortInUse(Exception):
    """The server cannot listen on its address: the message says why and what to do."""


@dataclass
class RunningServer:
    """A started server: its gRPC server, its games, the port it listens on and its data directory's lock."""

    server: grpc.aio.Server
    hub: GameHub
    port: int
    health: health.aio.HealthServicer
    lock: DataDirLock

    async def stop(self, grace: float | None = 1.0) -> None:
        """Stop the bots and new requests, let the requests in flight finish, close the replay files."""
        await self.health.enter_graceful_shutdown()
        await self.hub.stop_bots()
        await self.server.stop(grace)
        await self.hub.close()
        self.lock.release()


async def create_server(address: str, options: ServerOptions | None = None) -> tuple[RunningServer, int]:
    """Take the data directory's lock, listen on `address` ("127.0.0.1:0": a free port), restore the data
    directory's games, then serve. DataDirInUse or PortInUse if another server has either."""
    options = options or ServerOptions()
    store = GameStore(options.data_dir)
    lock = DataDirLock(store.root).acquire()
    try:
        return await _serve(address, options, store, lock)
    except BaseException:
        lock.release()
        raise


async def _serve(address: str, options: ServerOptions, store: GameStore,
                 lock: DataDirLock) -> tuple[RunningServer, int]:
    _warn_if_open_to_others(store)
    interceptors = [PasswordCheck(options.password)] if options.password is not None else []
    server = grpc.aio.server(options=KEEPALIVE + size_options(options.limits) + NO_REUSEPORT,
                             interceptors=interceptors)
    port = _listen(server, address, options)  # before the restore: a port in use fails at once
    fsync = options.settings.fsync
    matches = LocalMatches(fsync)
    hub = GameHub(store, options.settings, matches, options.limits)
    try:
        waiting = await hub.restore_all()
    except BaseException:
        await hub.close()
        raise
    limits = options.limits
    limiter = RateLimiter(limits.rate, limits.burst, limits.address_rate, limits.address_burst)
    add_to_server(VegasTable(hub, limiter, StreamCounter(limits.streams_per_connection, limits.streams_per_address)),
                  server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection((SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    await server.start()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    hub.start()
    log.info("serving", address=address, port=port, data_dir=str(options.data_dir), games=waiting,
             tls=options.tls_cert is not None, password=options.password is not None, loop=loop_name())
    return RunningServer(server, hub, port, health_servicer, lock), port


def _warn_if_open_to_others(store: GameStore) -> None:
    """The data directory holds the secret seeds of running games: say so if other users can look in."""
    for path, mode in store.open_to_others():
        log.warning("data_dir_open_to_others", path=str(path), mode=oct(mode),
                    advice=f"other users can read the secret seeds of running games here; chmod 700 {path}")


def _listen(server: grpc.aio.Server, address: str, options: ServerOptions) -> int:
    """Bind `address` (SO_REUSEPORT is off, so a port another server listens on fails here: PortInUse)."""
    try:
        if options.tls_cert is None:
            return int(server.add_insecure_port(address))
        assert options.tls_key is not None
        credentials = grpc.ssl_server_credentials([(options.tls_key.read_bytes(), options.tls_cert.read_bytes())])
        return int(server.add_secure_port(address, credentials))
    except RuntimeError as error:  # grpc's "Failed to bind to address"
        raise PortInUse(f"cannot listen on {address}: another server (another vegas serve?) has that port, or "
                        "the address is not one of this machine's; stop that server or choose another --port "
                        "or --host") from error


async def serve_forever(address: str, options: ServerOptions) -> None:
    """Run until SIGINT or SIGTERM, then shut down cleanly (SIGKILL is safe too: every action is on disk)."""
    raise_open_file_limit()
    running, _ = await create_server(address, options)
    tune_for_latency()
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    await stopping.wait()
    log.info("stopping")
    await running.stop()
