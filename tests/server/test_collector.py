"""A game that is over and has left memory is freed by reference counting alone: nothing of it waits for the
garbage collector, whose full collections a server tuned for latency runs only every few hundred game starts
(`server.tuning`). A game caught in a reference cycle would stay in memory until then."""

from __future__ import annotations

import gc
import queue
import random
import threading
import time
import types
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import grpc

from tests.server.harness import ServerThread, random_action, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.api.v1 import table_pb2_grpc
from vegas_table.engine.core.fairness import commitment
from vegas_table.server.limits import Limits

OURS = ("vegas_table", "vegas_client")
FREED_WITHIN = 20.0  # seconds: far more than the last stream needs to close (a bound on a wait, not a figure)
POLL = 0.01
ENTROPY = "Ann's entropy"


def _module_of(item: Any) -> str:
    """The module whose code made `item`: its class's, or for a frame, function or method, the code's."""
    if isinstance(item, types.FrameType):
        return str(item.f_globals.get("__name__", ""))
    if isinstance(item, types.MethodType):
        item = item.__func__
    if isinstance(item, types.FunctionType):
        return str(item.__module__)
    return type(item).__module__


def _name(item: Any) -> str:
    if isinstance(item, types.FrameType):
        return f"frame of {item.f_code.co_qualname}"
    return getattr(item, "__qualname__", None) or type(item).__qualname__


async def _weakly_held(server: ServerThread, game_id: str) -> list[weakref.ref[Any]]:
    """Weak references to the game's session and, once it runs, its match (read on the server's loop)."""
    hub = server.running.hub
    held = (hub.sessions[game_id], hub.matches.matches.get(game_id))  # type: ignore[attr-defined]
    return [weakref.ref(item) for item in held if item is not None]


def play_watched(stub: table_pb2_grpc.VegasTableStub, server: ServerThread) -> list[weakref.ref[Any]]:
    """A whole game of Lords of Vegas with turn timers: seat 0 joins with an entropy commitment, reveals it and
    plays over an Act stream, seat 1 is the server's bot; watched by the seat, a spectator to the end and one
    who hangs up at once, then by a late viewer once it is over (the game read back from disk). Weak
    references to its session and match."""
    game_id = stub.CreateGame(pb.CreateGameRequest(game="lords", rules="up", players=2, turn_timer=600,
                                                   bots=[pb.BotSeat(seat=1, kind="random")])).game_id
    token = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=0, name="Ann",
                                             entropy_commitment=commitment(ENTROPY))).seat_token
    stub.RevealEntropy(pb.RevealEntropyRequest(game_id=game_id, seat_token=token, entropy=ENTROPY))
    held = server.run(_weakly_held(server, game_id))
    spectated: list[pb.Update] = []
    spectator = threading.Thread(target=lambda: spectated.extend(stub.Watch(pb.WatchRequest(game_id=game_id),
                                                                            timeout=60)))
    spectator.start()
    leaving = stub.Watch(pb.WatchRequest(game_id=game_id))
    next(leaving)
    leaving.cancel()
    requests: queue.Queue[pb.SubmitActionRequest | None] = queue.Queue()
    answers = stub.Act(iter(requests.get, None), timeout=60)
    rng = random.Random(5)
    for update in stub.Watch(pb.WatchRequest(game_id=game_id, seat_token=token), timeout=60):
        if update.status == pb.GAME_STATUS_FINISHED:
            break
        if 0 not in update.actors:
            continue
        legal = stub.ListLegalActions(pb.ListLegalActionsRequest(game_id=game_id, seat_token=token))
        if legal.version == update.version and legal.actions:  # else a later update of the stream is current
            requests.put(pb.SubmitActionRequest(game_id=game_id, seat_token=token, based_on_version=legal.version,
                                                action=random_action(legal.actions, rng)))
            next(answers)
    requests.put(None)
    assert list(answers) == []
    spectator.join(60)
    late = list(stub.Watch(pb.WatchRequest(game_id=game_id), timeout=60))
    assert spectated[-1].status == late[-1].status == pb.GAME_STATUS_FINISHED
    return held


