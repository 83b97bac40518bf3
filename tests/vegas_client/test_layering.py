"""The library stands below everything else: importing all of it loads no module of client/, cli/, server/ or
bots/ (it may use engine.core.canonical for the hash and gen's vegas.v1 messages), and configures no logging."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys, structlog
before = structlog.is_configured()
import vegas_client, vegas_client.sync
print(json.dumps({"modules": sorted(sys.modules), "configured": structlog.is_configured() != before}))
"""


def test_the_library_imports_nothing_above_it_and_configures_no_logging() -> None:
    found = json.loads(subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                                      check=True).stdout)
    above = [m for m in found["modules"] if m.split(".")[0] in ("client", "cli", "server", "bots", "replays")]
    assert above == []
    assert not found["configured"]
