"""The benchmarks behind `make bench` and the load generator of `make load` (a development tool, not installed)."""
