"""The build's one hook: every wheel gets the API's Python code, generated from proto/ by proto/codegen.py.

Everything else about the package is in pyproject.toml. The generated code is written into the build
directory only (never into the source tree), so a wheel built from a checkout and one built from the sdist
are the same.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def codegen() -> ModuleType:
    """proto/codegen.py, loaded by path: it is build code, not a module of the installed package."""
    spec = importlib.util.spec_from_file_location("vegas_table_codegen", HERE / "proto" / "codegen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPyWithApi(build_py):
    """`build_py`, then the API's generated package into the build directory (an editable install has the
    checkout's own, from `make gen`)."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            codegen().generate(Path(self.build_lib))


if __name__ == "__main__":  # as the build runs it; the tests load `codegen` from here without building
    setup(cmdclass={"build_py": BuildPyWithApi})
