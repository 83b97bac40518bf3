"""Every update and action result names the replay's last line as it was once its version was written, so a
client that keeps the last one can tell the replay it is given at the end from one re-chained after."""

from __future__ import annotations

from pathlib import Path

import grpc

from tests.server.harness import create, join_all, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.replays.format import line_hash


def test_each_version_names_the_replay_line_written_for_it(tmp_path: Path) -> None:
    with serving(tmp_path) as server, stub_for(server.address) as stub:
        created = create(stub, players=2, bots=(1,))
        updates = stub.Watch(pb.WatchRequest(game_id=created.game_id))
        token = join_all(stub, created.game_id, (0,))[0]
        seen: dict[int, str] = {}
        acted: dict[int, str] = {}
        for update in updates:
            if update.WhichOneof("body") == "lobby":
                assert update.record_hash == ""
                continue
            seen[update.version] = update.record_hash
            if 0 in update.actors and update.status == pb.GAME_STATUS_RUNNING:
                legal = stub.ListLegalActions(pb.ListLegalActionsRequest(game_id=created.game_id, seat_token=token))
                first = legal.actions[0]
                action = f"{first.text.rsplit(' ', 1)[0]} {first.range.low}" if first.HasField("range") else first.text
                try:
                    result = stub.SubmitAction(pb.SubmitActionRequest(game_id=created.game_id, seat_token=token,
                                                                      action=action, based_on_version=legal.version))
                except grpc.RpcError:  # the bot moved first (a stale version): the next update comes anyway
                    continue
                acted[result.version] = result.record_hash
        replay = stub.GetReplay(pb.GetReplayRequest(game_id=created.game_id)).replay

    lines = replay.split(b"\n")[:-1]
    last = max(seen)
    assert seen[0] == line_hash(lines[0]) and seen[last] == line_hash(lines[-1])  # the header; the end record
    assert all(seen[v] == line_hash(lines[v]) for v in seen if v != last)
    assert acted and all(acted[v] == seen[v] for v in acted)
