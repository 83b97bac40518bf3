"""vegas serve: run the game server until Ctrl-C (or SIGTERM); SIGKILL loses nothing acknowledged."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import structlog

from vegas_table.common import loops
from vegas_table.common.logs import configure_logging
from vegas_table.common.password import read_password
from vegas_table.server.app import PortInUse, ServerOptions, serve_forever
from vegas_table.server.datadir import DataDirInUse
from vegas_table.server.hub import MAX_THINK_MS
from vegas_table.server.limits import Limits
from vegas_table.server.session import Settings
from vegas_table.server.turntimer import DEFAULT_BOT_TURN_TIMER, MAX_TURN_TIMER

log = structlog.get_logger("vegas.server")



def register(commands: Any) -> None:
    parser = commands.add_parser("serve", help="run the game server (LAN play, bots in empty seats)",
                                 description="Run the game server until Ctrl-C or SIGTERM. Every accepted "
                                 "action is on disk before it is acknowledged, so even SIGKILL loses nothing.")
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default: %(default)s, every interface)")
    parser.add_argument("--port", type=int, default=50051,
                        help="port to listen on (default: %(default)s; 0: any free port, logged at start)")
    parser.add_argument("--data-dir", type=Path, default=Path("data"),
                        help="where games and replays are kept; unfinished games are restored from it")
    parser.add_argument("--log-json", action="store_true", help="log JSON lines")
    parser.add_argument("--tls-cert", type=Path, help="PEM certificate chain (TLS; plaintext without it)")
    parser.add_argument("--tls-key", type=Path, help="PEM private key for --tls-cert")
    parser.add_argument("--bot-think-ms", type=int, default=300,
                        help="pause before each move of the server's bots, unless the game sets its own")
    parser.add_argument("--plugin-bots", action="store_true",
                        help="let games seat the bots that installed packages offer (vegas.bots entry points; "
                        "they run in the server, so only with packages you trust)")
    parser.add_argument("--turn-timer", type=float, default=0.0, metavar="SECONDS",
                        help="seconds a player's seat has for each decision before the server plays its default "
                        "(ending the turn; a decision's first answer), unless the game sets its own "
                        f"(default 0: no timer; at most {MAX_TURN_TIMER:g})")
    parser.add_argument("--bot-turn-timer", type=float, default=DEFAULT_BOT_TURN_TIMER, metavar="SECONDS",
                        help="the same for the server's own bot seats, the pause before their move included "
                        f"(default {DEFAULT_BOT_TURN_TIMER:g}; 0: no timer; at most {MAX_TURN_TIMER:g})")
    add_limit_flags(parser)
    parser.add_argument("--reveal-timeout", type=float, default=Settings().reveal_timeout, metavar="SECONDS",
                        help="seconds the players who committed to their entropy have to reveal it once every seat "
                             "is taken; a seat that has not by then gets \"\" (0: no limit; default: %(default)g)")
    parser.add_argument("--password-file", type=Path,
                        help="a file holding the server's password (its first line): every call but health checks "
                        "must bring it (vegas play / vegas bot --password-file); none: anyone on the network may play")
    parser.set_defaults(func=run)


def options_from(args: argparse.Namespace) -> ServerOptions:
    if (args.tls_cert is None) != (args.tls_key is None):
        raise SystemExit("vegas serve: --tls-cert and --tls-key go together (a certificate and its key)")
    for path in (args.tls_cert, args.tls_key):
        if path is not None and not path.is_file():
            raise SystemExit(f"vegas serve: {path} is not a file")
    if not 0 <= args.bot_think_ms <= MAX_THINK_MS:
        raise SystemExit(f"vegas serve: --bot-think-ms {args.bot_think_ms} must be 0..{MAX_THINK_MS}")
    if not 0 <= args.port <= 65535:
        raise SystemExit(f"vegas serve: --port {args.port} is not a port (0..65535)")
    if args.reveal_timeout < 0:
        raise SystemExit(f"vegas serve: --reveal-timeout {args.reveal_timeout:g} must be 0 or more seconds")
    for flag, seconds in (("--turn-timer", args.turn_timer), ("--bot-turn-timer", args.bot_turn_timer)):
        if not 0 <= seconds <= MAX_TURN_TIMER:  # also refuses nan
            raise SystemExit(f"vegas serve: {flag} {seconds:g} must be 0 (no timer) to {MAX_TURN_TIMER:g} seconds")
    if args.bot_turn_timer and args.bot_turn_timer <= args.bot_think_ms / 1000:
        raise SystemExit(f"vegas serve: --bot-turn-timer {args.bot_turn_timer:g} must be longer than the bots' "
                         f"pause (--bot-think-ms {args.bot_think_ms})")
    settings = Settings(bot_think_ms=args.bot_think_ms, plugin_bots=args.plugin_bots, turn_timer=args.turn_timer,
                        bot_turn_timer=args.bot_turn_timer, reveal_timeout=args.reveal_timeout)
    return ServerOptions(data_dir=args.data_dir, settings=settings, limits=limits_from(args),
                         tls_cert=args.tls_cert, tls_key=args.tls_key,
                         password=read_password(args.password_file, "vegas serve") if args.password_file else None)


def add_limit_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of `server.limits.Limits` (docs/SECURITY.md has the table): 0 turns a limit off."""
    d = Limits()
    parser.add_argument("--max-games", type=int, default=d.max_games,
                        help=f"unfinished games the server hosts at most (default {d.max_games}; 0: no limit)")
    parser.add_argument("--games-per-address", type=int, default=d.games_per_address,
                        help="unfinished games (waiting or running) one address may have created "
                        f"(default {d.games_per_address}; 0: no limit)")
    parser.add_argument("--waiting-per-address", type=int, default=d.waiting_per_address,
                        help="games waiting for players one address may have created "
                        f"(default {d.waiting_per_address}; 0: no limit)")
    parser.add_argument("--waiting-expiry", type=float, default=d.waiting_expiry / 60, metavar="MINUTES",
                        help="a waiting game nobody joins is removed this long after its creation or last join "
                        f"(default {d.waiting_expiry / 60:g}; 0: never)")
    parser.add_argument("--streams-per-connection", type=int, default=d.streams_per_connection,
                        help="open Watch and Act streams per connection "
                        f"(default {d.streams_per_connection}; 0: no limit)")
    parser.add_argument("--streams-per-address", type=int, default=d.streams_per_address,
                        help="open Watch and Act streams per address, all its connections together "
                        f"(default {d.streams_per_address}; 0: no limit)")
    parser.add_argument("--rate-limit", type=float, default=d.rate,
                        help="requests per second per connection, bursts of twice as many "
                        f"(default {d.rate:g}; 0: no limit)")
    parser.add_argument("--address-rate-limit", type=float, default=d.address_rate,
                        help="requests per second per address, all its connections together, bursts of twice as "
                        f"many (default {d.address_rate:g}; 0: no limit)")
    parser.add_argument("--max-message-bytes", type=int, default=d.message_bytes,
                        help=f"bytes of one request message (default {d.message_bytes}; 0: gRPC's 4 MB)")
    parser.add_argument("--max-metadata-bytes", type=int, default=d.metadata_bytes,
                        help=f"bytes of one request's metadata (default {d.metadata_bytes}; 0: gRPC's 16 kB)")
    parser.add_argument("--finished-kept", type=int, default=d.finished_kept,
                        help="finished games kept in memory for late viewers, the others read from disk when "
                        f"asked for (default {d.finished_kept})")


