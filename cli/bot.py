"""vegas bot: a bot plays one seat of a game on a server, over the API like any client.

    vegas bot --server HOST:PORT --game 7f3a1c                 the lowest free seat of a game, the random bot
    vegas bot --server HOST:PORT --create "lords up 4 bots 2"  a new game: this bot in seat 0, two of the server's
    vegas bot --game 7f3a1c --seat 2 --token=T                 back into a seat already taken
    vegas bot --game 7f3a1c --bot mybots:Cautious               any bots.base.Bot subclass, or an entry point's

It joins (retried while the server cannot be reached), then plays the bot with bots.runner.SeatRunner until
the game is over, riding out server restarts with the client library's retry policy for bots
(vegas_client.BOTS). Any `bots.base.Bot` subclass runs here unchanged: a built-in's name, a `vegas.bots`
entry point's, or `module:Class` (docs/BOTS.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import structlog

from vegas_client import BOTS, Client, VegasError, client_for
from vegas_client.spec import SpecError, new_game
from vegas_table.bots.base import Bot, GameInfo
from vegas_table.bots.registry import make_bot
from vegas_table.bots.runner import SeatRunner
from vegas_table.cli.choices import bots_text
from vegas_table.common import loops
from vegas_table.common.logs import configure_logging
from vegas_table.common.password import read_password

log = structlog.get_logger("vegas.bot")


def register(commands: Any) -> None:
    parser = commands.add_parser("bot", help="play one seat of a game on a server with a bot",
                                 description="Join a game on a server (or create one, or resume a seat with its "
                                 "token) and play it with a bot until the game is over, over the API like any "
                                 "client.")
    parser.add_argument("--server", default="localhost:50051", metavar="HOST:PORT", help="the server")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--game", metavar="ID", help="the game id (vegas play or ListGames shows it)")
    where.add_argument("--create", metavar="SPEC", help="create a game first, as the lobby says it: "
                       "'lords up 4 bots 2' (the server's bots take the last seats, this bot the first)")
    parser.add_argument("--seat", type=int, default=None, help="the seat to take (default: the lowest free one)")
    parser.add_argument("--token", default=None, help="resume a seat already taken, with its seat token")
    parser.add_argument("--entropy", default=None, help="with --token: the entropy the seat committed to, so it can "
                        "still reveal it if the game has not started (printed when the bot joined)")
    parser.add_argument("--name", default=None, help="the name the other players see (default: BOT bot)")
    parser.add_argument("--bot", default="random", metavar="NAME|module:Class",
                        help=f"the bot: {bots_text(plugins=True)}, or module:Class (default: %(default)s)")
    parser.add_argument("--seed", default=None, help="the bot's own random seed (default: from the clock)")
    parser.add_argument("--think-ms", type=int, default=0, help="pause before each action")
    parser.add_argument("--code", default="", help="the join code of a private game")
    parser.add_argument("--password-file", type=Path, default=None,
                        help="a file holding the server's password (its first line)")
    parser.add_argument("--tls", action="store_true", help="connect with TLS, trusting the system's CAs")
    parser.add_argument("--tls-ca", type=Path, metavar="PEM", help="connect with TLS, trusting this CA certificate")
    parser.add_argument("--log-json", action="store_true", help="log JSON lines")
    parser.set_defaults(func=run)


async def play(args: argparse.Namespace, bot: Bot, password: str | None) -> dict[str, Any]:
    client = client_for(args.server, tls=args.tls, ca_file=args.tls_ca, password=password, retry=BOTS)
    if args.code:
        client.codes[args.game] = args.code
    try:
        game_id = args.game or await _create(client, args.create)
        info, token = await _sit(client, game_id, args, bot)
        runner = SeatRunner(client, game_id, token, bot, info, think=args.think_ms / 1000)
        view = await runner.play()
        log.info("game_over", game_id=game_id, seat=info.seat, actions=runner.actions,
                 resyncs=runner.follower.resyncs, reconnects=runner.follower.reconnects, result=view.get("result"))
        return view
    finally:
        await client.close()


async def _create(client: Client, spec: str) -> str:
    created = await client.create_game(new_game(spec.split(), await client.game_types()))
    log.info("created", game_id=created.game_id, game=created.game.game, rules=created.game.rules,
             private=bool(created.join_code))
    code = f" (private: its join code is {created.join_code})" if created.join_code else ""
    print(f"created game {created.game_id}{code}", flush=True)
    return created.game_id


async def _sit(client: Client, game_id: str, args: argparse.Namespace, bot: Bot) -> tuple[GameInfo, str]:
    """The seat to play and its token: the ones given, or a seat joined now."""
    if args.token is not None:
        seat, token, game = args.seat, args.token, await client.get_game(game_id)
        if args.entropy is not None:  # revealed by the follower if the game still asks for it
            client.entropies.hold(game_id, seat, token, args.entropy)
    else:  # committed to fresh entropy, revealed by the follower once every seat is taken
        joined = await client.join_game(game_id, args.name or f"{bot.name} bot", args.seat)
        seat, token, game = joined.seat, joined.token, joined.game
        log.info("joined", game_id=game_id, seat=seat, colour=game.seats[seat].colour)
        # `--token=T`, not `--token T`: a token may begin with "-", which argparse would take for an option
        print(f"seat token for seat {seat}: {token} (to resume: --seat {seat} --token={token} "
              f"--entropy={joined.entropy})", flush=True)
    return GameInfo(game.game, game.rules, game.players, game.options, seat), token


def run(args: argparse.Namespace) -> int:
    configure_logging(json=args.log_json)
    if args.token is not None and args.seat is None:
        raise SystemExit("vegas bot: --token needs the --seat it belongs to")
    if args.entropy is not None and args.token is None:
        raise SystemExit("vegas bot: --entropy goes with --token (a seat joined here draws its own)")
    if args.code and not args.game:
        raise SystemExit("vegas bot: --code goes with --game ID (a game created here gives its own code)")
    seed = args.seed if args.seed is not None else str(time.time_ns())
    try:
        bot = make_bot(args.bot, seed, plugins=True)
    except ValueError as error:
        raise SystemExit(f"vegas bot: --bot {args.bot}: {error}") from None
    password = read_password(args.password_file, "vegas bot") if args.password_file else None
    try:
        loops.run(play(args, bot, password))
    except SpecError as error:
        print(f"vegas bot: --create {args.create!r}: {error.message}", file=sys.stderr)
        return 2
    except VegasError as error:
        print(f"vegas bot: the server at {args.server} said {error.status}: {error.message}", file=sys.stderr)
        return 1
    return 0
