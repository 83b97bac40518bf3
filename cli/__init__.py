"""The `vegas` command: one entry point, one subcommand per job (simulate, serve, play, bot, replay, bench)."""
