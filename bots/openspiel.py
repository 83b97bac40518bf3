"""Both games as OpenSpiel python games, and OpenSpiel's own IS-MCTS as a bot (the optional extra `openspiel`).

`pip install -e '.[openspiel]'` brings the `open-spiel` package; this module is imported only then. It
opens the door to the field's toolkit: `register()` makes `python_vegas_lords` and `python_vegas_lasvegas`
loadable with `pyspiel.load_game`, so OpenSpiel's algorithms (MCTS, IS-MCTS, the evaluators) play them,
and `ISMCTSBot` seats OpenSpiel's information-set MCTS in `vegas tournament` as a reference opponent
(`ismcts` in the bot list when the extra is installed).

How the games map onto OpenSpiel's model:

- Sequential turns, imperfect information, chance inside the moves (`SAMPLED_STOCHASTIC`): the engine
  rolls dice and draws cards with the state's own generator when an action is applied, so no state is a
  chance node, and a resampled state carries a fresh generator.
- A seat's actions are numbered in the order the engine lists them; a range of bets (Lords' gamble) is
  offered at its smallest, middle and largest amounts, as the search bot groups them, so that a random
  rollout does not spend most of its moves choosing among forty bets of one table.
- The information state of a seat is its view (`Game.view`, canonical JSON): what the seat sees is all
  it knows, and two states with the same view give it the same legal actions (the determinization's
  property test), which is what IS-MCTS needs of a key. `resample` is the engine's `Game.determinize`:
  a full state that shows the seat the same view, the hidden cards and the dice drawn anew.
- Returns are each seat's share of the win (a shared win split), 0 to 1.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from vegas_table.bots.base import Bot, Choice, GameInfo, Turn
from vegas_table.bots.choices import back, engine_option
from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.core.api import ActionRange, Game
from vegas_table.engine.core.canonical import canonical_text

SPIEL_NAMES = {"lords": "python_vegas_lords", "lasvegas": "python_vegas_lasvegas"}
DEFAULTS = {"lords": ("up", 4), "lasvegas": ("base", 4)}
MAX_ACTIONS = 4096  # action numbers OpenSpiel is told of: more than any seat is ever offered at once
MAX_GAME_LENGTH = 200_000  # as arena.play's guard
UCT_C = 2.0  # OpenSpiel's examples' exploration constant for 0..1 returns
MILLIS = 1000.0  # IS-MCTS's default budget of a decision
MIN_SIMULATIONS = 2  # the first simulation only creates the root; a choice needs one visit below it


def expand(option: Any) -> list[Any]:
    """The concrete actions one engine legal action stands for here (a range: its smallest, middle, largest)."""
    if isinstance(option, ActionRange):
        return [option.at(b) for b in sorted({option.low, (option.low + option.high) // 2, option.high})]
    return [option]


class VegasSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of the engine's games as an OpenSpiel game; parameters: rules, players, seed, options (a comma list)."""

    def __init__(self, params: Mapping[str, Any] | None, name: str) -> None:
        params = dict(params or {})
        self.engine: Game[Any] = get_game(name)
        rules, players = DEFAULTS[name]
        self.config = GameConfig(name, str(params.get("rules", rules)), int(params.get("players", players)),
                                 str(params.get("seed", "1")),
                                 tuple(sorted(o for o in str(params.get("options", "")).split(",") if o)))
        info = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=0,
                                num_players=self.config.players, min_utility=0.0, max_utility=1.0,
                                utility_sum=1.0, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(name, self.config.players), info, params)

    def new_initial_state(self) -> VegasSpielState:
        state, _ = self.engine.new(self.config)
        return VegasSpielState(self, state)

    def state_of(self, engine_state: Any) -> VegasSpielState:
        """The OpenSpiel state over an engine state (a live game's, or a determinized one)."""
        return VegasSpielState(self, engine_state)


class VegasSpielState(pyspiel.State):  # type: ignore[misc]
    """An engine state seen through OpenSpiel's State API (see the module's docstring)."""

    def __init__(self, game: VegasSpielGame, engine_state: Any) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.engine = game.engine
        self.state = engine_state
        self._options: list[Any] | None = None

    @property
    def seat(self) -> int:
        return self.engine.actors(self.state)[0]

    def options(self) -> list[Any]:
        """The concrete engine actions of the seat to act, numbered by their place here."""
        if self._options is None:
            seat = self.seat
            self._options = [a for o in self.engine.legal_actions(self.state, seat) for a in expand(o)]
        return self._options

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.is_terminal() else self.seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.options()))) if player == self.current_player() else []

    def _apply_action(self, action: int) -> None:
        self.engine.apply(self.state, self.seat, self.options()[action])
        self._options = None

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.options()[action].text())

    def is_terminal(self) -> bool:
        return bool(self.engine.is_over(self.state))

    def returns(self) -> list[float]:
        result = self.engine.result(self.state)
        shares = [0.0] * self.spiel_game.config.players
        for seat in result.winners if result else ():
            shares[seat] = 1 / len(result.winners)  # type: ignore[union-attr]
        return shares

    def information_state_string(self, player: int | None = None) -> str:
        return canonical_text(self.engine.view(self.state, self.seat if player is None else player))

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample(self, player: int, rng: random.Random) -> VegasSpielState:
        """A state `player` cannot tell from this one: `Game.determinize` of its view."""
        view = self.engine.view(self.state, player)
        return VegasSpielState(self.spiel_game, self.engine.determinize(view, player, rng))

    def clone(self) -> VegasSpielState:
        return VegasSpielState(self.spiel_game, self.engine.clone(self.state))

    def __deepcopy__(self, memo: dict[int, Any]) -> VegasSpielState:
        return self.clone()

    def __str__(self) -> str:
        return canonical_text(self.engine.view(self.state, None))


