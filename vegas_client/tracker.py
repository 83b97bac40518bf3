"""One viewer's copy of its view, advanced one update of the Watch stream at a time (docs/API.md).

A snapshot replaces the view; a diff must bring the very next version, and its RFC 6902 patch (applied with
the `jsonpatch` library, an implementation independent of the server's differ) must give a view whose
canonical hash is the one the server sent. A version already held is skipped (a server replaying what the
viewer has). Anything else is `Resync`: the tracker forgets its view and the follower asks for a snapshot.

Patches are applied in place (a copy per diff would cost more than the patch): the view handed out is the
tracker's own object, so whoever keeps a view past the next update copies it.
"""

from __future__ import annotations

import json
from typing import Any

import jsonpatch

from vegas_client.data import LegalAction, Update, ViewUpdate
from vegas_table.engine.core.canonical import canonical_hash

MOVES_KEPT = 128  # recent versions whose move is remembered (a retried action looks its version up)


class Resync(Exception):
    """The view held can no longer be trusted (a gap in versions, a wrong hash): start from a snapshot."""


class ViewTracker:
    """The viewer's `(version, view)`, with what the server sent along with it: whom the game waits for, the
    seat's legal actions, the status, and the moves of recent versions."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.view: dict[str, Any] | None = None
        self.actors: tuple[int, ...] = ()
        self.legal: tuple[LegalAction, ...] = ()
        self.status = ""
        self.moves: dict[int, tuple[int, str]] = {}  # version -> (seat, action) that made it

    def forget(self) -> None:
        """Hold nothing: the next stream starts from a snapshot (recent moves are kept: they stay true)."""
        self.version, self.view, self.actors, self.legal = None, None, (), ()

    def accept(self, update: Update) -> ViewUpdate | None:
        """The update as a whole view; None for a version already held (or a `connected` marker); `Resync` if
        it cannot be applied (the tracker then holds nothing)."""
        if update.kind == "connected":
            return None
        if update.kind == "lobby":
            self.status = update.status
            return ViewUpdate(update.version, None, update.events, update.status, update.lobby)
        if update.kind != "snapshot" and self.version is not None and update.version <= self.version:
            return None  # already held: never applied twice
        try:
            view = self._apply(update)
        except Resync:
            self.forget()
            raise
        self.version, self.view, self.actors, self.legal = update.version, view, update.actors, update.legal
        self.status = update.status
        if update.move is not None:
            self._remember(update.version, update.move)
        return ViewUpdate(update.version, view, update.events, update.status, None, update.move, update.actors,
                          update.legal, update.record_hash, update.clocks)

    def _apply(self, update: Update) -> dict[str, Any]:
        if update.kind == "snapshot":
            view = json.loads(update.body)
        elif update.kind != "diff":
            raise Resync(f"an update of unknown kind {update.kind!r} at version {update.version}")
        elif self.version is None or self.view is None or update.version != self.version + 1:
            raise Resync(f"diff to version {update.version} does not follow version {self.version}")
        else:
            try:
                view = patched(self.view, json.loads(update.body))
            except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException, ValueError, TypeError,
                    KeyError, IndexError) as error:
                raise Resync(f"diff to version {update.version} does not apply: {error}") from None
        if not isinstance(view, dict):
            raise Resync(f"the view at version {update.version} is not a JSON object")
        if canonical_hash(view) != update.view_hash:
            raise Resync(f"view hash after version {update.version} differs from the server's")
        return view

    def _remember(self, version: int, move: tuple[int, str]) -> None:
        self.moves[version] = move
        if len(self.moves) > MOVES_KEPT:
            del self.moves[min(self.moves)]


def patched(document: Any, operations: Any) -> Any:
    """`document` with the RFC 6902 `operations` applied in place, one by one, by jsonpatch's own operation
    classes (`JsonPatch.operations`). `JsonPatch(operations).apply` would build every operation twice, once
    to check the whole patch before applying any: a cost a follower pays on every update for nothing, since
    a patch that fails half-way leaves a view the tracker forgets anyway."""
    if not isinstance(operations, list):
        raise ValueError("a JSON Patch is a list of operations")
    for operation in operations:
        kind = jsonpatch.JsonPatch.operations.get(str(operation.get("op"))) if isinstance(operation, dict) else None
        if kind is None:
            raise ValueError(f"{operation!r} is not an RFC 6902 operation")
        document = kind(operation).apply(document)
    return document
