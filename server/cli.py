"""`vegas serve`: run the game server until Ctrl-C (or SIGTERM); SIGKILL loses nothing acknowledged."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

import structlog

from cli.logs import configure_logging
from server.app import PortInUse, ServerOptions, serve_forever
from server.datadir import DataDirInUse
from server.hub import MAX_THINK_MS
from server.session import Settings

log = structlog.get_logger("vegas.server")

MAX_WORKERS = 64
DEFAULT_WORKERS = 0


def register(commands: Any) -> None:
    parser = commands.add_parser("serve", help="run the game server (LAN play, bots in empty seats)",
                                 description="Run the game server until Ctrl-C or SIGTERM. Every accepted "
                                 "action is on disk before it is acknowledged, so even SIGKILL loses nothing.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=50051, help="port (0: any free port, logged at start)")
    parser.add_argument("--data-dir", type=Path, default=Path("data"),
                        help="where games and replays are kept; unfinished games are restored from it")
    parser.add_argument("--log-json", action="store_true", help="log JSON lines")
    parser.add_argument("--tls-cert", type=Path, help="PEM certificate chain (TLS; plaintext without it)")
    parser.add_argument("--tls-key", type=Path, help="PEM private key for --tls-cert")
    parser.add_argument("--bot-think-ms", type=int, default=300,
                        help="pause before each move of the server's bots, unless the game sets its own")
    parser.add_argument("--rate-limit", type=float, default=100.0,
                        help="requests per second per connection (bursts of twice as many); 0: no limit")
    parser.add_argument("--max-games", type=int, default=1000, help="unfinished games the server hosts at most")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS,
                        help="worker processes the games run in, beside the one that talks to clients "
                        "(default 0: games run in the server's own process)")
    parser.set_defaults(func=run)


def options_from(args: argparse.Namespace) -> ServerOptions:
    if (args.tls_cert is None) != (args.tls_key is None):
        raise SystemExit("vegas serve: --tls-cert and --tls-key go together (a certificate and its key)")
    for path in (args.tls_cert, args.tls_key):
        if path is not None and not path.is_file():
            raise SystemExit(f"vegas serve: {path} is not a file")
    if not 0 <= args.bot_think_ms <= MAX_THINK_MS:
        raise SystemExit(f"vegas serve: --bot-think-ms {args.bot_think_ms} must be 0..{MAX_THINK_MS}")
    if not 0 <= args.workers <= MAX_WORKERS:
        raise SystemExit(f"vegas serve: --workers {args.workers} must be 0..{MAX_WORKERS}")
    if not 0 <= args.port <= 65535:
        raise SystemExit(f"vegas serve: --port {args.port} is not a port (0..65535)")
    settings = Settings(bot_think_ms=args.bot_think_ms)
    return ServerOptions(data_dir=args.data_dir, settings=settings, rate=args.rate_limit,
                         burst=max(1, int(args.rate_limit * 2)), max_games=args.max_games,
                         tls_cert=args.tls_cert, tls_key=args.tls_key, workers=args.workers)


def run(args: argparse.Namespace) -> int:
    """Serve until stopped (0), or refuse to start (1) when another server has the data dir or the port."""
    configure_logging(json=args.log_json)
    options = options_from(args)
    host = f"[{args.host}]" if ":" in args.host else args.host
    try:
        asyncio.run(serve_forever(f"{host}:{args.port}", options))
    except (DataDirInUse, PortInUse) as error:
        log.error("cannot_serve", reason=str(error))
        return 1
    return 0