def expired_watched(stub: table_pb2_grpc.VegasTableStub, server: ServerThread) -> list[weakref.ref[Any]]:
    """A game of Lords of Vegas that waits for its player beside its bot seat (whose bots wait too) and refuses
    a request of each kind, until the hub's clock has passed its expiry and the hub has removed it. Weak
    references to its session. (A refusal ended with `context.abort` would leave grpc holding the abort's
    traceback, and through it the handler's frames and the session, in a cycle: `server.errors.set_refusal`.)"""
    hub = server.running.hub
    game_id = stub.CreateGame(pb.CreateGameRequest(game="lords", rules="up", players=2,
                                                   bots=[pb.BotSeat(seat=1, kind="random")])).game_id
    held = server.run(_weakly_held(server, game_id))
    refused_requests(stub, game_id)
    created = datetime.fromisoformat(hub.sessions[game_id].record.created_at)
    later = created + timedelta(seconds=hub.limits.waiting_expiry + 1)
    hub.now = lambda: later
    assert server.run(hub.expire_waiting()) == [game_id]
    assert stub.ListGames(pb.ListGamesRequest()).games == []
    return held


def refused_requests(stub: table_pb2_grpc.VegasTableStub, game_id: str) -> None:
    """A request of each kind the game refuses: an action with a token that is no seat's, on its own and on
    an Act stream (the stream stays open, and is closed), and a Watch with a join code that is not the game's."""
    wrong = pb.SubmitActionRequest(game_id=game_id, seat_token="not-a-seat-token", action="end")
    assert refusal_of(lambda: stub.SubmitAction(wrong)) == grpc.StatusCode.PERMISSION_DENIED
    assert [answer.WhichOneof("outcome") for answer in stub.Act(iter([wrong]))] == ["refusal"]
    watch = pb.WatchRequest(game_id=game_id, seat_token=wrong.seat_token)
    assert refusal_of(lambda: list(stub.Watch(watch))) == grpc.StatusCode.PERMISSION_DENIED


def refusal_of(call: Callable[[], object]) -> grpc.StatusCode | None:
    """The status `call` is refused with (None: it was not). The error's traceback is let go: grpc's client
    error sits in a cycle of grpc's own, and through the traceback it would hold the test's frames and their
    requests for the collector to find (as `pytest.raises` would keep it, in its own cycle)."""
    try:
        call()
    except grpc.RpcError as error:
        error.__traceback__ = None
        return error.code()  # type: ignore[no-any-return]
    return None


@contextmanager
def collector_off() -> Iterator[None]:
    """No collection runs unless asked for: whatever reference counting does not free stays for `gc.collect`."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def ours_in_cycles() -> dict[str, int]:
    """What a full collection finds of this project's objects, counted by name (the collector's finds are
    kept in `gc.garbage` to be looked at, then let go)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    found = Counter(_name(item) for item in gc.garbage if _module_of(item).startswith(OURS))
    gc.garbage.clear()
    return dict(sorted(found.items()))


def freed(refs: list[weakref.ref[Any]]) -> bool:
    """Whether the objects of `refs` are gone, once the last streams have let go of them (a bounded wait)."""
    for _ in range(round(FREED_WITHIN / POLL)):
        if all(ref() is None for ref in refs):
            return True
        time.sleep(POLL)
    return False


def left_by_a_second(play: Callable[[table_pb2_grpc.VegasTableStub, ServerThread], list[weakref.ref[Any]]],
                     stub: table_pb2_grpc.VegasTableStub, server: ServerThread) -> tuple[bool, dict[str, int]]:
    """`play` once, to fill what lives as long as the server (caches, grpc's), then again with the collector
    off: whether the second game's objects were freed, and what a full collection finds of ours."""
    play(stub, server)
    with collector_off():
        held = play(stub, server)
        return freed(held), ours_in_cycles()


def test_a_finished_game_that_left_memory_leaves_nothing_for_the_collector(tmp_path: Path) -> None:
    with serving(tmp_path, limits=Limits(finished_kept=0)) as server, stub_for(server.address) as stub:
        gone, left = left_by_a_second(play_watched, stub, server)
    assert left == {}, f"a full collection found the game's objects in reference cycles: {left}"
    assert gone, "the finished game's session or match is still alive"


def test_a_lobby_game_that_expired_leaves_nothing_for_the_collector(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        gone, left = left_by_a_second(expired_watched, stub, server)
    assert left == {}, f"a full collection found the game's objects in reference cycles: {left}"
    assert gone, "the expired game's session is still alive"
