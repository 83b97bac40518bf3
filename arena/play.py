"""One game of bots, from a `GameSpec`: plain data, so it can be sent to another process or machine.

A spec names its bots rather than holding them: each seat's bot is made where the game is played, seeded
one way from the game's seed and the seat (`bots.seeds.seat_seed`), so the same spec gives the same game
anywhere and no bot can tell the game's seed from its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from vegas_table.bots.base import Bot
from vegas_table.bots.local import SeatAsker, game_info, hears_game_end, seat_to_ask
from vegas_table.bots.registry import make_bot
from vegas_table.bots.seeds import seat_seed
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.replays.recorder import RecordedMatch

MAX_ACTIONS_PER_GAME = 200_000  # a guard against a bot that never ends its turn; no real game comes close


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play: its config (the seed included) and the bot of each seat, by name."""

    index: int
    config: GameConfig
    seats: tuple[str, ...]
    replay: Path | None = None  # write the game's replay file here


@dataclass(slots=True)
class GameRecord:
    """How one game went, as the reports need it."""

    index: int
    seats: tuple[str, ...]  # bot name per seat
    winners: tuple[int, ...]
    standings: tuple[dict[str, int], ...]
    turns: int
    actions: int

    def share(self, seat: int) -> float:
        """The fraction of one win `seat` earned (a shared win counts as a fraction)."""
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play_spec(spec: GameSpec) -> GameRecord:
    """Play the game `spec` describes with freshly made bots."""
    bots = [make_bot(name, seat_seed(spec.config.seed, seat), plugins=True) for seat, name in enumerate(spec.seats)]
    record = play_one(spec.config, bots, spec.replay)
    record.index, record.seats = spec.index, spec.seats
    return record


def play_one(config: GameConfig, bots: Sequence[Bot], replay: Path | None = None) -> GameRecord:
    """Play one complete game; bots[seat] chooses for each seat, from that seat's view.

    A random bot's decision costs about what the engine's action does, so the loop holds the game's own
    functions in locals, and a game that writes no replay applies actions to the state directly: only a
    recorder needs the match's history (each action's text)."""
    game = get_game(config.game)
    match = Match(game, config)
    state = match.state  # changed in place by every action
    recorder = RecordedMatch(match, replay, fsync=False) if replay else None
    is_over, actors, legal_actions, apply = game.is_over, game.actors, game.legal_actions, game.apply
    seats = range(config.players)
    asks = [SeatAsker(game, state, game_info(config, seat), bot) for seat, bot in zip(seats, bots, strict=True)]
    decide = [ask.decide for ask in asks]

    def may_act(seat: int) -> bool:
        return bool(legal_actions(state, seat))

    for bot, ask in zip(bots, asks, strict=True):
        bot.on_game_start(ask.info)
    out_of_turn = game.out_of_turn
    actions = 0
    while True:
        acting = actors(state)
        if not acting and is_over(state):  # a game waits for nobody once it is over: asked only then
            break
        if actions >= MAX_ACTIONS_PER_GAME:
            raise RuntimeError(f"game {config.seed} did not end after {MAX_ACTIONS_PER_GAME} actions")
        # where only the actors ever act (`Game.out_of_turn`), the first of them; else `seat_to_ask`'s rule
        seat = seat_to_ask(acting, seats, may_act) if out_of_turn else acting[0]
        assert seat is not None
        if recorder is None:
            apply(state, seat, decide[seat](actions))
        else:
            recorder.play(seat, decide[seat](actions))
        actions += 1
    result = match.result
    assert result is not None
    for seat, bot in enumerate(bots):
        if hears_game_end(bot):  # a view nobody reads costs as much as a few actions
            bot.on_game_end(game.view(state, seat))
    return GameRecord(0, tuple(b.name for b in bots), result.winners, tuple(dict(s) for s in result.standings),
                      game.turn_number(state), actions)
