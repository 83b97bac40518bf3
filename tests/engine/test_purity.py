"""The engine is a pure library: standard library only, no I/O, no clock, no global random."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from vegas_table import engine

ENGINE = Path(engine.__file__).parent
FORBIDDEN_MODULES = {"random", "time", "datetime", "os", "io", "pathlib", "socket", "subprocess", "threading",
                     "asyncio", "secrets", "uuid", "logging", "shutil", "tempfile", "sys", "timeit"}
FORBIDDEN_CALLS = {"open", "print", "input", "hash", "id", "eval", "exec"}
# Optional accelerators: imported only under `try: ... except ImportError:`, with a standard-library path
# that gives the same results (tests/engine/test_canonical.py checks the bytes are the same).
OPTIONAL_ACCELERATORS = {"core/canonical.py": {"orjson"}}


def _modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def _optional_imports(tree: ast.AST) -> set[int]:
    """Line numbers of imports guarded by `except ImportError`."""
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(isinstance(h.type, ast.Name) and h.type.id == "ImportError"
                                             for h in node.handlers):
            guarded |= {n.lineno for stmt in node.body for n in ast.walk(stmt) if isinstance(n, ast.Import)}
    return guarded


def test_engine_imports_only_the_standard_library() -> None:
    for path in _modules():
        tree = ast.parse(path.read_text(), str(path))
        optional = _optional_imports(tree)
        allowed = OPTIONAL_ACCELERATORS.get(path.relative_to(ENGINE).as_posix(), set())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                where = f"{path.relative_to(ENGINE.parent)}:{node.lineno}"
                if top in allowed and node.lineno in optional:
                    continue
                inside = name == engine.__name__ or name.startswith(f"{engine.__name__}.")
                assert inside or top in sys.stdlib_module_names, f"{where} imports {name}"
                assert top not in FORBIDDEN_MODULES, f"{where} imports {name}: the engine does no I/O or clock"


def test_engine_calls_no_io_and_no_identity_hash() -> None:
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                where = f"{path.relative_to(ENGINE.parent)}:{node.lineno}"
                assert node.func.id not in FORBIDDEN_CALLS, f"{where} calls {node.func.id}()"
