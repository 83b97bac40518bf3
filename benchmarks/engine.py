"""The engines' suites: Lords of Vegas actions, games and random playouts per second (what a search bot's
rollouts cost), and Las Vegas random games per second and greedy round playouts per second (what its search's
playouts cost). Each figure is one process on one core.

Old and new side by side: the random playouts also run on the engine of another commit (`OLD_PLAYOUTS_REF`,
or `$VEGAS_BENCH_ENGINE_BASELINE`; "" for none), checked out in a temporary git worktree and run in a child
process from the same mid-game state (replayed from its actions' text), choosing from `legal_actions` as
bots did then. Its runs take turns with this engine's `random_action` runs, and the rows give its
playouts per second and the speed-up, run for run."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.baseline import baseline_checkout
from benchmarks.rows import Row
from vegas_table.bots.base import concrete
from vegas_table.engine import GameConfig, get_game

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
MIDGAME_SEED = "bench/midgame"
# The engine before issue 14's `random_action` (the last commit before engine/lords/sample.py): its bots
# chose each playout action from the whole `legal_actions` list. A commit, not a branch name, so the rows
# mean the same thing in every later run.
OLD_PLAYOUTS_REF = "37a498e"
OLD_PAIRS = 3


def lords_midgame() -> tuple[Any, list[tuple[int, str]]]:
    """A Lords of Vegas `up` 4-player state at turn 15, reached by random play (the same one every run),
    and the actions that reached it, as text (to reach it again on another commit's engine)."""
    game = get_game("lords")
    state, _ = game.new(GameConfig("lords", "up", 4, MIDGAME_SEED))
    chooser = random.Random("bench/midgame")
    moves = []
    while state.turn < MIDGAME_TURN:
        seat = game.actors(state)[0]
        action = game.random_action(state, seat, chooser)
        moves.append((seat, action.text()))
        game.apply(state, seat, action)
    return state, moves


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


# Run by another commit's Python path (`old_playouts`): the interface every commit has, and the playout loop
# of `random_playouts(listing=True)`.
# run with the checkout as its working directory and path: `engine` is its engine in either layout
_OLD_PLAYOUTS = """
import json, random, sys, time
from engine import ActionRange, GameConfig, get_game
job = json.load(sys.stdin)
game = get_game("lords")
start, _ = game.new(GameConfig("lords", "up", 4, job["seed"]))
for seat, text in job["moves"]:
    game.apply(start, seat, game.parse_action(text))
chooser = random.Random("bench/playouts")
actions = 0
started = time.perf_counter()
for _ in range(job["playouts"]):
    state = game.clone(start)
    while not game.is_over(state):
        seat = game.actors(state)[0]
        action = chooser.choice(game.legal_actions(state, seat))
        if isinstance(action, ActionRange):
            action = action.at(chooser.randint(action.low, action.high))
        game.apply(state, seat, action)
        actions += 1
print(json.dumps([time.perf_counter() - started, actions]))
"""


def old_playouts(checkout: Path, moves: list[tuple[int, str]], playouts: int) -> tuple[float, int]:
    """`random_playouts(listing=True)` from the bench's mid-game state on the engine of `checkout` (a
    `baseline_checkout`), in a child process: the seconds the playouts took (not the start-up) and the
    actions played."""
    job = json.dumps({"seed": MIDGAME_SEED, "moves": moves, "playouts": playouts})
    done = subprocess.run([sys.executable, "-c", _OLD_PLAYOUTS], input=job, capture_output=True, text=True,
                          cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)}, check=True)
    seconds, actions = json.loads(done.stdout)
    return float(seconds), int(actions)


def playout_rows(quick: bool) -> list[Row]:
    """Random playouts per second from a mid-game state, with `random_action` and choosing from the list;
    clones per second; and side by side with the old code path (`old_playout_rows`)."""
    (start, moves), playouts = lords_midgame(), 60 if quick else 400
    game = get_game("lords")
    clones = 2_000 if quick else 20_000
    started = time.perf_counter()
    for _ in range(clones):
        game.clone(start)
    clone_seconds = time.perf_counter() - started
    rows = [Row("engine", "Lords states cloned per second (mid-game, up, 4 players)", clones / clone_seconds,
                "clones/s")]
    for listing, how in ((False, "Game.random_action"), (True, "choosing from Game.legal_actions")):
        seconds, actions = random_playouts(start, playouts, listing)
        rows.append(Row("engine", f"Lords random playouts per second from a mid-game state (up, 4 players; "
                        f"{how}; {actions / playouts:.0f} actions each)", playouts / seconds, "playouts/s"))
    baseline = os.environ.get("VEGAS_BENCH_ENGINE_BASELINE", OLD_PLAYOUTS_REF)
    return rows + (old_playout_rows(start, moves, playouts, baseline) if baseline else [])


