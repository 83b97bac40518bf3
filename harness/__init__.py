"""Development harnesses that hold the server to its promises under faults and load (`make chaos`,
`make load`): run as `python -m harness.chaos` and `python -m harness.load`, never installed."""
