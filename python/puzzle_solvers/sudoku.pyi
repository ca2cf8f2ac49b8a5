from os import PathLike
from typing import Iterator, List, Literal, Optional, Tuple, TypedDict, Union

from . import Picture
from . import SudokuError as SudokuError

_Path = Union[str, "PathLike[str]"]

class SolveReport(TypedDict):
    puzzles: int
    unique: int
    guesses: int
    anomalies: List[Tuple[int, Literal["none", "several"]]]

class Finals(Iterator[str]):
    """Distinct solved grids as 81-digit strings, in the crate's fixed order."""

    @property
    def position(self) -> int: ...
    def __iter__(self) -> "Finals": ...
    def __next__(self) -> str: ...

def solve(puzzle: str) -> str:
    """The solution of an 81-character puzzle (``0`` or ``.`` blanks) as 81 digits."""

def picture(puzzle: str, solution: Optional[str] = None) -> Picture:
    """The puzzle drawn, with ``solution`` (81 digits) filled in when given."""

def count(puzzle: str, limit: int = 2) -> int:
    """The number of solutions, stopping at ``limit``."""

def finals(n: int, digit: int = 1) -> Finals:
    """The first ``n`` distinct solved grids with ``digit`` in the top-left cell."""

def isomorph(puzzle: str, seed: int, index: int = 0) -> str:
    """Puzzle ``index`` of a run seeded with ``seed``, moved by its own symmetry of sudoku."""

def solve_file(
    path: _Path,
    out: _Path,
    threads: int = 1,
    input_format: Optional[Literal["line", "grid"]] = None,
    output_format: Optional[Literal["line", "grid"]] = None,
) -> SolveReport:
    """Solves every puzzle of ``path`` into ``out``, in input order, a batch at a time.

    ``out`` is replaced only once complete: an error or a Ctrl-C leaves the old file.
    Raises ``SudokuError`` for malformed or empty input, ``OSError`` when the system refuses.
    """

def read_file(
    path: _Path, input_format: Optional[Literal["line", "grid"]] = None
) -> Tuple[List[str], Literal["line", "grid"]]:
    """The file's puzzles as 81-character lines, and the file's format."""

class ChunkReport(TypedDict):
    text: bytes
    verdicts: List[Literal["none", "unique", "several"]]
    guesses: int

def solve_chunk(
    puzzles: List[str], output_format: Literal["line", "grid"] = "line"
) -> ChunkReport:
    """A chunk's answers as ``solve_file`` writes them (chunks join in order)."""
