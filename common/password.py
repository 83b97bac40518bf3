"""What the server and its clients share about the server's password: the gRPC metadata key the client
library sends it under, and how a command reads it from a file."""

from __future__ import annotations

from pathlib import Path

PASSWORD_METADATA = "vegas-password"


def read_password(path: Path, command: str) -> str:
    """The first line of the password file `path`; SystemExit with a sentence if it is missing or empty."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError) as error:
        raise SystemExit(f"{command}: cannot read the password file {path}: {error}") from None
    if not lines or not lines[0]:
        raise SystemExit(f"{command}: the password file {path} is empty: write the password on its first line")
    return lines[0]
