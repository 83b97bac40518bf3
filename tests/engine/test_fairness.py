"""The commit-reveal checks of `engine.core.fairness`: the server's secret and every seat's entropy."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from vegas_table.engine.core.fairness import check_entropies, check_reveal, commitment, game_seed

SERVER_SEED = "ab" * 32
ENTROPIES = ["red's dice", "", "blue 🎲"]
COMMITMENTS = [commitment(e) for e in ENTROPIES]
SEED = game_seed(SERVER_SEED, ENTROPIES)


def test_every_entropy_matching_its_commitment_is_proven() -> None:
    assert check_reveal(SERVER_SEED, commitment(SERVER_SEED), ENTROPIES, SEED, COMMITMENTS) == []


def test_an_entropy_other_than_the_committed_one_is_caught() -> None:
    entropies = [ENTROPIES[0], "chosen later", ENTROPIES[2]]
    problems = check_reveal(SERVER_SEED, commitment(SERVER_SEED), entropies, game_seed(SERVER_SEED, entropies),
                            COMMITMENTS)
    assert problems == ["seat 1's entropy does not match the commitment it made when joining"]


def test_a_commitment_changed_after_the_game_is_caught() -> None:
    commitments = [COMMITMENTS[0], COMMITMENTS[1], commitment("something else")]
    problems = check_reveal(SERVER_SEED, commitment(SERVER_SEED), ENTROPIES, SEED, commitments)
    assert problems == ["seat 2's entropy does not match the commitment it made when joining"]


def test_a_withheld_entropy_is_empty_whatever_was_committed() -> None:
    entropies = [ENTROPIES[0], ENTROPIES[1], ""]
    assert check_entropies(COMMITMENTS, entropies, withheld={2}) == []
    assert check_entropies(COMMITMENTS, ENTROPIES, withheld={2}) == [
        "seat 2 withheld its entropy, so its entropy must be \"\""]


def test_one_commitment_per_seat() -> None:
    assert check_entropies(COMMITMENTS[:2], ENTROPIES) == [
        "there are 2 entropy commitments for 3 entropies (one per seat)"]


def test_without_entropy_commitments_only_the_server_seed_is_checked() -> None:
    assert check_reveal(SERVER_SEED, commitment(SERVER_SEED), ENTROPIES, SEED) == []
    assert check_reveal("cd" * 32, commitment(SERVER_SEED), ENTROPIES, SEED, COMMITMENTS) == [
        "the revealed server seed does not match the commitment shown before the game",
        "the game's seed is not the one derived from the server seed and the players' entropy"]


@given(st.lists(st.text(max_size=40), min_size=1, max_size=6), st.data())
def test_any_entropy_but_the_committed_one_fails(entropies: list[str], data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, len(entropies) - 1))
    other = data.draw(st.text(max_size=40).filter(lambda text: text != entropies[seat]))
    commitments = [commitment(e) for e in entropies]
    assert check_entropies(commitments, entropies) == []
    changed = [*entropies[:seat], other, *entropies[seat + 1:]]
    assert len(check_entropies(commitments, changed)) == 1
