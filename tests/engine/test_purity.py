"""The engine is a pure library: standard library only, no I/O, no clock, no global random."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent
FORBIDDEN_MODULES = {"random", "time", "datetime", "os", "io", "pathlib", "socket", "subprocess", "threading",
                     "asyncio", "secrets", "uuid", "logging", "shutil", "tempfile", "sys", "timeit"}
FORBIDDEN_CALLS = {"open", "print", "input", "hash", "id", "eval", "exec"}


def _modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_engine_imports_only_the_standard_library() -> None:
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                where = f"{path.relative_to(ENGINE.parent)}:{node.lineno}"
                assert top == "engine" or top in sys.stdlib_module_names, f"{where} imports {name}"
                assert top not in FORBIDDEN_MODULES, f"{where} imports {name}: the engine does no I/O or clock"


def test_engine_calls_no_io_and_no_identity_hash() -> None:
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                where = f"{path.relative_to(ENGINE.parent)}:{node.lineno}"
                assert node.func.id not in FORBIDDEN_CALLS, f"{where} calls {node.func.id}()"
