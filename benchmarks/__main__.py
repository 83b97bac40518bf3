"""`python -m benchmarks`: what `make bench` runs."""

import sys

from benchmarks.run import main

sys.exit(main())
