"""A client's long strings reach the log cut short: one request can never write more than a line's worth."""

from __future__ import annotations

import io
import json
from pathlib import Path

import grpc

from tests.server.harness import refusal, serving, stub_for
from vegas_table.api.v1 import table_pb2 as pb
from vegas_table.common.logs import MAX_FIELD, configure_logging, flush_logs

LONG = 3000  # characters: well under the message size limit, ten times a logged field's bound


def test_long_request_fields_are_logged_cut_short_with_their_length(tmp_path: Path) -> None:
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        with serving(tmp_path) as server, stub_for(server.address) as stub:
            requests = [pb.CreateGameRequest(game="g" * LONG, rules="up", players=2),
                        pb.CreateGameRequest(game="lords", rules="r" * LONG, players=2),
                        pb.CreateGameRequest(game="lords", rules="up", players=2,
                                             bots=[pb.BotSeat(seat=0, kind="k" * LONG)])]
            for request in requests:
                assert refusal(stub.CreateGame, request)[0] == grpc.StatusCode.INVALID_ARGUMENT
        flush_logs()
    finally:
        configure_logging(level="warning")
    lines = out.getvalue().splitlines()
    refused = [json.loads(line) for line in lines if '"request"' in line and "INVALID_ARGUMENT" in line]
    assert len(refused) == 3
    for line in refused:
        assert max(len(str(value)) for value in line.values()) <= MAX_FIELD + 30
        assert "characters)" in line["error"]
    assert max(map(len, lines)) < 2 * MAX_FIELD + 400
