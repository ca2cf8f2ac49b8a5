"""Sliding-tile puzzles (8, 15 and any W x H up to 5x5): optimal solutions.

Errors raise :class:`puzzle_solvers.SlideError` naming the column at fault.

:class:`Plan` cuts one IDA* iteration into :class:`Part` objects that run anywhere (they
pickle as their checkpoint text); the parts' node counts add up exactly to the serial run's
(:attr:`Solution.iterations`), and the first part in order that finds a solution returns the
serial solution.
"""

from ._native import SlideError
from ._native import slide as _native

Solution = _native.Solution
solve = _native.solve
Plan = _native.Plan
Cut = _native.Cut
Part = _native.Part

__all__ = ["Cut", "Part", "Plan", "SlideError", "Solution", "solve"]
