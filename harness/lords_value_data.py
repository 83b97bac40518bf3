"""Games of greedy against itself, recorded for learning a Lords of Vegas value (`harness.fit_lords_value`).

Each game is played in this process with the engine: every seat is the greedy bot (its plain weights, or
`--weights`: greedy judging by the learned value plays itself for a second round of fitting),
which a tenth of the time (`--explore`) plays its second-best action instead, so the games visit positions
plain greedy would not and the fit sees what a different choice leads to. At the start of every turn each
seat's parts are recorded as the greedy's value reads them from that seat's view
(`bots.lords.value.features`), with its hand-set worth, and once the game is over, each seat's final
points and who won. One JSON line a game; the same seed gives the same file.

    python -m harness.lords_value_data --rules classic --players 2 --games 1000 --seed lv1 --out lv1.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from vegas_table.bots.lords.greedy import LordsGreedy
from vegas_table.bots.lords.value import PLAIN, Outlook, Weights, features, hand_worths, holdings
from vegas_table.engine import GameConfig, Match
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState


def snapshot(state: LordsState) -> dict[str, Any]:
    """Every seat's features and hand-set worth now, each judged from that seat's own view (the outlook)."""
    rows, worth = [], []
    for seat in range(state.players):
        outlook = Outlook.of(GAME.view(state, seat))
        each = holdings(state, outlook)
        rows.append(list(features(each, seat, outlook)))
        worth.append(hand_worths(each, outlook)[seat])
    return {"turn": state.turn, "features": rows, "worth": worth}


def play_game(rules: str, players: int, seed: str, explore: float, weights: Weights = PLAIN) -> dict[str, Any]:
    """One recorded game of greedy (judging by `weights`) against itself (see the module's docstring)."""
    match = Match(GAME, GameConfig("lords", rules, players, seed))
    bots = [LordsGreedy(f"{seed}/{seat}", weights) for seat in range(players)]
    chance = random.Random(f"{seed}/explore")
    samples: list[dict[str, Any]] = []
    state: LordsState = match.state
    turn = -1
    while not match.over:
        if state.turn != turn and not state.pending:
            turn = state.turn
            samples.append(snapshot(state))
        seat = match.actors()[0]
        view, options = match.view(seat), match.legal_actions(seat)
        action = bots[seat].decide(view, options)
        if len(options) > 1 and chance.random() < explore:
            ranked = bots[seat].ranked(view, options, 2)
            action = ranked[1] if len(ranked) > 1 else action
        match.play(seat, action)
    result = match.result
    assert result is not None
    return {"seed": seed, "rules": rules, "players": players, "winners": list(result.winners),
            "points": [int(s["points"]) for s in result.standings], "samples": samples}


def games(rules: str, players: int, count: int, seed: str, explore: float,
          weights: Weights = PLAIN) -> Iterator[dict[str, Any]]:
    """`count` recorded games, game i seeded `<seed>/<i>`."""
    for index in range(count):
        yield play_game(rules, players, f"{seed}/{index}", explore, weights)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="lv1")
    parser.add_argument("--explore", type=float, default=0.1, help="share of choices played second best")
    parser.add_argument("--weights", default="", help="the players' judgement, as greedy@ takes it (learned=1)")
    parser.add_argument("--out", required=True, help="the JSON-lines file to write")
    args = parser.parse_args(argv)
    with open(args.out, "w", encoding="utf-8") as out:
        for done, game in enumerate(games(args.rules, args.players, args.games, args.seed, args.explore,
                                           Weights.parse(args.weights)), 1):
            out.write(json.dumps(game) + "\n")
            if done % 10 == 0 or done == args.games:
                print(f"{done}/{args.games} games", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
