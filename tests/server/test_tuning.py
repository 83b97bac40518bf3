"""The collector settings of a server tuned for latency: long-lived objects frozen at each game start, and
the cyclic garbage that freezing keeps collected every so many starts."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from vegas_table.server import tuning


class Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture()
def tuned(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(tuning, "_tuned", True)
    monkeypatch.setattr(tuning, "_settled", 0)
    monkeypatch.setattr(tuning, "FULL_COLLECTION_EVERY", 2)
    try:
        yield
    finally:
        gc.unfreeze()


def test_an_untuned_process_freezes_nothing() -> None:
    frozen = gc.get_freeze_count()
    tuning.settle_long_lived()
    assert gc.get_freeze_count() == frozen


def test_a_game_start_freezes_what_lives_and_every_so_many_starts_collect_what_died(tuned: None) -> None:
    node = Node()
    died = weakref.ref(node)
    tuning.settle_long_lived()  # the first start: the node is frozen with everything else
    assert gc.get_freeze_count() > 0
    del node
    gc.collect()
    assert died() is not None  # frozen: even a full collection does not look at it
    tuning.settle_long_lived()  # the second start: unfreeze, collect everything, freeze again
    assert died() is None
