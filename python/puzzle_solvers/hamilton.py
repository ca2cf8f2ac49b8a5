"""Block fill: a path from the start through every tile once, the number of such paths, and
proofs that there is none (:class:`Impossible`, with ``.reason``).

Grids are text, one line per row: ``x`` a tile, ``X`` the start, ``E`` a required end, a space
a gap. Malformed grids raise :class:`puzzle_solvers.HamiltonError` naming line and column.
"""

from ._native import HamiltonError, Impossible
from ._native import hamilton as _native

solve = _native.solve
count = _native.count

__all__ = ["HamiltonError", "Impossible", "count", "solve"]
