"""Running a `Bot` in-process (`vegas simulate`, tournaments, the server's own bot seats).

The runner holds the state; the bot gets a `Turn` made from the seat's view and legal actions, computed
only if the bot reads them. What the bot returns becomes the engine's action here: a legal action chosen
from the list is used as it is, text is parsed like any player's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, overload

from vegas_table.bots.base import Bot, Choice, GameInfo, LegalAction, Turn
from vegas_table.engine.core.api import Game, GameConfig

BUILT_IN = "vegas_table.bots."  # the package of the bots the project ships, reviewed and tested for honesty


MADE_LIMIT = 4096  # LegalActions a seat keeps for the game's actions before it starts afresh


class EngineLegalActions(Sequence[LegalAction]):
    """A seat's legal actions as `LegalAction`s, each made only when a bot looks at it: a random bot looks
    at one of a hundred, and building the other ninety-nine cost a tenth of a simulation's time.

    `made` holds what was made, by the engine action's identity (each `LegalAction` holds its action, so no
    other object can take that identity while it is kept). A seat's turns may share one `made`: the engines
    list the same action objects turn after turn (made once, in tables), so a seat's `LegalAction` for each
    is made once a game. Shared or not, the same entry gives the same object every time it is looked at."""

    __slots__ = ("_made", "_options")

    def __init__(self, options: Sequence[Any], made: dict[int, LegalAction] | None = None) -> None:
        self._options = options
        self._made: dict[int, LegalAction] = {} if made is None else made

    def __len__(self) -> int:
        return len(self._options)

    @overload
    def __getitem__(self, index: int) -> LegalAction: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[LegalAction]: ...

    def __getitem__(self, index: int | slice) -> LegalAction | Sequence[LegalAction]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._options)))]
        option = self._options[index]  # IndexError past the end
        made = self._made.get(id(option))
        return self._make(option) if made is None else made

    def _make(self, option: Any) -> LegalAction:
        made = self._made
        if len(made) >= MADE_LIMIT:  # the actions made afresh every turn (bet ranges) would pile up
            made.clear()
        legal = made[id(option)] = LegalAction.of(option)
        return legal


def seat_to_ask(actors: Sequence[int], seats: Iterable[int], may_act: Callable[[int], bool]) -> int | None:
    """Which of `seats` to ask for a move: first one the game does not wait for but that may act now (a trade
    awaits its answer: the table hears the answer before the proposer goes on, as players at a real table
    do), else one the game waits for (`actors`), else None. In-process games (`arena.play`) and the server's
    own bot seats (`server.botseats`) follow this one rule, so a bot's offer to a bot is answered in both."""
    waited = None
    for seat in seats:
        if seat not in actors:
            if may_act(seat):
                return seat
        elif waited is None:
            waited = seat
    return waited


ANSWER_PATIENCE = 5.0  # seconds a remote bot waits for the answers to an offer of its own before it goes on


def awaited_offers(view: Mapping[str, Any], seat: int) -> dict[int, frozenset[int]]:
    """The open trades `seat` proposed that another party has not accepted yet, each with the parties still to
    answer it (a Lords of Vegas view lists its open trades; a game without trades has none)."""
    awaited = {}
    for trade in view.get("trades", ()):
        if trade["proposer"] == seat:
            partners = frozenset(p for p in trade["parties"] if p != seat and p not in trade["accepted"])
            if partners:
                awaited[int(trade["id"])] = partners
    return awaited