def limits_from(args: argparse.Namespace) -> Limits:
    values = {"--max-games": args.max_games, "--games-per-address": args.games_per_address,
              "--waiting-per-address": args.waiting_per_address,
              "--waiting-expiry": args.waiting_expiry, "--streams-per-connection": args.streams_per_connection,
              "--streams-per-address": args.streams_per_address, "--rate-limit": args.rate_limit,
              "--address-rate-limit": args.address_rate_limit, "--max-message-bytes": args.max_message_bytes,
              "--max-metadata-bytes": args.max_metadata_bytes, "--finished-kept": args.finished_kept}
    for flag, value in values.items():
        if value < 0:
            raise SystemExit(f"vegas serve: {flag} {value:g} must be 0 (no limit) or more")
    return Limits(max_games=args.max_games, games_per_address=args.games_per_address,
                  waiting_per_address=args.waiting_per_address,
                  waiting_expiry=args.waiting_expiry * 60, streams_per_connection=args.streams_per_connection,
                  streams_per_address=args.streams_per_address, rate=args.rate_limit,
                  burst=max(1, int(args.rate_limit * 2)), address_rate=args.address_rate_limit,
                  address_burst=max(1, int(args.address_rate_limit * 2)), message_bytes=args.max_message_bytes,
                  metadata_bytes=args.max_metadata_bytes, finished_kept=args.finished_kept)


def run(args: argparse.Namespace) -> int:
    """Serve until stopped (0), or refuse to start (1) when another server has the data dir or the port."""
    configure_logging(json=args.log_json)
    options = options_from(args)
    host = f"[{args.host}]" if ":" in args.host else args.host
    try:
        loops.run(serve_forever(f"{host}:{args.port}", options))
    except (DataDirInUse, PortInUse) as error:
        log.error("cannot_serve", reason=str(error))
        return 1
    return 0
