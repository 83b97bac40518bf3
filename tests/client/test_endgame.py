"""Proving a finished game fair from the client's side: every check passes on an honest reveal and each
catches its own kind of lie."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from tests.replays.tampering import edit_record
from vegas_client.data import Revealed
from vegas_table.bots.base import concrete
from vegas_table.client.endgame import Witnessed, check_finished_game
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.engine.core.fairness import commitment, game_seed
from vegas_table.replays.format import line_hash
from vegas_table.replays.recorder import RecordedMatch

SERVER_SEED = "ab" * 32
ENTROPIES = ("mine", "", "theirs")


def finished_game(tmp_path: Path, more_meta: dict[str, Any] | None = None) -> tuple[Revealed, dict[str, Any]]:
    """A whole recorded 3-player game with a committed seed, the reveal, and seat 0's final view."""
    seed = game_seed(SERVER_SEED, ENTROPIES)
    meta = {"commitment": commitment(SERVER_SEED), "entropies": list(ENTROPIES), **(more_meta or {})}
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


def committed_game(tmp_path: Path) -> tuple[Revealed, dict[str, Any], Witnessed]:
    """A game as a server writes it now (every seat's commitment to its entropy in the header), and what
    seat 0's client saw: the commitments before revealing, the end record's hash with the last update."""
    promised = [commitment(e) for e in ENTROPIES]
    revealed, view = finished_game(tmp_path, {"entropy_commitments": promised, "withheld": []})
    lines = revealed.replay.split(b"\n")[:-1]
    return revealed, view, Witnessed(tuple(promised), len(lines) - 2, line_hash(lines[-1]), finished=True)


def test_what_the_client_witnessed_is_in_an_honest_replay(tmp_path: Path) -> None:
    revealed, view, witnessed = committed_game(tmp_path)
    found = {f.text: f.ok for f in check_finished_game(revealed, revealed.commitment, 0, "mine", view, witnessed)}
    assert all(found.values()), found
    assert "every seat's commitment in the replay is the one you saw before revealing" in found
    assert any("holds the record you saw last" in text for text in found)


def test_a_replay_rechained_after_the_game_fails_on_the_record_the_client_kept(tmp_path: Path) -> None:
    """Seat 2's name changed in the header and every `prev` rewritten: the file still verifies, but its last
    line is not the one the server named during the game."""
    revealed, view, witnessed = committed_game(tmp_path)
    forged = edit_record(revealed.replay, 1, lambda r: r["names"].__setitem__(2, "Somebody else"))
    found = {f.text: f.ok for f in check_finished_game(dataclasses.replace(revealed, replay=forged),
                                                       revealed.commitment, 0, "mine", view, witnessed)}
    assert any(text.startswith("replay verified") and ok for text, ok in found.items())  # the chain was redone
    version = witnessed.version
    assert found[f"the replay's record at version {version} is not the one the server showed you: the file was "
                 "changed (and re-chained) after the game"] is False


def test_a_commitment_other_than_the_one_seen_fails(tmp_path: Path) -> None:
    revealed, view, witnessed = committed_game(tmp_path)
    seen = dataclasses.replace(witnessed, commitments=(commitment("x"), *witnessed.commitments[1:]),
                               record_hash="")
    found = {f.text: f.ok for f in check_finished_game(revealed, revealed.commitment, 0, "mine", view, seen)}
    assert found["the replay's entropy commitments are not the ones you saw before revealing"] is False
    assert found["seat 0's entropy does not match the commitment it made when joining"] is False
