"""The secrets a game's record stands for: seat and host tokens."""

from __future__ import annotations

from server.records import new_token


def test_a_new_token_never_begins_with_a_dash_which_a_command_line_would_take_for_an_option() -> None:
    tokens = [new_token() for _ in range(3000)]  # 1 in 64 would begin with "-" if nothing prevented it
    assert not [t for t in tokens if t.startswith("-")]
    assert {len(t) for t in tokens} == {32} and len(set(tokens)) == len(tokens)
