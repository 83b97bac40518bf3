"""What the server and its command-line clients share about the server's password: its metadata key (the
client library's, which sends it) and how a command reads it from a file."""

from __future__ import annotations

from pathlib import Path

from vegas_client.client import PASSWORD_METADATA_KEY as PASSWORD_METADATA

__all__ = ["PASSWORD_METADATA", "read_password"]


def read_password(path: Path, command: str) -> str:
    """The first line of the password file `path`; SystemExit with a sentence if it is missing or empty."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError) as error:
        raise SystemExit(f"{command}: cannot read the password file {path}: {error}") from None
    if not lines or not lines[0]:
        raise SystemExit(f"{command}: the password file {path} is empty: write the password on its first line")
    return lines[0]