class _Observer:
    """OpenSpiel's observer interface, as strings only (the view); no tensors."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: VegasSpielState, player: int) -> None:
        pass

    def string_from(self, state: VegasSpielState, player: int) -> str:
        return state.information_state_string(player)


def _game_type(name: str, players: int) -> Any:
    return pyspiel.GameType(
        short_name=SPIEL_NAMES[name], long_name=f"Vegas Table {get_game(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION, utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=6, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"rules": DEFAULTS[name][0], "players": players, "seed": "1", "options": ""})


def _make_observer(self: VegasSpielGame, iig_obs_type: Any = None, params: Any = None) -> _Observer:
    return _Observer()


VegasSpielGame.make_py_observer = _make_observer


class LordsSpielGame(VegasSpielGame):
    """Lords of Vegas, as `pyspiel.load_game("python_vegas_lords", {...})` makes it."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params, "lords")


class LasVegasSpielGame(VegasSpielGame):
    """Las Vegas, as `pyspiel.load_game("python_vegas_lasvegas", {...})` makes it."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params, "lasvegas")


def register() -> None:
    """Make both games loadable by name (`pyspiel.load_game("python_vegas_lords", {"players": 2})`); once."""
    registered = set(pyspiel.registered_names())
    for name, cls in (("lords", LordsSpielGame), ("lasvegas", LasVegasSpielGame)):
        if SPIEL_NAMES[name] not in registered:
            pyspiel.register_game(_game_type(name, DEFAULTS[name][1]), cls)


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS with a time budget: its own `run_search`, simulating until `millis` have passed
    rather than for a fixed count, when `millis` is given (at least `MIN_SIMULATIONS`: the first only
    expands the root)."""

    def __init__(self, *args: Any, millis: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.millis = millis
        self.simulations = 0  # how many the last search ran

    def run_search(self, state: VegasSpielState) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.millis / 1000 if self.millis is not None else None
        self.simulations = 0
        while self.simulations < self._max_simulations:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
            if deadline is not None and self.simulations >= MIN_SIMULATIONS and time.perf_counter() >= deadline:
                break
        return list(self.get_final_policy(state, self._root_node))


class ISMCTSBot(Bot):
    """OpenSpiel's information-set MCTS (random rollouts, UCT) over the seat's determinized states: a
    reference opponent from outside this project. Budget: `millis` per decision (1 s by default) or a fixed
    number of `simulations` (deterministic for a seed)."""

    name = "ismcts"
    games = ("lasvegas", "lords")

    def __init__(self, seed: str = "0", millis: float | None = MILLIS, simulations: int | None = None) -> None:
        super().__init__(seed)
        self.millis = None if simulations is not None else millis
        self.simulations = simulations or 1 << 30
        self.spiel: VegasSpielGame | None = None

    def on_game_start(self, info: GameInfo) -> None:
        self.spiel = None

    def choose(self, turn: Turn) -> Choice:
        legal = turn.legal
        if len(legal) == 1 and not legal[0].is_range:
            return legal[0]
        engine = get_game(turn.info.game)
        if self.spiel is None:
            params = {"rules": turn.info.rules, "players": turn.info.players, "options": ",".join(turn.info.options)}
            self.spiel = VegasSpielGame(params, turn.info.game)
        seat = turn.seat
        rng = random.Random(f"{self.rng.getrandbits(64)}")
        root = self.spiel.state_of(engine.determinize(turn.view, seat, rng))
        numpy_rng = np.random.RandomState(self.rng.getrandbits(32))
        bot = TimedISMCTS(self.spiel, mcts.RandomRolloutEvaluator(1, numpy_rng), UCT_C, self.simulations,
                          random_state=numpy_rng, millis=self.millis)
        bot.set_resampler(lambda state, player: state.resample(player, rng))
        chosen = root.options()[int(bot.step(root))]
        options = [engine_option(engine, option) for option in legal]
        return back(chosen, options, legal)

