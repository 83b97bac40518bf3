"""`python -m vegas_table`: the `vegas` command, for where its script is not on the PATH."""

import sys

from vegas_table.cli.main import main

sys.exit(main())
