"""How long the Lords turn planner takes a decision, beside greedy on the very same positions.

The planner (a setting such as `width=4:depth=3`, "" for its defaults) plays seat 0 against greedy in a few
classic 2p games; at each of its decisions greedy decides the same position too, so both are timed on the
same positions, and the decisions where they differ are counted. Figures for docs/BOTS.md, not a test:

    python -m harness.time_lords_planner width=6:depth=5 --games 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bots.greedy import GreedyBot
from bots.local import decide, game_info
from bots.planner import PlannerBot
from engine.core.api import GameConfig
from engine.lords.game import LORDS_OF_VEGAS as GAME


def spread(label: str, seconds: list[float]) -> str:
    seconds = sorted(seconds)
    return (f"{label}: mean {statistics.fmean(seconds) * 1000:.0f} ms, 95th percentile "
            f"{seconds[int(0.95 * len(seconds))] * 1000:.0f} ms, most {seconds[-1] * 1000:.0f} ms "
            f"over {len(seconds)} decisions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("setting", nargs="?", default="", help="the planner's setting (planner@SETTING)")
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args(argv)
    planned: list[float] = []
    greedy: list[float] = []
    differ = 0
    for game in range(args.games):
        state, _ = GAME.new(GameConfig("lords", "classic", 2, f"tm{game}", ()))
        planner = PlannerBot.configured("x", args.setting) if args.setting else PlannerBot("x")
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
            else:
                action = decide(opponent, GAME, state, info, version)
            GAME.apply(state, seat, action)
            version += 1
    print(spread("planner", planned))
    print(spread("greedy", greedy))
    print(f"the planner chose otherwise than greedy in {differ} of {len(planned)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
