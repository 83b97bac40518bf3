"""The `vegas` command, the one entry point: one subcommand per job (serve, play, bot, replay, simulate,
tournament), each in its own module. Nothing imports this package."""
