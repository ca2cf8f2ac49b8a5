from typing import List, Tuple

from . import HamiltonError as HamiltonError
from . import Impossible as Impossible

def solve(grid: str) -> List[Tuple[int, int]]:
    """A path through every tile, as (row, col) cells from the start; raises Impossible."""

def count(grid: str) -> int:
    """The exact number of paths from the start (from every start if there is none)."""
