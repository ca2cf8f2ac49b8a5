from typing import List, Optional, Sequence, Union

from . import QuartilesError as QuartilesError

class Dictionary:
    """A word list, built once, for any number of ``solve`` calls."""

    def __init__(self, words: Sequence[str]) -> None: ...
    @staticmethod
    def english() -> "Dictionary": ...
    def __len__(self) -> int: ...
    def __contains__(self, word: str) -> bool: ...

class Solution:
    words: List[str]
    """Every word of the board, in search order."""
    quartiles: List[str]
    """The five 4-tile words covering the 20 tiles (the first cover), or ``[]``."""
    covers: List[List[str]]
    """Every cover of the tiles by five 4-tile words."""
    score: int
    tiles: List[str]
    nodes: int
    missing: Optional["MissingQuartile"]
    """When the dictionary lacks one quartile: the four found and the four tiles they leave,
    which must be the fifth; else ``None``."""
    svg: str
    """The board drawn, its quartiles marked, with the words found."""
    def _repr_svg_(self) -> str: ...

class MissingQuartile:
    """The fifth quartile a dictionary lacks (the five always cover the 20 tiles)."""

    found: List[str]
    """The four quartiles found."""
    tiles: List[str]
    """The four tiles left, in board order."""
    spellings: List[str]
    """Their 24 spellings, the most word-like first."""
    @property
    def best(self) -> str:
        """The most word-like spelling."""

def solve(
    tiles: Union[str, Sequence[str]],
    dictionary: Optional[Union[Dictionary, Sequence[str]]] = None,
) -> Solution:
    """Every word of a 20-tile board and its quartiles (English unless ``dictionary``)."""
