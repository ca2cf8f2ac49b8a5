"""``python -m puzzle_solvers.distributed``: see :mod:`puzzle_solvers.distributed.cli`."""

import sys

from .cli import main

sys.exit(main())
