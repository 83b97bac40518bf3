"""`python -m benchmarks`: what `make bench` runs, its suites' event loops one shared loop
(`common.loops.shared`)."""

import sys

from benchmarks.run import main
from vegas_table.common import loops

with loops.shared():
    status = main()
sys.exit(status)
