"""The checkout's generated API code (vegas_table/api/) is exactly what proto/ gives today: they never drift."""

from __future__ import annotations

import runpy
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def codegen() -> ModuleType:
    """proto/codegen.py, loaded as the build's hook loads it (setup.py's `codegen`: it is build code, not part
    of the installed package)."""
    hook = runpy.run_path(str(ROOT / "setup.py"), run_name="setup_under_test")
    module: ModuleType = hook["codegen"]()
    return module


def test_generated_code_matches_what_proto_generates(tmp_path: Path) -> None:
    generator = codegen()
    fresh = generator.generate(tmp_path)
    assert (ROOT / generator.API_PACKAGE).is_dir(), "vegas_table/api/ is missing: run `make gen`"
    assert generator.generated_files(ROOT) == fresh, "vegas_table/api/ holds other files: run `make gen`"
    stale = [str(p) for p in fresh if (ROOT / p).read_bytes() != (tmp_path / p).read_bytes()]
    assert not stale, f"vegas_table/api/ differs from what proto/ generates in {stale}: run `make gen`"


def test_generated_code_is_the_vegas_v1_api_under_the_projects_name() -> None:
    from vegas_table.api.v1 import table_pb2, table_pb2_grpc

    assert table_pb2.DESCRIPTOR.package == "vegas.v1"
    assert hasattr(table_pb2_grpc, "VegasTableStub")
    assert (Path(table_pb2.__file__).parent / "table.proto").is_file(), "the .proto ships beside its code"
