from typing import List, Optional, Tuple, Union

from . import SlideError as SlideError

class Solution:
    moves: str
    """The blank's moves as letters ``U``, ``D``, ``L``, ``R``."""
    length: int
    nodes: int
    expanded: int
    tiles: List[int]
    engine: str
    heuristic: str
    def __len__(self) -> int: ...

def solve(
    board: str,
    size: Optional[Union[str, Tuple[int, int]]] = None,
    heuristic: Optional[str] = None,
) -> Solution:
    """An optimal solution towards the goal ``1 2 ... n-1 0`` (blank last)."""
