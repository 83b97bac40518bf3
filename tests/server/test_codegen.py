"""The generated API code in gen/ is exactly what proto/ gives today: they can never drift apart."""

from __future__ import annotations

from pathlib import Path

from server.codegen import GEN_DIR, generate, generated_files


def test_gen_matches_what_proto_generates(tmp_path: Path) -> None:
    fresh = generate(tmp_path)
    assert GEN_DIR.is_dir(), "gen/ is missing: run `make install` (it generates the API code from proto/)"
    assert generated_files(GEN_DIR) == fresh, "gen/ holds other files than proto/ generates: run `make gen`"
    stale = [str(p) for p in fresh if (GEN_DIR / p).read_bytes() != (tmp_path / p).read_bytes()]
    assert not stale, f"gen/ differs from what proto/ generates in {stale}: run `make gen`, never edit gen/"


def test_generated_code_is_importable_as_vegas_v1() -> None:
    from vegas.v1 import table_pb2, table_pb2_grpc

    assert table_pb2.DESCRIPTOR.package == "vegas.v1"
    assert hasattr(table_pb2_grpc, "VegasTableStub")
