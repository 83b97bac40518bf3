"""vegas play: the terminal client. --local also runs a server in this process, for a game with bots.

    vegas play --server 192.168.1.20:50051 --name Ann        the lobby of a friend's server
    vegas play --server HOST:PORT --game 7f3a1c             straight into a game (or back into your seat)
    vegas play --server HOST:PORT --game 7f3a1c --code K2M9PQ7R   a private game, with its join code
    vegas play --local                                      a new game against 3 bots on this machine

The client draws the whole terminal, so it never logs onto it: log lines go to a file (`--log-file`,
by default `client.log` in the state directory), as JSON lines with `--log-json`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import structlog

from vegas_client.seats import SeatStore, state_dir
from vegas_table.bots.registry import seat_problem
from vegas_table.cli.choices import add_color_argument, bots_text, options_text, rules_text
from vegas_table.common.logs import configure_logging
from vegas_table.common.password import read_password

DEFAULT_SERVER = "localhost:50051"
LOCAL_GAME = "lords up 4 bots 3"
CONFIRM_OVER = 20  # $m: a raise or remodel from this cost asks before it is sent
LOBBY_PATIENCE = 10.0  # seconds a lobby call keeps trying before the lobby shows the server as unreachable
LOCAL_THINK_MS = 200  # long enough to follow the bots' moves in the log, short enough not to wait
# The ladder's rung a local game seats unless --bots names another: quick enough that a person never waits.
LOCAL_BOTS = "medium"
log = structlog.get_logger("cli.play")


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "play", help="play or watch on a server in the terminal (--local: against bots, server included)",
        description="The terminal client: a lobby to list, create, join and watch games, and the game screen. "
                    "A seat you took is saved, so running the client again brings you back to it.")
    parser.add_argument("--server", default=DEFAULT_SERVER, metavar="HOST:PORT",
                        help=f"the server to play on (default: {DEFAULT_SERVER})")
    parser.add_argument("--name", default=_default_name(),
                        help="the name other players see (default: your login, %(default)s here)")
    parser.add_argument("--game", metavar="ID", help="go straight to this game: your seat if you hold one, "
                        "else a free seat")
    parser.add_argument("--seat", type=int, help="with --game: which seat to take (0 is the first)")
    parser.add_argument("--watch", action="store_true", help="with --game: watch as a spectator")
    parser.add_argument("--code", default="", help="with --game: the join code of a private game")
    parser.add_argument("--password-file", type=Path, metavar="FILE",
                        help="a file holding the server's password (its first line), if it has one")
    parser.add_argument("--create", metavar="SPEC", default="",
                        help="create a game and sit down in it, e.g. 'lords up 4 bots 3 layoff' (GAME RULES SEATS "
                        f"bots N OPTIONS; rule sets: {rules_text()}; options: {options_text()})")
    parser.add_argument("--local", action="store_true",
                        help=f"run a server in this process on a free loopback port and go back to your unfinished "
                        f"game on it, or play a new one (default game: '{LOCAL_GAME}'; games are kept in the "
                        "state directory)")
    parser.add_argument("--bots", metavar="KIND", default="",
                        help=f"with --local or --create: the kind of bot in the new game's bot seats: "
                        f"{bots_text()} (default: {LOCAL_BOTS}, or the level the --create spec names)")
    parser.add_argument("--new", action="store_true",
                        help="with --local: start a new game even if an unfinished local game is there to resume")
    parser.add_argument("--bot-think-ms", type=int, default=LOCAL_THINK_MS,
                        help=f"with --local: the bots' pause before each move (default: {LOCAL_THINK_MS})")
    parser.add_argument("--confirm-over", type=int, default=CONFIRM_OVER, metavar="MILLIONS",
                        help="ask before sending a raise or remodel that costs at least this many $m "
                        f"(default: {CONFIRM_OVER}); ending a turn with money unspent always asks")
    parser.add_argument("--no-confirm", action="store_true",
                        help="never ask before sending a command (no end-of-turn or cost questions)")
    parser.add_argument("--tls", action="store_true", help="connect with TLS, trusting the system's CAs")
    parser.add_argument("--tls-ca", type=Path, metavar="PEM", help="connect with TLS, trusting this CA certificate")
    add_color_argument(parser)
    parser.add_argument("--log-file", type=Path, help="where to log (default: client.log in the state directory)")
    parser.add_argument("--log-json", action="store_true", help="log JSON lines")
    parser.set_defaults(func=run)


def _default_name() -> str:
    try:
        return getpass.getuser().capitalize()[:32] or "Player"
    except (OSError, KeyError):
        return "Player"


def check_args(args: argparse.Namespace) -> None:
    """Refuse option combinations that cannot work, saying what would."""
    if (args.seat is not None or args.watch or args.code) and not args.game:
        raise SystemExit("vegas play: --seat, --watch and --code need --game ID (the game to sit at or watch)")
    if args.create and args.game:
        raise SystemExit("vegas play: --create makes a new game; leave out --game (or --create to join it)")
    if not 1 <= len(args.name.strip()) <= 32:
        raise SystemExit("vegas play: --name must be 1 to 32 characters")
    if args.bots and not (args.local or args.create):
        raise SystemExit("vegas play: --bots chooses the bots of a new game: add --local or --create SPEC")
    if args.bots and (problem := seat_problem(args.bots, (args.create.split() or ["lords"])[0])):
        raise SystemExit(f"vegas play: --bots {args.bots}: {problem}")
    if args.confirm_over < 0:
        raise SystemExit(f"vegas play: --confirm-over {args.confirm_over} must be 0 or more ($m)")
    if not 0 <= args.bot_think_ms <= 10_000:
        raise SystemExit(f"vegas play: --bot-think-ms {args.bot_think_ms} must be 0..10000")
    if args.tls_ca is not None and not args.tls_ca.is_file():
        raise SystemExit(f"vegas play: --tls-ca {args.tls_ca} is not a file")


def bot_kind(args: argparse.Namespace) -> str:
    """The kind of bot for a new game's bot seats: --bots, else `LOCAL_BOTS` for a local game, else
    "" (the server's default)."""
    return str(args.bots) or (LOCAL_BOTS if args.local else "")


def run(args: argparse.Namespace) -> int:
    check_args(args)
    log_path = args.log_file or state_dir() / "client.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "a", encoding="utf-8") as stream, stderr_into(stream):
        configure_logging(json=args.log_json, stream=stream)
        asyncio.run(play(args))
    return 0


@contextlib.contextmanager
def stderr_into(stream: TextIO) -> Iterator[None]:
    """Send file descriptor 2 to the log while the screen is drawn: gRPC's C core writes its own lines
    there, which would otherwise land in the middle of the board. Restored afterwards."""
    sys.stderr.flush()
    saved = os.dup(2)
    os.dup2(stream.fileno(), 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)


async def play(args: argparse.Namespace) -> None:
    from vegas_client import RetryPolicy, client_for
    from vegas_table.client.app import ClientApp
    from vegas_table.client.viewmodel import ClientModel

    local = await _start_local_server(args.bot_think_ms) if args.local else None
    address = f"127.0.0.1:{local[1]}" if local else args.server
    password = read_password(args.password_file, "vegas play") if args.password_file and not local else None
    # Lobby calls give up after a while, so the lobby can say the server is gone; the game's stream and the
    # player's orders keep trying for as long as the client runs (their Follower and Seat do that).
    link = client_for(address, tls=args.tls, ca_file=args.tls_ca, password=password,
                      retry=RetryPolicy(timeout=LOBBY_PATIENCE))
    if args.code:
        link.codes[args.game] = args.code
    model = ClientModel(server=address, name=args.name.strip(),
                        confirm_over=None if args.no_confirm else args.confirm_over)
    client = ClientApp(model, link, SeatStore(), seat_key="local" if local else address, color=args.color)
    create = args.create or (LOCAL_GAME if local and not args.game else "")
    resume = bool(local) and not args.game and not args.create and not args.new
    log.info("client_start", server=address, local=bool(local), game=args.game, create=create, resume=resume)
    try:
        await client.run(args.game, watch=args.watch, seat=args.seat, create=create, resume=resume,
                         bot_kind=bot_kind(args))
    finally:
        if local:
            await local[0].stop(0.5)
        log.info("client_stop")


async def _start_local_server(think_ms: int) -> tuple[Any, int]:
    """The project's server on a free loopback port, keeping its games under the state directory."""
    from vegas_table.server.app import ServerOptions, create_server
    from vegas_table.server.datadir import DataDirInUse
    from vegas_table.server.session import Settings

    data_dir = state_dir() / "local-server"
    data_dir.mkdir(parents=True, exist_ok=True)
    options = ServerOptions(data_dir=data_dir, settings=Settings(bot_think_ms=think_ms))
    try:
        return await create_server("127.0.0.1:0", options)
    except DataDirInUse as error:  # one local server per state directory: it owns the games there
        raise SystemExit(f"vegas play --local: another local server (pid {error.holder}) keeps its games in "
                         f"{data_dir}; close the other vegas play --local first") from None
