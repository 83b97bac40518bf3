"""This package's installed version, as `vegas --version` shows it and a Ray cluster's workers compare it."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "vegas-table"


def package_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # imported from a checkout that was never installed
        return "unknown (not installed)"
