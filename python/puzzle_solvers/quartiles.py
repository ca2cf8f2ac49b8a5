"""Quartiles: every dictionary word of 1-4 tiles on a board of 20, and the five quartiles.

Errors raise :class:`puzzle_solvers.QuartilesError` naming the tile, line and column.
"""

from ._native import QuartilesError
from ._native import quartiles as _native

Dictionary = _native.Dictionary
MissingQuartile = _native.MissingQuartile
Solution = _native.Solution
solve = _native.solve

__all__ = ["Dictionary", "MissingQuartile", "QuartilesError", "Solution", "solve"]
