"""The log sink: lines batched off the caller's thread, nothing lost on a normal end, JSON for any value."""

from __future__ import annotations

import io
import json
import time

import pytest
import structlog

from vegas_table.common.logs import MAX_FIELD, BatchedLines, configure_logging, flush_logs, json_line


def test_batched_lines_are_written_by_the_sink_thread_without_a_flush() -> None:
    out = io.StringIO()
    sink = BatchedLines(out, interval=0.01)
    try:
        sink.write("one\n")
        sink.flush()  # what a logger does after each line: costs nothing, writes nothing yet
        deadline = time.monotonic() + 5
        while out.getvalue() != "one\n" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert out.getvalue() == "one\n"
    finally:
        sink.close()


def test_closing_the_sink_writes_what_is_pending_in_order() -> None:
    out = io.StringIO()
    sink = BatchedLines(out, interval=60)  # the thread would not write for a minute
    for n in range(100):
        sink.write(f"{n}\n")
    assert out.getvalue() == ""
    sink.close()
    assert out.getvalue() == "".join(f"{n}\n" for n in range(100))
    sink.write("after\n")  # a line logged after the end is not lost either
    sink.drain()
    assert out.getvalue().endswith("after\n")


def test_json_lines_take_what_orjson_refuses() -> None:
    assert json.loads(json_line({"a": 1, "b": "é"})) == {"a": 1, "b": "é"}
    assert json.loads(json_line({"big": 2**70})) == {"big": 2**70}  # beyond 64 bits: the standard library
    assert json.loads(json_line({"x": object()}, default=lambda value: "object")) == {"x": "object"}


def test_structlog_lines_reach_the_stream() -> None:
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        structlog.get_logger("test").info("hello", seat=2)
        flush_logs()
        line = json.loads(out.getvalue())
        assert (line["event"], line["seat"], line["level"]) == ("hello", 2, "info")
    finally:
        configure_logging(level="warning")


def _fail_holding(secret: str) -> None:
    token = secret  # a local of the failing frame, as a request's frames hold seat tokens and seeds
    raise ValueError(f"failed with a token of {len(token)} characters")


@pytest.mark.parametrize("json_mode", [True, False], ids=["json", "console"])
def test_tracebacks_keep_file_line_and_function_but_never_locals(json_mode: bool) -> None:
    out = io.StringIO()
    configure_logging(json=json_mode, stream=out)
    try:
        try:
            _fail_holding("a-seat-token-xyz")
        except ValueError:
            structlog.get_logger("test").exception("failed")
        flush_logs()
    finally:
        configure_logging(level="warning")
    text = out.getvalue()
    assert "a-seat-token-xyz" not in text
    assert "test_logs.py" in text and "_fail_holding" in text and "failed with a token of 16 characters" in text
    if json_mode:
        [stack] = json.loads(text)["exception"]
        assert stack["frames"][-1]["function"] == "_fail_holding" and stack["frames"][-1]["line"] > 0


@pytest.mark.parametrize("json_mode", [True, False], ids=["json", "console"])
def test_every_logged_field_is_cut_short_with_its_length_noted(json_mode: bool) -> None:
    out = io.StringIO()
    configure_logging(json=json_mode, stream=out)
    try:
        names = ["m" * 1000] * 3000
        structlog.get_logger("test").info("request", name="n" * 3_000_000, names=names, seat=2)
        flush_logs()
    finally:
        configure_logging(level="warning")
    text = out.getvalue()
    assert len(text) < 2 * MAX_FIELD + 200
    assert "n" * MAX_FIELD + "… (3000000 characters)" in text
    assert f"… ({len(str(names))} characters)" in text
    assert "seat=2" in text or '"seat":2' in text
