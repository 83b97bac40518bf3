"""Replay files: the record of a game that anyone can re-run and verify (format in docs/REPLAY_FORMAT.md)."""
