"""How long the Lords turn planner (or another Lords bot) takes a decision, beside greedy on the very same
positions.

The planner (a setting such as `width=4:depth=3`, "" for its defaults; `--bot lookahead` for the turn search
past the opponent's reply) plays seat 0 against greedy in a few classic 2p games; at each of its decisions
greedy decides the same position too, so both are timed on the same positions, and the decisions where they
differ are counted (and, for `lookahead`, the turns where its search left the planner's best plan). Figures
for docs/BOTS.md, not a test:

    python -m harness.time_lords_planner width=6:depth=5 --games 2
    python -m harness.time_lords_planner --bot lookahead --games 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from vegas_table.arena.stats import percentile
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.lords.turns import LordsTurns
from vegas_table.bots.planner import PlannerBot
from vegas_table.bots.registry import bot_class
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME


def spread(label: str, seconds: list[float]) -> str:
    return (f"{label}: mean {statistics.fmean(seconds) * 1000:.0f} ms, 95th percentile "
            f"{percentile(seconds, 0.95) * 1000:.0f} ms, most {max(seconds) * 1000:.0f} ms "
            f"over {len(seconds)} decisions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("setting", nargs="?", default="", help="the planner's setting (planner@SETTING)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", default="tm", help="the games' seeds: SEED0, SEED1, ...")
    parser.add_argument("--bot", default="planner", help="the Lords bot timed (planner, lookahead)")
    args = parser.parse_args(argv)
    planned: list[float] = []
    greedy: list[float] = []
    differ = unplanned = searched = departed = 0
    for game in range(args.games):
        state, _ = GAME.new(GameConfig("lords", "classic", 2, f"{args.seed}{game}", ()))
        kind = bot_class(args.bot)
        planner = kind.configured("x", args.setting) if args.setting else kind("x")
        opponent = GreedyBot("x")
        version = 0
        while not GAME.is_over(state):
            seat = GAME.actors(state)[0]
            info = game_info(state.config, seat)
            if seat == 0:
                started = time.perf_counter()
                action = decide(planner, GAME, state, info, version)
                planned.append(time.perf_counter() - started)
                started = time.perf_counter()
                differ += decide(GreedyBot("z"), GAME, state, info, version) != action
                greedy.append(time.perf_counter() - started)
                unplanned += args.bot != "planner" and decide(PlannerBot("z"), GAME, state, info, version) != action
            else:
                action = decide(opponent, GAME, state, info, version)
            GAME.apply(state, seat, action)
            version += 1
        turns = getattr(planner, "turns", None)
        if isinstance(turns, LordsTurns):
            searched, departed = searched + turns.searched, departed + turns.departed
    print(spread(args.bot, planned))
    print(spread("greedy", greedy))
    print(f"{args.bot} chose otherwise than greedy in {differ} of {len(planned)} decisions"
          + (f", than the planner in {unplanned}" if args.bot != "planner" else ""))
    if searched:
        print(f"its search chose another plan than the planner's best in {departed} of the {searched} turns "
              f"whose plans it compared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
