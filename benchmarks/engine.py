"""The engines' suites: Lords of Vegas actions, games and random playouts per second (what a search bot's
rollouts cost), and Las Vegas random games per second. Each figure is one process on one core."""

from __future__ import annotations

import random
import time
from typing import Any

from benchmarks.rows import Row
from bots.base import concrete
from engine import GameConfig, get_game

Moves = list[tuple[int, Any]]


def play_random_games(name: str, rules: str, players: int, games: int,
                      options: tuple[str, ...] = ()) -> tuple[float, list[tuple[GameConfig, Moves]]]:
    """Whole games through the generic interface with uniformly random legal actions (bets uniform too), as
    the random bot plays: the seconds they took and each game's config and moves (to replay them later).
    The choices come from Python's `random`, as a bot's would."""
    game = get_game(name)
    chooser = random.Random(f"bench/{name}")
    played = []
    started = time.perf_counter()
    for k in range(games):
        config = GameConfig(name, rules, players, f"bench/{k}", options)
        state, _ = game.new(config)
        moves: Moves = []
        while not game.is_over(state):
            seat = game.actors(state)[0]
            action = concrete(chooser.choice(game.legal_actions(state, seat)), chooser)
            game.apply(state, seat, action)
            moves.append((seat, action))
        played.append((config, moves))
    return time.perf_counter() - started, played


MIDGAME_TURN = 15  # of about 31 in a 4-player game


def lords_midgame() -> Any:
    """A Lords of Vegas `up` 4-player state at turn 15, reached by random play (the same one every run)."""
    game = get_game("lords")
    state, _ = game.new(GameConfig("lords", "up", 4, "bench/midgame"))
    chooser = random.Random("bench/midgame")
    while state.turn < MIDGAME_TURN:
        seat = game.actors(state)[0]
        game.apply(state, seat, game.random_action(state, seat, chooser))
    return state


def random_playouts(start: Any, playouts: int, listing: bool) -> tuple[float, int]:
    """Play `start` to the end `playouts` times with random actions, each from a clone, as a search bot's
    rollouts do: drawn with `Game.random_action`, or (`listing`) chosen from `Game.legal_actions` as bots
    did before it (the same distribution). Returns the seconds and the actions played."""
    game = get_game("lords")
    chooser = random.Random("bench/playouts")
    actions = 0
    started = time.perf_counter()
    for _ in range(playouts):
        state = game.clone(start)
        while not game.is_over(state):
            seat = game.actors(state)[0]
            if listing:
                action = concrete(chooser.choice(game.legal_actions(state, seat)), chooser)
            else:
                action = game.random_action(state, seat, chooser)
            game.apply(state, seat, action)
            actions += 1
    return time.perf_counter() - started, actions


def playout_rows(quick: bool) -> list[Row]:
    """Random playouts per second from a mid-game state, with `random_action` and choosing from the list."""
    start, playouts = lords_midgame(), 60 if quick else 400
    game = get_game("lords")
    clones = 2_000 if quick else 20_000
    started = time.perf_counter()
    for _ in range(clones):
        game.clone(start)
    clone_seconds = time.perf_counter() - started
    rows = [Row("engine", "Lords states cloned per second (mid-game, up, 4 players)", clones / clone_seconds,
                "clones/s")]
    for listing, how, target in ((False, "Game.random_action", ">= 3x listing"),
                                 (True, "choosing from Game.legal_actions", "")):
        seconds, actions = random_playouts(start, playouts, listing)
        rows.append(Row("engine", f"Lords random playouts per second from a mid-game state (up, 4 players; "
                        f"{how}; {actions / playouts:.0f} actions each)", playouts / seconds, "playouts/s", target))
    return rows


def engine_suite(quick: bool) -> list[Row]:
    """Lords of Vegas: actions applied per second (replaying recorded games), random games per second, random
    playouts per second from a mid-game state (what a search bot's rollouts cost), clones per second."""
    game = get_game("lords")
    games = 100 if quick else 400
    play_seconds, recorded = play_random_games("lords", "up", 4, games)
    actions = sum(len(a) for _, a in recorded)
    started = time.perf_counter()
    for config, moves in recorded:
        state, _ = game.new(config)
        for seat, action in moves:
            game.apply(state, seat, action)
    apply_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for config, moves in recorded[: games // 4]:
        state, _ = game.new(config)
        for seat, action in moves:
            game.apply(state, seat, action)
            game.state_hash(state)
    hashed = sum(len(m) for _, m in recorded[: games // 4])
    hash_seconds = time.perf_counter() - started
    underworld_seconds, underworld = play_random_games("lords", "up", 4, games // 2, ("underworld",))
    return [
        Row("engine", "Lords actions applied per second (random 4-player up games)", actions / apply_seconds,
            "actions/s", ">= 50,000"),
        Row("engine", "Lords complete random 4-player games per second (bot included)", games / play_seconds,
            "games/s", ">= 100"),
        Row("engine", "Lords actions applied and state-hashed per second", hashed / hash_seconds, "actions/s"),
        Row("engine", "mean actions per random 4-player game", actions / games, "actions"),
        Row("engine", "Lords complete random 4-player underworld games per second (bot included, "
            f"{sum(len(m) for _, m in underworld) / len(underworld):.0f} actions a game)",
            len(underworld) / underworld_seconds, "games/s"),
        *playout_rows(quick),
    ]


def lasvegas_suite(quick: bool) -> list[Row]:
    """Las Vegas: random games per second, in the configurations docs/LASVEGAS.md compares like for like with
    the PyPI `lasvegas` package (about 600-1,700 games per second, depending on players and neutral dice)."""
    games = 500 if quick else 3000
    rows = []
    for players, neutral in ((2, False), (2, True), (3, False), (3, True), (4, False), (4, True), (5, False)):
        options, label = (("neutral",), f"{players} players, neutral dice") if neutral else (
            (), f"{players} players, base game")
        seconds, played = play_random_games("lasvegas", "base", players, games, options)
        per_second, per_game = games / seconds, sum(len(moves) for _, moves in played) / games
        rows.append(Row("lasvegas", f"random games per second, {label} ({per_game:.0f} actions a game)",
                        per_second, "games/s", ">= 3x the PyPI package" if players == 2 and not options else ""))
    return rows
