"""Fast, exact puzzle solvers from Rust: one submodule per puzzle.

- :mod:`puzzle_solvers.quartiles`: every word of a Quartiles board and its five quartiles.
- :mod:`puzzle_solvers.sudoku`: solve, count, generate solved grids, solve files.
- :mod:`puzzle_solvers.slide`: optimal solutions of 8-, 15- and other sliding puzzles.
- :mod:`puzzle_solvers.hamilton`: block-fill paths, their number, proofs of impossibility.
- :mod:`puzzle_solvers.eternity`: Eternity II puzzles and their resumable, picklable search.
- :mod:`puzzle_solvers.eternity_codegen`: a stand-alone Rust solver program for one puzzle.
- :mod:`puzzle_solvers.notebook`: a search stepped with a live progress bar; every board and
  solution draws itself in Jupyter (``_repr_svg_``).

Every long call releases the GIL while it searches and answers Ctrl-C with a
``KeyboardInterrupt`` within a few hundredths of a second. Bad input raises the crate's
exception, a :class:`ValueError` subclass whose message names the line, column, cell or tile.
"""

from ._native import (
    CodegenError,
    EternityError,
    HamiltonError,
    Impossible,
    Picture,
    QuartilesError,
    SlideError,
    SudokuError,
)
from . import eternity, eternity_codegen, hamilton, notebook, quartiles, slide, sudoku

__version__ = "0.1.0"

__all__ = [
    "CodegenError",
    "EternityError",
    "HamiltonError",
    "Impossible",
    "Picture",
    "QuartilesError",
    "SlideError",
    "SudokuError",
    "eternity",
    "eternity_codegen",
    "hamilton",
    "notebook",
    "quartiles",
    "slide",
    "sudoku",
]
