"""Games of bots in-process, many at once: one game (`play`), a list of games over this machine's cores or
a Ray cluster (`fanout`), and tournaments with ratings (`tournament`, `ratings`). Every game is fully
determined by its `GameSpec`, so where it runs never changes its result."""
