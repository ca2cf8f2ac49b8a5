"""Sliding-tile puzzles (8, 15 and any W x H up to 5x5): optimal solutions.

Errors raise :class:`puzzle_solvers.SlideError` naming the column at fault.
"""

from ._native import SlideError
from ._native import slide as _native

Solution = _native.Solution
solve = _native.solve

__all__ = ["SlideError", "Solution", "solve"]
