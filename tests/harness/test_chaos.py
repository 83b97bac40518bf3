"""The short form of `make chaos`: a real `vegas serve` SIGKILLed 3 times while two games at a time are played
(the first with a `vegas bot` process), restarted each time; nothing acknowledged may be lost."""

from __future__ import annotations

from pathlib import Path

from harness.chaos import Plan, run


def test_sigkills_lose_no_acknowledged_action_and_every_game_finishes(tmp_path: Path) -> None:
    outcome = run(tmp_path, Plan(kills=3, slots=2, bot_process_every=2, gap=(0.2, 0.8), seed=5))
    assert outcome.kills == 3 and outcome.kills_mid_write > 0
    assert outcome.acked > 0 and outcome.lost == 0 and outcome.duplicated == 0
    assert outcome.games >= 2 and outcome.finished == outcome.verified == outcome.games
    assert outcome.bot_processes >= 1 and outcome.bots_died == 0
    assert outcome.client_errors == []
    assert outcome.ok
