"""The family's searches on a Dask cluster: exact totals from many machines.

Each search is cut into many more independent parts than there are workers (the family's
``Split``), each part a Dask task; results are gathered once per part, in serial order, so
the totals are the single-process run's, also when a worker dies mid-task (Dask reruns its
tasks elsewhere). With a checkpoint directory shared by every worker, finished parts and the
continuations of long-running ones are kept, and a rerun resumes from them.

- :func:`eternity.solve` — Eternity II, every solution or the first;
- :func:`slide.solve` — IDA* for sliding puzzles, each threshold's subtrees as tasks;
- :func:`hamilton.count` — block fill: every path counted (or listed) by prefix;
- :func:`sudoku.solve_file` — a large puzzle file in chunks, byte-identical output.

Each takes a ``distributed.Client`` (:func:`connect` makes one, or a local cluster). The
command line is ``python -m puzzle_solvers.distributed {eternity,slide,hamilton,sudoku} ...``.
Needs the optional dependency ``distributed`` (``pip install "puzzle-solvers-rs[distributed]"``).
"""

from . import eternity, hamilton, slide, sudoku
from .cluster import connect
from .store import RunMismatch, Store

__all__ = ["RunMismatch", "Store", "connect", "eternity", "hamilton", "slide", "sudoku"]
