"""The golden replay files: small games played once by the engine and committed, which must keep verifying.

Lords of Vegas across rule sets, player counts and the layoff and underworld options; Las Vegas with no module, with the
neutral dice (3 players: the start player's white dice), and with every module.

Any engine change that alters an outcome (a roll, a payment, a rule) makes `tests/replays/test_golden.py`
fail with the first record that changed. When the change is deliberate, bump `ENGINE_VERSION` and
regenerate the files with `make golden` (which runs this module), then review the diff like any other.

The games are played by random bots, with trades mixed into Lords games (bots never propose trades on their
own), so the files hold every kind of record a real game has: set-up, actions, decisions, gambles, trades,
the end.
One file is written the way the server writes one, with a seed commitment, entropies and the revealed seed.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vegas_table.bots.local import decide, game_info
from vegas_table.bots.registry import make_bot
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.engine.core.api import Game
from vegas_table.engine.core.fairness import commitment, game_seed
from vegas_table.replays.recorder import RecordedMatch

GOLDEN_DIR = Path(__file__).parent
TRADE_CHANCE = 0.04  # per action of the current player: how often a trade is proposed first


@dataclass(frozen=True, slots=True)
class GoldenGame:
    """One golden file: its name, the game's configuration and whether it carries fairness data."""

    name: str
    game: str
    rules: str
    players: int
    seed: str
    options: tuple[str, ...] = ()
    fair: bool = False

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.jsonl"


GOLDEN: tuple[GoldenGame, ...] = (
    GoldenGame("lords-classic-2p", "lords", "classic", 2, "golden-1"),
    GoldenGame("lords-classic-4p-layoff", "lords", "classic", 4, "golden-2", ("layoff",)),
    GoldenGame("lords-up-3p-fair", "lords", "up", 3, "", fair=True),
    GoldenGame("lords-up-5p-layoff", "lords", "up", 5, "golden-4", ("layoff",)),
    GoldenGame("lords-up-4p-underworld", "lords", "up", 4, "golden-8", ("underworld",)),
    GoldenGame("lasvegas-base-2p", "lasvegas", "base", 2, "golden-5"),
    GoldenGame("lasvegas-neutral-3p", "lasvegas", "base", 3, "golden-6", ("neutral", "rainbow", "slot")),
    GoldenGame("lasvegas-every-module-5p", "lasvegas", "base", 5, "golden-7",
               ("biggies", "kickers", "minimums", "neutral", "notes100k", "rainbow", "slot")),
)

# The server's side of a fair game, fixed so the file is reproducible (a real server draws its secret).
GOLDEN_SERVER_SEED = hashlib.sha256(b"vegas golden server seed").hexdigest()
GOLDEN_ENTROPIES = ("dealer's choice", "", "lucky 7s", "", "", "")


def _fairness(spec: GoldenGame) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The game's seed and the header and end metadata that prove it."""
    if not spec.fair:
        return spec.seed, {}, {}
    entropies = list(GOLDEN_ENTROPIES[: spec.players])
    seed = game_seed(GOLDEN_SERVER_SEED, entropies)
    return seed, {"commitment": commitment(GOLDEN_SERVER_SEED), "entropies": entropies}, \
        {"server_seed": GOLDEN_SERVER_SEED}


def _maybe_trade(game: Game[Any], match: Match, play: Any, chooser: random.Random) -> None:
    """Sometimes let the current player offer money for another player's parking lot or die, and answer it."""
    view = match.view(None)
    seat = view["current"]
    if view["pending"] or chooser.random() >= TRADE_CHANCE:
        return
    others = [s for s in range(view["players"]) if s != seat]
    other = chooser.choice(others)
    colour, theirs = view["seats"][seat]["colour"], view["seats"][other]["colour"]
    items = [f"lot {lot}" for lot, data in sorted(view["lots"].items()) if data.get("marker") == other]
    items += [f"die {lot}" for lot, data in sorted(view["lots"].items()) if (data.get("die") or [-1])[0] == other]
    money = view["seats"][seat]["money"]
    if not items or money < 1 or view["seats"][seat]["markers_left"] == 0 or view["seats"][seat]["dice_left"] == 0:
        return
    play(seat, f"trade {colour}>{theirs} ${chooser.randint(1, money)}, {theirs}>{colour} {chooser.choice(items)}")
    if chooser.random() < 0.15:  # the proposer thinks better of it
        play(seat, f"withdraw {match.view(None)['trades'][-1]['id']}")
    else:
        answers = {a.verb: a for a in match.legal_actions(other)}  # accept (making room if need be), reject
        play(other, answers["accept"] if "accept" in answers and chooser.random() < 0.7 else answers["reject"])


def play_golden(spec: GoldenGame, path: Path) -> None:
    """Play the golden game `spec` and write its replay to `path` (replacing any file there)."""
    seed, meta, end_meta = _fairness(spec)
    config = GameConfig(spec.game, spec.rules, spec.players, seed, spec.options)
    game = get_game(spec.game)
    path.unlink(missing_ok=True)
    match = Match(game, config)
    recorder = RecordedMatch(match, path, fsync=False, meta=meta, end_meta=end_meta)
    bots = [make_bot("random", f"{spec.name}/{seat}") for seat in range(spec.players)]
    chooser = random.Random(spec.name)
    while not match.over:
        if spec.game == "lords":
            _maybe_trade(game, match, recorder.play, chooser)
            if match.over:
                break
        seat = match.actors()[0]
        recorder.play(seat, decide(bots[seat], game, match.state, game_info(config, seat), len(match.history)))
    recorder.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the golden replay files (after a deliberate "
                                     "engine change: review the diff).")
    parser.add_argument("--out", type=Path, default=GOLDEN_DIR, help="directory to write them to")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for spec in GOLDEN:
        path = args.out / spec.path.name
        play_golden(spec, path)
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
