"""The layers of docs/DEVELOPING.md hold: import-linter checks the contracts in pyproject.toml
([tool.importlinter]) against every import in the code, functions' own imports included."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_imports_only_the_layers_below_it() -> None:
    checked = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-cache"], cwd=ROOT,
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "0 broken" in checked.stdout