class AnswerWait:
    """How much longer a seat waits for the answers to its open offers before it goes on. A seat that has
    offered a trade lets its partners answer first, as players at a real table do and as in-process games ask
    (`seat_to_ask`): else its next action (ending the turn, say) would come before a partner who thinks, and
    the offer would expire unanswered. Each offer is waited for at most `patience` seconds from when the seat
    first saw it open (half the time left on the seat's turn clock, if less), so a partner who never answers
    does not stall the seat. Remote bots (`bots.runner`, `ANSWER_PATIENCE`) and the server's own bot seats
    (`server.botseats`, longer: their partners are often people) both wait so.

    A partner who let one of the seat's offers run out unanswered is waited for only `hurried` seconds on
    the next ones, until it answers one (accepts it, or refuses it so that it closes): a person who ignores
    the deals a bot offers should not wait out the whole patience again for each of them. Seats that share
    one `lapsed` set (the server's bot seats of a game) learn it together: a person who ignored one bot's
    offer is hurried by the next bot too, so a round of ignored offers costs one patience, then `hurried` an
    offer."""

    def __init__(self, patience: float, hurried: float | None = None, lapsed: set[int] | None = None) -> None:
        self.patience = patience
        self.hurried = patience if hurried is None else min(hurried, patience)
        self._until: dict[int, float] = {}  # each open offer: when (on the caller's clock) waiting for it ends
        self._partners: dict[int, frozenset[int]] = {}  # each open offer: the parties still to answer it
        self.lapsed: set[int] = set() if lapsed is None else lapsed  # partners who let an offer run out since

    def left(self, view: Mapping[str, Any], seat: int, now: float, clock_left: float | None) -> float:
        """Seconds the seat still waits, at `now`, in `view` (0 when none of its offers awaits an answer)."""
        awaited = awaited_offers(view, seat)
        for offer, partners in self._partners.items():
            if now < self._until[offer]:  # answered in time: a partner no longer awaited has answered
                self.lapsed -= partners - awaited.get(offer, frozenset())
        until = {}
        for offer, partners in awaited.items():
            if offer in self._until:
                until[offer] = self._until[offer]
            else:
                patience = self.hurried if partners <= self.lapsed else self.patience
                until[offer] = now + (patience if clock_left is None else min(patience, clock_left / 2))
            if until[offer] <= now:  # ran out unanswered
                self.lapsed |= partners
        self._until, self._partners = until, awaited
        return max(0.0, max(until.values(), default=now) - now)


def game_info(config: GameConfig, seat: int, people: frozenset[int] = frozenset()) -> GameInfo:
    """What the bot at `seat` of a game of `config` is told as it sits down (nothing of the seed)."""
    return _info(config.game, config.rules, config.players, config.options, seat, people)


# A simulation's games differ only by their seeds, which a `GameInfo` does not hold: each seat's info is made
# once (a frozen dataclass, dear to make) and handed to every game's bot there. 256: a tournament's few tables.
_info = lru_cache(maxsize=256)(GameInfo)


def turn_for(game: Game[Any], state: Any, info: GameInfo, version: int, time_limit: float | None = None) -> Turn:
    """The `Turn` of `info.seat` in `state` at `version`: its view and legal actions, each computed on first use
    from the state sealed (`Game.sealed`), so nothing the bot is handed reaches the seed or a deck's order."""
    seat, seen = info.seat, game.sealed(state)
    return Turn(info, version, lambda: game.view(seen, seat),
                lambda: EngineLegalActions(game.legal_actions(seen, seat)), time_limit)


