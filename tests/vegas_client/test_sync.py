"""The blocking facade: a script with no event loop of its own plays a seat to the end of a real game."""

from __future__ import annotations

from pathlib import Path

from tests.server.harness import serving
from vegas_client import NewGame, VegasError
from vegas_client.sync import connect


def test_a_script_plays_a_whole_game_without_an_event_loop(tmp_path: Path) -> None:
    with serving(tmp_path) as server, connect(server.address) as table:
        created = table.create_game(NewGame("lasvegas", "base", 2, bots=(1,), bot_think_ms=0))
        joined = table.join_game(created.game_id, "Script")
        versions, acted = [], 0
        for update in table.follow(created.game_id, joined.token):
            if update.view is not None:  # a lobby update (the seat's own arrival, say) has no version of its own
                versions.append(update.version)
            if joined.seat in update.actors and update.legal:
                try:
                    table.act(created.game_id, joined.seat, joined.token, update.legal[0].text, update.version)
                    acted += 1
                except VegasError as error:  # the updates queued behind this one were already past it
                    assert error.code == "stale_version"
        final = table.get_game(created.game_id)
        revealed = table.replay(created.game_id)
    assert final.status == "finished" and acted > 0 and update.finished
    assert versions == sorted(set(versions)) and versions[-1] == final.version
    assert revealed.replay and revealed.seed
