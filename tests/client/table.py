"""An in-memory stand-in for the server, for headless tests of the client: one game run by the real engine.

It speaks the client's `Table` protocol: snapshots and RFC 6902 diffs (made with `jsonpatch`, not the
server's own differ) with the view hashes the API specifies, the engine's refusal sentences, and stale
versions refused as the server does. Other seats are played by the test through `play`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import jsonpatch

from vegas_client.data import (
    ActionResult,
    Created,
    GameSummary,
    GameType,
    Joined,
    LegalAction,
    NewGame,
    Revealed,
    RuleSet,
    SeatInfo,
    Update,
    VersionEvents,
)
from vegas_client.entropy import Entropies
from vegas_client.errors import VegasError
from vegas_table.client.orders import Answer, Propose, Route, Submit
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.engine.core.canonical import canonical_bytes, canonical_hash
from vegas_table.engine.core.errors import EngineError, IllegalAction
from vegas_table.engine.core.fairness import commitment, game_seed
from vegas_table.replays.recorder import RecordedMatch

GAME_ID = "g1"
TOKEN = "secret-token"


SERVER_SEED = "ab" * 32


class EngineTable:
    def __init__(self, seed: str = "7", players: int = 4, rules: str = "up", options: tuple[str, ...] = (),
                 game: str = "lords", record_to: Path | None = None) -> None:
        """With `record_to` (a file), the game is recorded there from a committed seed, as a server does,
        and `replay` reveals it once the game is over."""
        self.game = get_game(game)
        self.commitment = "c0ffee"
        self.recorder: RecordedMatch | None = None
        if record_to is None:
            self.match = Match(self.game, GameConfig(game, rules, players, seed=seed, options=options))
        else:
            self.commitment, entropies = commitment(SERVER_SEED), ("",) * players
            meta = {"commitment": self.commitment, "entropies": list(entropies)}
            config = GameConfig(game, rules, players, seed=game_seed(SERVER_SEED, entropies), options=options)
            self.recorder = RecordedMatch(Match(self.game, config), record_to, fsync=False, meta=meta)
            self.match = self.recorder.match
            self.record_to, self.seat_entropies = record_to, entropies
        self.names = self.game.seat_names(self.match.config)
        self.version = 0
        self.events: dict[int, tuple[str, ...]] = {0: tuple(self.game.describe(e, self.names)
                                                            for e in self.match.opening)}
        self.views: dict[int, dict[int | None, Any]] = {0: self._views()}
        self.moves: dict[int, tuple[int, str]] = {}
        self.queues: list[tuple[int | None, asyncio.Queue[int]]] = []
        self.seat = 0
        self.joined = False
        self.codes: dict[str, str] = {}
        self.hosts: dict[str, str] = {}
        self.handed: list[tuple[int, str]] = []  # the seats the client handed to bots (or back)
        self.entropies = Entropies()
        self.sent: list[Route] = []
        self.refusal: VegasError | None = None  # the next send is refused with this, as a server would
        self.tokens_revoked = False  # the server lost its seats (its data was reset): tokens are refused
        self.closed = False
        self.people: dict[int, str] = {}  # seats held by people other than the client (else bots)
        self.created: list[NewGame] = []  # the games the client asked to create

    def _views(self) -> dict[int | None, Any]:
        seats: list[int | None] = [None, *range(len(self.names))]
        return {s: json.loads(canonical_bytes(self.match.view(s))) for s in seats}

    def summary(self) -> GameSummary:
        def who(seat: int) -> str:
            return "Tester" if seat == self.seat else self.people.get(seat, "random bot")

        seats = tuple(SeatInfo(i, n, i != self.seat or self.joined, who(i), i != self.seat and i not in self.people)
                      for i, n in enumerate(self.names))
        status = "finished" if self.match.over else "running"
        config = self.match.config
        return GameSummary(GAME_ID, config.game, config.rules, (), len(self.names), seats, status, self.version,
                       self.commitment)

    # ---- the test's side

    def play(self, seat: int, text: str) -> None:
        """Another player acts (or the client's action is applied): a new version for every watcher."""
        events = (self.recorder or self.match).play(seat, text)
        self.version += 1
        self.moves[self.version] = (seat, self.match.history[-1].action)
        self.events[self.version] = tuple(self.game.describe(e, self.names) for e in events)
        self.views[self.version] = self._views()
        for _, queue in self.queues:
            queue.put_nowait(self.version)

    # ---- Table

    async def game_types(self) -> list[GameType]:
        rules = tuple(RuleSet(r.name, r.min_players, r.max_players, r.description)
                      for r in self.game.rule_sets.values())
        return [GameType("lords", "Lords of Vegas", rules, tuple(self.game.options))]

    async def list_games(self, include_finished: bool = False) -> list[GameSummary]:
        return [self.summary()]

    async def get_game(self, game_id: str) -> GameSummary:
        self._check(game_id)
        return self.summary()

    async def create_game(self, spec: NewGame) -> Created:
        self.created.append(spec)
        return Created(GAME_ID, "c0ffee", self.summary())

    async def join_game(self, game_id: str, name: str, seat: int | None = None, entropy: str | None = None
                        ) -> Joined:
        self._check(game_id)
        if self.joined:
            raise VegasError("every seat of this game is taken", "no_free_seat", "FAILED_PRECONDITION")
        self.joined = True
        return Joined(self.seat, TOKEN, self.summary(), entropy or "drawn entropy")

    async def reveal_due(self, summary: GameSummary) -> GameSummary | None:
        """The game here starts at once (its seats' entropies are in): nothing is ever due."""
        return None

    def _check(self, game_id: str) -> None:
        if game_id != GAME_ID:
            raise VegasError(f"there is no game {game_id!r} on this server", "unknown_game", "NOT_FOUND")

    def _raw(self, version: int, seat: int | None, snapshot: bool) -> Update:
        view = self.views[version][seat]
        status = "finished" if self.match.over and version == self.version else "running"
        if snapshot:
            body = canonical_bytes(view).decode()
            return Update(version, canonical_hash(view), "snapshot", body, None, self.events[version], status,
                          self.moves.get(version))
        patch = jsonpatch.make_patch(self.views[version - 1][seat], view).patch
        return Update(version, canonical_hash(view), "diff", json.dumps(patch), None, self.events[version], status,
                      self.moves.get(version))

    async def watch(self, game_id: str, token: str, from_version: int | None) -> AsyncIterator[Update]:
        self._check(game_id)
        if token and self.tokens_revoked:
            raise VegasError(f"this seat token holds no seat in game {game_id}", "bad_token", "PERMISSION_DENIED")
        seat = self.seat if token == TOKEN else None
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.queues.append((seat, queue))
        try:
            yield Update(0, "", "connected")
            if from_version is None:
                yield self._raw(self.version, seat, snapshot=True)
            else:
                for version in range(from_version + 1, self.version + 1):
                    yield self._raw(version, seat, snapshot=False)
            while True:
                version = await queue.get()
                yield self._raw(version, seat, snapshot=False)
        finally:
            self.queues.remove((seat, queue))

    async def list_events(self, game_id: str, before_version: int | None = None) -> list[VersionEvents]:
        """The last 128 versions before `before_version`, as the server keeps them."""
        self._check(game_id)
        before = self.version + 1 if before_version is None else before_version
        return [VersionEvents(v, self.moves.get(v), self.events[v])
                for v in range(max(0, before - 128), min(before, self.version + 1))]

    async def legal_actions(self, game_id: str, token: str) -> tuple[int, tuple[LegalAction, ...]]:
        raise VegasError("this test table lists no legal actions: the updates carry them", "bad_request",
                         "INVALID_ARGUMENT")

    async def submit(self, game_id: str, token: str, action: str, based_on_version: int) -> ActionResult:
        if based_on_version != self.version and self.refusal is None:
            self.sent.append(Submit(action))
            raise VegasError(f"{action}: based on version {based_on_version}, but the game is at version "
                             f"{self.version}", "stale_version", "ABORTED")
        return self._send(Submit(action), action)

    async def propose_trade(self, game_id: str, token: str, terms: str, request_id: str = "") -> ActionResult:
        return self._send(Propose(terms), f"trade {terms}")

    async def answer_trade(self, game_id: str, token: str, trade_id: int, answer: str,
                           removes: Sequence[str] = (), request_id: str = "") -> ActionResult:
        text = f"{answer} {trade_id}" + (f" remove {' '.join(removes)}" if removes else "")
        return self._send(Answer(trade_id, answer, tuple(removes)), text)

    def _send(self, route: Route, text: str) -> ActionResult:
        """Apply a seat's order as a server would: the scripted refusal if there is one, else the engine's."""
        self.sent.append(route)
        if self.refusal is not None:
            refusal, self.refusal = self.refusal, None
            raise refusal
        try:
            self.play(self.seat, text)
        except EngineError as error:
            status = "FAILED_PRECONDITION" if isinstance(error, IllegalAction) else "INVALID_ARGUMENT"
            raise VegasError(error.message, error.code, status) from None
        return ActionResult(self.version, self.match.history[-1].action, self.events[self.version])

    async def replay(self, game_id: str) -> Revealed:
        if self.recorder is None or not self.match.over:
            raise VegasError("this test table keeps no replay", "not_finished", "FAILED_PRECONDITION")
        return Revealed(self.record_to.read_bytes(), SERVER_SEED, self.commitment, self.seat_entropies,
                        self.match.config.seed)

    async def rematch(self, game_id: str, token: str) -> Created:
        raise VegasError("this test table makes no rematches", "not_finished", "FAILED_PRECONDITION")

    async def hand_seat(self, game_id: str, seat: int, bot: str) -> GameSummary:
        self.handed.append((seat, bot))
        return self.summary()

    async def close(self) -> None:
        self.closed = True
