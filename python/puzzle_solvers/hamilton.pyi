from typing import Dict, List, Literal, Optional, Tuple

from . import HamiltonError as HamiltonError
from . import Impossible as Impossible
from . import Picture

def solve(grid: str) -> List[Tuple[int, int]]:
    """A path through every tile, as (row, col) cells from the start; raises Impossible."""

def picture(grid: str, path: Optional[List[Tuple[int, int]]] = None) -> Picture:
    """The grid drawn, with ``path`` (from ``solve`` or ``sample``) when given."""

def count(grid: str, max_states: Optional[int] = None) -> int:
    """The exact number of paths from the start (from every start if there is none).

    ``max_states`` caps the count's memory (frontier states held at once, some 70 bytes
    each); a grid that needs more raises ``HamiltonError``."""

def sample(
    grid: str, k: int, seed: Optional[int] = None, max_states: Optional[int] = None
) -> List[List[Tuple[int, int]]]:
    """``k`` paths (at most 1,000,000) drawn uniformly at random from all of them, each as
    (row, col) cells like ``solve``'s; the same ``seed`` gives the same paths. Without a
    start the paths are undirected, read from the end first in reading order (to ``E`` when
    marked). Empty when the grid has no path."""

def edge_counts(
    grid: str, max_states: Optional[int] = None
) -> Tuple[int, Dict[Tuple[Tuple[int, int], Tuple[int, int]], int]]:
    """``(total, edges)``: how many paths use each edge between two tiles (the upper or left
    tile first), for the edges some path uses; an edge used by ``total`` paths is forced."""

class Paths:
    """Every path in the crate's fixed order, or one part of a split of that enumeration."""

    def __init__(self, grid: str) -> None: ...
    def split(self, depth: int) -> List["Paths"]:
        """Parts by prefixes of ``depth`` decisions, in order; counts add up exactly."""
    def run(
        self, nodes: Optional[int] = None, seconds: Optional[float] = None, keep: bool = False
    ) -> Literal["paused", "finished"]:
        """Runs to the end or the budget, counting paths (keeping them with ``keep``)."""
    @property
    def nodes(self) -> int: ...
    @property
    def found(self) -> int: ...
    @property
    def paths(self) -> List[str]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def index(self) -> int: ...
    @property
    def depth(self) -> Optional[int]: ...
    @property
    def prefix_nodes(self) -> int: ...
    @property
    def grid(self) -> str: ...
