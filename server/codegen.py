"""Generate the Python code of the API from `proto/` (run by `make install`; the drift test runs it too).

The generated modules live only in `gen/` (git-ignored) and are imported as `from vegas.v1 import table_pb2`.
`--link` also drops a `.pth` file into the environment's site-packages so that `gen/` is on every
interpreter's path: the editable install then sees freshly generated code without reinstalling.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"
GEN_DIR = ROOT / "gen"
PATH_FILE = "vegas-table-gen.pth"


def proto_files(proto_dir: Path = PROTO_DIR) -> list[Path]:
    return sorted(proto_dir.glob("vegas/*/*.proto"))


def generate(out_dir: Path, proto_dir: Path = PROTO_DIR) -> list[Path]:
    """Run protoc (from grpcio-tools) over every proto into `out_dir`, replacing what was there."""
    from grpc_tools import protoc

    protos = proto_files(proto_dir)
    if not protos:
        raise SystemExit(f"no .proto files under {proto_dir}")
    shutil.rmtree(out_dir / "vegas", ignore_errors=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    include = str(Path(protoc.__file__).parent / "_proto")  # google/protobuf/*.proto shipped with grpcio-tools
    args = ["protoc", f"-I{proto_dir}", f"-I{include}", f"--python_out={out_dir}", f"--grpc_python_out={out_dir}",
            f"--pyi_out={out_dir}", *(str(p.relative_to(proto_dir)) for p in protos)]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed: see its messages above")
    return generated_files(out_dir)


def generated_files(out_dir: Path) -> list[Path]:
    """The generated sources under `out_dir` (caches and stamps excluded), relative to it."""
    return sorted(p.relative_to(out_dir) for p in out_dir.rglob("*")
                  if p.is_file() and p.suffix in {".py", ".pyi"} and "__pycache__" not in p.parts)


def link(out_dir: Path) -> Path:
    """Put `out_dir` on this environment's import path with a .pth file in site-packages."""
    path_file = Path(sysconfig.get_paths()["purelib"]) / PATH_FILE
    path_file.write_text(f"{out_dir.resolve()}\n", encoding="utf-8")
    return path_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=GEN_DIR, help="where to generate (default: gen/)")
    parser.add_argument("--link", action="store_true", help="also put --out on the environment's import path")
    args = parser.parse_args(argv)
    files = generate(args.out)
    print(f"generated {len(files)} files in {args.out}")
    if args.link:
        print(f"linked {args.out} via {link(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
