"""Sudoku: solve one puzzle, count its solutions, move it by a symmetry, generate distinct
solved grids, solve files.

Puzzles are 81 characters, row by row, ``0`` or ``.`` for a blank (the nine-line form is read
too). Errors raise :class:`puzzle_solvers.SudokuError` naming the line and column.
"""

from ._native import SudokuError
from ._native import sudoku as _native

Finals = _native.Finals
solve = _native.solve
picture = _native.picture
count = _native.count
finals = _native.finals
isomorph = _native.isomorph
solve_file = _native.solve_file
read_file = _native.read_file
solve_chunk = _native.solve_chunk

__all__ = [
    "Finals",
    "SudokuError",
    "count",
    "finals",
    "isomorph",
    "picture",
    "read_file",
    "solve",
    "solve_chunk",
    "solve_file",
]