class SeatAsker:
    """One seat's turns in one game whose state changes in place (`arena.play`), and the seat's `bot`. For
    any bot but the project's own, each turn is handed functions that compute the seat's view and legal
    actions on first use from the state sealed at that moment (`Game.sealed`): nothing such a bot is handed
    reaches the seed or a deck's order. The project's own bots (`built_in`) read the live state unsealed:
    they are honest by their code (they read only their turn), and the seal would cost a copy of the state at
    every decision of every simulated game. Their turn's view is still computed only if read (by one
    function made once for the game), but its legal actions are given at once, every bot reads them: where
    the engine keeps them (`Game.kept_legal_actions`), as a tuple of `LegalAction`s made once a process for
    each tuple it keeps (`made_ready`), so a bot's `len` and indexing cost no Python call; else lazily
    (`EngineLegalActions`), each `LegalAction` made once a game for the seat."""

    __slots__ = ("_kept", "_legal", "_made", "_view", "bot", "game", "info", "state", "trusted")

    def __init__(self, game: Game[Any], state: Any, info: GameInfo, bot: Bot) -> None:
        self.game = game
        self.info = info
        self.state = state
        self.bot = bot
        self.trusted = built_in(bot)
        seat, view, self._legal, self._kept = info.seat, game.view, game.legal_actions, game.kept_legal_actions
        self._view = lambda: view(state, seat)
        self._made: dict[int, LegalAction] = {}

    def decide(self, version: int) -> Any:
        """The engine action the seat's bot plays at `version` (`decide`, without making its functions)."""
        info = self.info
        if self.trusted:
            kept = self._kept(self.state, info.seat)
            ready = _READY.get(id(kept)) if kept is not None else None
            if ready is not None and ready[0] is kept:
                legal: Sequence[LegalAction] = ready[1]
            elif kept is not None:
                legal = made_ready(kept)
            else:
                legal = EngineLegalActions(self._legal(self.state, info.seat), self._made)
            turn = Turn(info, version, self._view, legal)
        else:
            turn = turn_for(self.game, self.state, info, version)
        choice = self.bot.choose(turn)
        if type(choice) is LegalAction and choice.action is not None and choice.low is None:
            return choice.action  # a plain legal action chosen as it is: the common case, taken first
        return engine_action(self.game, choice)


# Each tuple an engine kept (`Game.kept_legal_actions`), by identity: that tuple (held, so no other object
# takes its identity while it is here) and its entries as `LegalAction`s, each made once (`_KEPT_MADE`, as
# `EngineLegalActions` keeps them) whatever tuples it is in. One for the process: the tables are the
# engine's, the same in every game, and a `LegalAction` of one of their actions says no more than the action.
_READY: dict[int, tuple[tuple[Any, ...], tuple[LegalAction, ...]]] = {}
_KEPT_MADE: dict[int, LegalAction] = {}


def made_ready(kept: tuple[Any, ...]) -> tuple[LegalAction, ...]:
    """The `LegalAction`s of a tuple the engine keeps, made the first time it is seen, then found in `_READY`
    (`SeatAsker.decide` looks there first)."""
    if len(_READY) >= MADE_LIMIT or len(_KEPT_MADE) >= MADE_LIMIT:  # both afresh, so that one stays one
        _READY.clear()
        _KEPT_MADE.clear()
    legal = tuple(EngineLegalActions(kept, _KEPT_MADE))
    _READY[id(kept)] = (kept, legal)
    return legal


def built_in(bot: Bot) -> bool:
    """Whether `bot` is of a class the project ships (`vegas_table.bots`); a subclass of one written elsewhere
    is not."""
    return type(bot).__module__.startswith(BUILT_IN)


def engine_action(game: Game[Any], choice: Choice) -> Any:
    """The engine's action for a bot's choice (MalformedAction if it is text that is not an action)."""
    if isinstance(choice, LegalAction):
        if choice.is_range:
            raise ValueError(f"{choice.text} is a range: choose a number with .at(n)")
        return choice.action if choice.action is not None else game.parse_action(choice.text)
    return game.parse_action(str(choice))


def decide(bot: Bot, game: Game[Any], state: Any, info: GameInfo, version: int,
           time_limit: float | None = None) -> Any:
    """The engine action `bot` plays for `info.seat` in `state` at `version`."""
    return engine_action(game, bot.choose(turn_for(game, state, info, version, time_limit)))


def hears_game_end(bot: Bot) -> bool:
    """Whether `bot` does anything with its final view (its class overrides `Bot.on_game_end`): only then is
    the view worth building."""
    return type(bot).on_game_end is not Bot.on_game_end


def choice_text(choice: Choice) -> str:
    """A bot's choice as the text a player would send (for bots that play through the server)."""
    if isinstance(choice, LegalAction) and choice.is_range:
        raise ValueError(f"{choice.text} is a range: choose a number with .at(n)")
    return choice.text if isinstance(choice, LegalAction) else str(choice)
