"""Generate the Python code of the API from `proto/`: the build runs it (setup.py, into the wheel) and so does
`make gen` (into the checkout's `vegas_table/api/`, git-ignored); never edited, never committed.

The generated package is `vegas_table.api.v1` (`from vegas_table.api.v1 import table_pb2`), with the `.proto`
beside it so that an installed package carries its own API definition. The protobuf package stays `vegas.v1`:
only the Python import path is the project's own (protoc maps `proto/vegas` onto `vegas_table/api`).

This module needs grpcio-tools and nothing of the project: it is build code, not part of the installed product.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"
API_PACKAGE = Path("vegas_table", "api")  # where the generated code goes, under the output directory


def proto_files(proto_dir: Path = PROTO_DIR) -> list[Path]:
    return sorted(proto_dir.glob("vegas/*/*.proto"))


def generate(out_dir: Path, proto_dir: Path = PROTO_DIR) -> list[Path]:
    """Run protoc (from grpcio-tools) over every proto into `out_dir/vegas_table/api/`, replacing what was
    there; return the files written, relative to `out_dir`."""
    from grpc_tools import protoc

    protos = proto_files(proto_dir)
    if not protos:
        raise SystemExit(f"no .proto files under {proto_dir}")
    api_dir = out_dir / API_PACKAGE
    shutil.rmtree(api_dir, ignore_errors=True)
    api_dir.mkdir(parents=True)
    include = str(Path(protoc.__file__).parent / "_proto")  # google/protobuf/*.proto shipped with grpcio-tools
    args = ["protoc", f"-I{API_PACKAGE.as_posix()}={proto_dir / 'vegas'}", f"-I{include}",
            f"--python_out={out_dir}", f"--grpc_python_out={out_dir}", f"--pyi_out={out_dir}", *map(str, protos)]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed: see its messages above")
    for proto in protos:
        shutil.copyfile(proto, api_dir / proto.relative_to(proto_dir / "vegas"))
    for package in sorted({p.parent for p in api_dir.rglob("*.py")} | {api_dir}):
        (package / "__init__.py").write_text('"""Generated from proto/ by the build: never edit."""\n',
                                            encoding="utf-8")
    return generated_files(out_dir)


def generated_files(out_dir: Path) -> list[Path]:
    """The generated files under `out_dir`'s API package (caches excluded), relative to `out_dir`."""
    return sorted(p.relative_to(out_dir) for p in (out_dir / API_PACKAGE).rglob("*")
                  if p.is_file() and p.suffix in {".py", ".pyi", ".proto"} and "__pycache__" not in p.parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="the directory that holds vegas_table/ "
                        "(default: this checkout)")
    args = parser.parse_args(argv)
    files = generate(args.out)
    print(f"generated {len(files)} files in {args.out / API_PACKAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
