"""Block fill: a path from the start through every tile once, the number of such paths, and
proofs that there is none (:class:`Impossible`, with ``.reason``), uniformly random paths
(:func:`sample`), how many paths use each edge (:func:`edge_counts`); :class:`Paths`, every
path in a fixed order, cut by :meth:`Paths.split` into parts that run anywhere.

Grids are text, one line per row: ``x`` a tile, ``X`` the start, ``E`` a required end, a space
a gap. Malformed grids raise :class:`puzzle_solvers.HamiltonError` naming line and column.
"""

from ._native import HamiltonError, Impossible
from ._native import hamilton as _native

solve = _native.solve
picture = _native.picture
count = _native.count
sample = _native.sample
edge_counts = _native.edge_counts
Paths = _native.Paths


def _restore_part(grid, depth, index):  # type: ignore[no-untyped-def]
    """Unpickles a :class:`Paths` (its grid, split depth and part index)."""
    return _native._restore(grid, depth, index)


__all__ = [
    "HamiltonError",
    "Impossible",
    "Paths",
    "count",
    "edge_counts",
    "picture",
    "sample",
    "solve",
]