def old_playout_rows(start: Any, moves: list[tuple[int, str]], playouts: int, ref: str) -> list[Row]:
    """The old code path beside today's: `OLD_PAIRS` pairs of runs taking turns, the engine of commit `ref`
    choosing from `legal_actions`, then this one's `random_action`; the speed-up is the median of the
    pairs' ratios (none if `ref` is not a commit of this checkout)."""
    with baseline_checkout(ref) as checkout:
        if checkout is None:
            return []
        pairs = []
        for _ in range(OLD_PAIRS):
            old_seconds, old_actions = old_playouts(checkout, moves, playouts)
            seconds, _ = random_playouts(start, playouts, False)
            pairs.append((old_seconds, seconds))
    label = (f"Lords random playouts per second from a mid-game state (up, 4 players), the old code path: "
             f"commit {ref}, choosing from Game.legal_actions; {old_actions / playouts:.0f} actions each; "
             f"median of {OLD_PAIRS} runs")
    return [Row("engine", label, playouts / statistics.median(old for old, _ in pairs), "playouts/s"),
            Row("engine", f"Lords random playouts: Game.random_action against the old code path (commit {ref}), "
                f"run for run, median of {OLD_PAIRS} pairs", statistics.median(old / new for old, new in pairs),
                "x faster", ">= 3x")]


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
    the PyPI `lasvegas` package (about 600-1,700 games per second, depending on players and neutral dice);
    the package itself beside the engine and `vegas simulate`, 2 players (`benchmarks.pypi_lasvegas`); then
    the search's round playouts (`round_playout_rows`)."""
    from benchmarks.pypi_lasvegas import side_by_side_rows

    games = 500 if quick else 3000
    rows = []
    for players, neutral in ((2, False), (2, True), (3, False), (3, True), (4, False), (4, True), (5, False)):
        options, label = (("neutral",), f"{players} players, neutral dice") if neutral else (
            (), f"{players} players, base game")
        seconds, played = play_random_games("lasvegas", "base", players, games, options)
        per_second, per_game = games / seconds, sum(len(moves) for _, moves in played) / games
        rows.append(Row("lasvegas", f"random games per second, {label} ({per_game:.0f} actions a game)",
                        per_second, "games/s"))
    return rows + side_by_side_rows(quick) + round_playout_rows(quick)


def round_playout_rows(quick: bool) -> list[Row]:
    """What the Las Vegas search's playouts cost: greedy for every seat from a round's first placement to its
    payout (base, 2 players), played on greedy's table (`bots.lasvegas.round_playout`, the search's way)
    and by the engine one greedy move at a time (its way before), the two taking turns round by round on
    the same positions; the same rounds either way (tests/bots/test_round_playout.py)."""
    from vegas_table.bots.lasvegas.round_playout import play_round
    from vegas_table.bots.lasvegas.search_model import greedy_move

    game = get_game("lasvegas")
    starts = []
    for deal in range(10 if quick else 40):
        state, _ = game.new(GameConfig("lasvegas", "base", 2, f"bench/rounds/{deal}"))
        while not game.is_over(state):
            if sum(map(sum, state.hands)) == 16:
                starts.append(game.clone(state))
            greedy_move(state)
    table_seconds = engine_seconds = 0.0
    for _ in range(2 if quick else 10):
        for start in starts:
            state = game.clone(start)
            began = time.perf_counter()
            play_round(state)
            table_seconds += time.perf_counter() - began
            state = game.clone(start)
            began = time.perf_counter()
            while state.round == start.round and not game.is_over(state):
                greedy_move(state)
            engine_seconds += time.perf_counter() - began
    played = len(starts) * (2 if quick else 10)
    label = "greedy playouts of a round per second from its first placement (base, 2 players)"
    return [Row("lasvegas", f"{label}, on greedy's table (the search's)", played / table_seconds, "rounds/s"),
            Row("lasvegas", f"{label}, by the engine move by move (the search's before)", played / engine_seconds,
                "rounds/s"),
            Row("lasvegas", "greedy round playouts: on greedy's table against by the engine, the same rounds",
                engine_seconds / table_seconds, "x faster")]
