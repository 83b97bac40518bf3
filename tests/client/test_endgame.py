"""Proving a finished game fair from the client's side: every check passes on an honest reveal and each
catches its own kind of lie."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from bots.base import concrete
from client.endgame import check_finished_game
from engine import GameConfig, Match, get_game
from engine.core.fairness import commitment, game_seed
from replays.recorder import RecordedMatch
from vegas_client.data import Revealed

SERVER_SEED = "ab" * 32
ENTROPIES = ("mine", "", "theirs")


def finished_game(tmp_path: Path) -> tuple[Revealed, dict[str, Any]]:
    """A whole recorded 3-player game with a committed seed, the reveal, and seat 0's final view."""
    seed = game_seed(SERVER_SEED, ENTROPIES)
    meta = {"commitment": commitment(SERVER_SEED), "entropies": list(ENTROPIES)}
    recorded = RecordedMatch(Match(get_game("lords"), GameConfig("lords", "up", 3, seed=seed)), tmp_path / "g.jsonl",
                             fsync=False, meta=meta)
    rng = random.Random(5)
    match = recorded.match
    while not match.over:
        seat = match.actors()[0]
        recorded.play(seat, concrete(rng.choice(match.legal_actions(seat)), rng))
    data = (tmp_path / "g.jsonl").read_bytes()
    return Revealed(data, SERVER_SEED, commitment(SERVER_SEED), ENTROPIES, seed), match.view(0)


def verdicts(revealed: Revealed, view: dict[str, Any], shown: str = "", entropy: str = "mine") -> dict[str, bool]:
    return {f.text: f.ok for f in check_finished_game(revealed, shown or revealed.commitment, 0, entropy, view)}


def test_an_honest_game_passes_every_check(tmp_path: Path) -> None:
    revealed, view = finished_game(tmp_path)
    found = verdicts(revealed, view)
    assert all(found.values()), found
    assert len(found) == 5


def test_a_secret_that_does_not_match_the_commitment_shown_fails(tmp_path: Path) -> None:
    revealed, view = finished_game(tmp_path)
    found = verdicts(revealed, view, shown=commitment("another secret"))
    assert found["the revealed server seed does not match the commitment shown before the game"] is False


def test_a_seat_entropy_that_is_not_ours_fails(tmp_path: Path) -> None:
    revealed, view = finished_game(tmp_path)
    found = verdicts(revealed, view, entropy="something else")
    assert found["the entropy recorded for your seat is not the one this client sent"] is False


def test_an_edited_replay_fails(tmp_path: Path) -> None:
    revealed, view = finished_game(tmp_path)
    lines = revealed.replay.splitlines()
    lines[3] = lines[3].replace(b'"seat":', b'"seat": ', 1)  # not canonical any more
    found = verdicts(dataclasses.replace(revealed, replay=b"\n".join(lines) + b"\n"), view)
    assert not all(found.values())
    assert any(text.startswith("the replay does not verify") for text in found)


def test_a_replay_of_another_position_than_the_one_seen_fails(tmp_path: Path) -> None:
    revealed, view = finished_game(tmp_path)
    seen = {**view, "seats": [{**view["seats"][0], "money": view["seats"][0]["money"] + 1}, *view["seats"][1:]]}
    found = verdicts(revealed, seen)
    assert found["the replay's final position differs from what you saw"] is False
