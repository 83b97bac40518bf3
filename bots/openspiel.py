"""Both games as OpenSpiel python games, and OpenSpiel's own IS-MCTS as a bot (the optional extra `openspiel`).

`pip install -e '.[openspiel]'` brings the `open-spiel` package; this module is imported only then. It
opens the door to the field's toolkit: `register()` makes `python_vegas_lords` and `python_vegas_lasvegas`
loadable with `pyspiel.load_game`, so OpenSpiel's algorithms (MCTS, IS-MCTS, `rl_environment`, the
evaluators) play them, and `ISMCTSBot` seats OpenSpiel's information-set MCTS in `vegas tournament` as a
reference opponent (`ismcts` in the bot list when the extra is installed). docs/OPENSPIEL.md is the reference.

How the games map onto OpenSpiel's model:

- Chance is explicit (`EXPLICIT_STOCHASTIC`): a game starts with `DEAL_DRAWS` chance nodes, each drawing one
  byte (256 equally likely outcomes) of the deal's 64-bit number; the engine's game is then the one seeded
  with the game's `seed` parameter and that number, and everything after (the deal, every die, every card)
  comes from that seeded generator, which no seat sees. Why not OpenSpiel's sampled chance with a game
  generator (`rng_seed`): a python game cannot give OpenSpiel its generator's state (`GetRNGState` is not
  overridable from python), so `random_sim_test`'s serialization and `serialize_game_and_state` could never
  work; with chance nodes a state is its history, which OpenSpiel serializes, deserializes and clones by
  itself, and each episode is a fresh deal drawn by the caller's own sampler (reproducible for its seed).
- A seat's actions are numbered in the order the engine lists them; a range of bets (Lords' gamble) is
  offered at its smallest, middle and largest amounts, as the search bot groups them, so that a random
  rollout does not spend most of its moves choosing among forty bets of one table.
- The information state and the observation of a seat are both its view (`Game.view`): the strings are
  the view as canonical JSON, the tensors are read from it (`openspiel_tensors`), so neither holds anything
  the seat cannot see. The view is what the engine keeps of all the seat has seen, and two states with the
  same view give it the same legal actions (the determinization's property test), which is what IS-MCTS
  needs of a key. `resample_from_infostate` is the engine's `Game.determinize`: a full state that shows the
  seat the same view, the hidden cards and the generator drawn anew.
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
from vegas_table.bots.openspiel_tensors import ViewTensor
from vegas_table.bots.settings import budget
from vegas_table.engine import ConfigError, GameConfig, get_game
from vegas_table.engine.core.api import ActionRange, Game
from vegas_table.engine.core.canonical import canonical_text
from vegas_table.engine.registry import check_config

SPIEL_NAMES = {"lords": "python_vegas_lords", "lasvegas": "python_vegas_lasvegas"}
DEFAULTS = {"lords": ("up", 4), "lasvegas": ("base", 4)}
SEED = "openspiel"  # the default `seed` parameter: with the chance nodes' number, the engine's seed
DEAL_DRAWS = 8  # chance nodes at the start, one byte of the deal's number each
DEAL_OUTCOMES = 256
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


def engine_seed(seed: str, deal: bytes) -> str:
    """The engine's seed of the game the chance nodes drew: `seed`, a slash, the deal's number in hex."""
    return f"{seed}/{deal.hex()}"


def random_source(rng: Any) -> random.Random:
    """A `random.Random` drawn from any generator OpenSpiel code hands around: a `random.Random` (used as it
    is), numpy's `RandomState` or `Generator`, or a probability sampler (a callable giving numbers in [0, 1),
    as `pyspiel.UniformProbabilitySampler`); TypeError names these for anything else."""
    if isinstance(rng, random.Random):
        return rng
    words: list[int]
    if isinstance(rng, np.random.RandomState):
        words = [int(w) for w in rng.randint(0, 1 << 32, size=4, dtype=np.uint64)]
    elif isinstance(rng, np.random.Generator):
        words = [int(w) for w in rng.integers(0, 1 << 32, size=4, dtype=np.uint64)]
    elif callable(rng):
        words = [int(float(rng()) * (1 << 32)) for _ in range(4)]
    else:
        raise TypeError(f"resample needs a random.Random, a numpy RandomState or Generator, or a probability "
                        f"sampler (a callable giving numbers in [0, 1)), not {type(rng).__name__}")
    return random.Random("/".join(map(str, words)))


def spiel_error(message: str) -> Exception:
    """OpenSpiel's own error type, as its C++ games raise it (`pyspiel.SpielError`)."""
    return pyspiel.SpielError(message)  # type: ignore[no-any-return]


class VegasSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of the engine's games as an OpenSpiel game; parameters: rules, players, seed, options (joined by
    `+`; commas are taken too). A parameter the engine cannot start is refused here, when the game is loaded."""

    def __init__(self, params: Mapping[str, Any] | None, name: str) -> None:
        params = dict(params or {})
        self.engine: Game[Any] = get_game(name)
        rules, players = DEFAULTS[name]
        self.seed = str(params.get("seed", SEED))
        if any(c in self.seed for c in "=,()"):
            raise spiel_error(f"{SPIEL_NAMES[name]}: a seed cannot hold = , ( or ) (OpenSpiel's game strings use "
                              f"them), not {self.seed!r}")
        words = str(params.get("options", "")).replace(",", "+").split("+")
        options = tuple(sorted({o.strip() for o in words if o.strip()}))
        self.config = GameConfig(name, str(params.get("rules", rules)), int(params.get("players", players)),
                                 self.seed, options)
        try:
            check_config(self.config)
        except ConfigError as error:
            raise spiel_error(f"{SPIEL_NAMES[name]}: {error}") from None
        params["options"] = "+".join(options)  # a comma would end the parameter in the game's string
        info = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=DEAL_OUTCOMES,
                                num_players=self.config.players, min_utility=0.0, max_utility=1.0,
                                utility_sum=1.0, max_game_length=MAX_GAME_LENGTH + DEAL_DRAWS)
        super().__init__(_game_type(name, self.config.players), info, params)

    def new_initial_state(self) -> VegasSpielState:
        """The first chance node: the deal is drawn by the next `DEAL_DRAWS` chance outcomes."""
        return VegasSpielState(self)

    def state_of(self, engine_state: Any) -> VegasSpielState:
        """The OpenSpiel state over an engine state (a live game's, or a determinized one), past the chance
        nodes; its history is empty (it was not reached by this game's actions), so it is for searching on,
        not for serializing."""
        return VegasSpielState(self, engine_state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> ViewObserver:
        """The observer of both OpenSpiel's observation and information state: the seat's view."""
        if params:
            raise ValueError(f"the Vegas games' observers take no parameters, not {dict(params)}")
        return ViewObserver(self)


class _Table:
    """What is under an OpenSpiel state: the engine's game and state (None before the deal), and the bytes of
    the deal drawn so far. OpenSpiel clones a python state by deep-copying each attribute; this copies itself
    by the engine's own cheap clone, and shares the game."""

    __slots__ = ("deal", "game", "options", "state")

    def __init__(self, game: VegasSpielGame, state: Any, deal: bytes) -> None:
        self.game, self.state, self.deal = game, state, deal
        self.options: list[Any] | None = None  # the seat to act's concrete actions, numbered by their place

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        twin = _Table(self.game, None if self.state is None else self.game.engine.clone(self.state), self.deal)
        twin.options = self.options  # never changed in place, only replaced
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's `serialize_game_and_state` pickles a python state's attributes) as the game's
        string, the engine's complete encoding (its generator's position included) and the deal."""
        encoded = None if self.state is None else self.game.engine.encode(self.state)
        return (_decoded_table, (str(self.game), encoded, self.deal))


def _decoded_table(game_string: str, encoded: dict[str, Any] | None, deal: bytes) -> _Table:
    """A pickled `_Table` again; the game is loaded from its string (as OpenSpiel loads a serialized game)."""
    game: VegasSpielGame = pyspiel.load_game(game_string)
    return _Table(game, None if encoded is None else game.engine.decode(encoded), deal)


class VegasSpielState(pyspiel.State):  # type: ignore[misc]
    """An engine state seen through OpenSpiel's State API (see the module's docstring)."""

    def __init__(self, game: VegasSpielGame, engine_state: Any = None) -> None:
        super().__init__(game)
        self.table = _Table(game, engine_state, b"" if engine_state is None else bytes(DEAL_DRAWS))

    @property
    def spiel_game(self) -> VegasSpielGame:
        return self.table.game

    @property
    def engine(self) -> Game[Any]:
        return self.table.game.engine

    @property
    def state(self) -> Any:
        """The engine state (None at the chance nodes, before the deal)."""
        return self.table.state

    @property
    def seat(self) -> int:
        return self.engine.actors(self.table.state)[0]

    def options(self) -> list[Any]:
        """The concrete engine actions of the seat to act, numbered by their place here."""
        table = self.table
        if table.options is None:
            seat = self.seat
            table.options = [a for o in self.engine.legal_actions(table.state, seat) for a in expand(o)]
        return table.options

    def current_player(self) -> int:
        if self.table.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL) if self.is_terminal() else self.seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / DEAL_OUTCOMES) for byte in range(DEAL_OUTCOMES)] if self.table.state is None else []

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.options()))) if player == self.current_player() else []

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table.state is None:
            if not 0 <= action < DEAL_OUTCOMES:
                raise spiel_error(f"chance outcome {action} is not one of the deal's 0..{DEAL_OUTCOMES - 1}")
            table.deal += bytes([action])
            if len(table.deal) == DEAL_DRAWS:
                config = table.game.config
                table.state, _ = self.engine.new(
                    GameConfig(config.game, config.rules, config.players, engine_seed(config.seed, table.deal),
                               config.options))
            return
        options = self.options()
        if not 0 <= action < len(options):
            raise spiel_error(self._illegal(action))
        self.engine.apply(table.state, self.seat, options[action])
        table.options = None

    def _illegal(self, action: int) -> str:
        if self.is_terminal():
            return f"action {action} is not legal: the game is over"
        return (f"action {action} is not legal: seat {self.seat}'s legal actions are 0..{len(self.options()) - 1} "
                f"({', '.join(a.text() for a in self.options()[:3])}, ...)")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        options = self.options()
        if not 0 <= action < len(options):
            raise spiel_error(self._illegal(action))
        return str(options[action].text())

    def is_terminal(self) -> bool:
        return self.table.state is not None and bool(self.engine.is_over(self.table.state))

    def returns(self) -> list[float]:
        shares = [0.0] * self.spiel_game.config.players
        result = None if self.table.state is None else self.engine.result(self.table.state)
        for seat in result.winners if result else ():
            shares[seat] = 1 / len(result.winners)  # type: ignore[union-attr]
        return shares

    def view(self, player: int | None) -> dict[str, Any] | None:
        """`player`'s view (None: a spectator's), or None before the deal."""
        return None if self.table.state is None else self.engine.view(self.table.state, player)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> VegasSpielState:
        """A state `player` cannot tell from this one: `Game.determinize` of its view, the hidden parts drawn
        with `probability_sampler` (anything `random_source` takes: OpenSpiel's samplers, numpy generators,
        `random.Random`). Before the deal there is nothing to hide: a clone."""
        if self.table.state is None:
            return self.clone()  # type: ignore[no-any-return]
        view = self.engine.view(self.table.state, player)
        world = self.engine.determinize(view, player, random_source(probability_sampler))
        return VegasSpielState(self.spiel_game, world)

    def resample(self, player: int, rng: Any) -> VegasSpielState:
        """`resample_from_infostate` by a shorter name (the resampler IS-MCTS is given calls it)."""
        return self.resample_from_infostate(player, rng)

    def __str__(self) -> str:
        if self.table.state is None:
            return f"dealing: {len(self.table.deal)} of {DEAL_DRAWS} chance bytes drawn"
        return canonical_text(self.engine.view(self.table.state, None))


class ViewObserver:
    """OpenSpiel's python observer: a seat's view as canonical JSON (the string) and as a tensor of named
    pieces (`openspiel_tensors`); the same for the observation and the information state."""

    def __init__(self, game: VegasSpielGame) -> None:
        config = game.config
        self.view_tensor = ViewTensor(config.game, config.players, (config.rules, *config.options))
        self.tensor = self.view_tensor.tensor
        self.dict = self.view_tensor.dict

    def set_from(self, state: VegasSpielState, player: int) -> None:
        self.view_tensor.fill(state.view(player))

    def string_from(self, state: VegasSpielState, player: int) -> str:
        view = state.view(player)
        return "" if view is None else canonical_text(view)


def _game_type(name: str, players: int) -> Any:
    return pyspiel.GameType(
        short_name=SPIEL_NAMES[name], long_name=f"Vegas Table {get_game(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION, utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=6, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"rules": DEFAULTS[name][0], "players": players, "seed": SEED, "options": ""})


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

    @classmethod
    def configured(cls, seed: str, setting: str) -> ISMCTSBot:
        """`ismcts@200`: 200 simulations a decision; `ismcts@500ms`: 500 milliseconds a decision (as `search@`)."""
        simulations, millis = budget("ismcts", setting, "simulations")
        return cls(seed, millis=millis, simulations=simulations)

    def on_game_start(self, info: GameInfo) -> None:
        self.spiel = None

    def choose(self, turn: Turn) -> Choice:
        legal = turn.legal
        if len(legal) == 1 and not legal[0].is_range:
            return legal[0]
        engine = get_game(turn.info.game)
        if self.spiel is None:
            params = {"rules": turn.info.rules, "players": turn.info.players, "options": "+".join(turn.info.options)}
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

