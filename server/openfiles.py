"""Open files: the server takes every descriptor the system lets it have, and needs few of its own.

A running game holds no descriptor between its writes (`replays.format.ReplayWriter` opens its file for
each record; syncs open their own), so the server's own descriptors are a few dozen whatever the number of
games: its log, its data dir's lock, the files being written this instant, its threads' pipes. Every other
descriptor is left for connections, so a server full of games still accepts new ones and answers health
checks. The soft limit many systems start processes with (1,024) is raised to the hard one.
"""

from __future__ import annotations

import resource

import structlog

log = structlog.get_logger("vegas.server")

MOST = 1 << 20  # a soft limit no higher than this: an "unlimited" hard limit is not a number setrlimit takes


def raise_open_file_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit; log and return the limit now in
    force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError) as error:  # macOS refuses more than OPEN_MAX: keep what we have
            log.warning("open_files_not_raised", limit=soft, hard=hard, error=str(error))
    log.info("open_files", limit=soft, hard=hard)
    return int(soft)
