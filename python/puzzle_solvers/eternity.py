"""Eternity II edge-matching: puzzles and their exact depth-first search.

A :class:`Search` is stepped in budgets, reports its progress, saves and resumes through the
family's checkpoint text, splits into independent parts, and pickles (parts included), so it
can be sent to another process or machine. Errors raise :class:`puzzle_solvers.EternityError`.
"""

from ._native import EternityError
from ._native import eternity as _native

Puzzle = _native.Puzzle
Search = _native.Search
load = _native.load

__all__ = ["EternityError", "Puzzle", "Search", "load"]
